import {
  formatTimeOfDay,
  isoTimeOfDay,
  parseTimeOfDay,
  WEEKDAY_LABELS,
  type ResolvedDay,
  type ResolvedService,
  type Weekday,
} from "@/lib/restaurants/schedule";

import styles from "./info.module.css";

function TimeOfDay({ value }: { value: string | null }) {
  const minutes = parseTimeOfDay(value);
  if (minutes === null) return <>{value ?? "—"}</>;
  return <time dateTime={isoTimeOfDay(minutes)}>{formatTimeOfDay(minutes)}</time>;
}

function Service({ service }: { service: ResolvedService }) {
  return (
    <li className={styles.service} data-testid="service">
      <span className={styles.serviceName} data-testid="service-name">
        {service.name}
      </span>{" "}
      <span className={styles.serviceHours} data-testid="service-hours">
        <TimeOfDay value={service.startTime} />
        {" – "}
        <TimeOfDay value={service.endTime} />
      </span>
      {service.overnight ? (
        <span className={styles.overnight} title="Ends after midnight, on the next calendar day">
          overnight
        </span>
      ) : null}
    </li>
  );
}

/** Monday to Sunday: the schedule each day uses and its services; today's row is marked. */
export function WeekSchedule({ week, today }: { week: ResolvedDay[]; today?: Weekday }) {
  return (
    <div className={styles.tableScroll}>
      <table className={`${styles.table} ${styles.week}`} data-testid="week-schedule">
        <caption className="visually-hidden">Week schedule</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Schedule</th>
            <th scope="col">Services</th>
            <th scope="col">Open</th>
          </tr>
        </thead>
        <tbody>
          {week.map((day) => (
            <tr
              key={day.weekday}
              data-weekday={day.weekday}
              className={day.weekday === today ? styles.today : undefined}
            >
              <th scope="row">
                {WEEKDAY_LABELS[day.weekday]}
                {day.weekday === today ? <span className={styles.todayTag}>today</span> : null}
              </th>
              <td data-testid="schedule-name" data-label="Schedule">
                {day.status === "missing-schedule" ? (
                  <span className={styles.warningText}>
                    “{day.scheduleRef}” is not among the day schedules
                  </span>
                ) : (
                  (day.scheduleName ?? <span className={styles.muted}>Closed</span>)
                )}
              </td>
              <td data-label="Services">
                {day.services.length > 0 ? (
                  <ul className={styles.services}>
                    {day.services.map((s, i) => (
                      <Service key={`${s.name}-${i}`} service={s} />
                    ))}
                  </ul>
                ) : (
                  <span className={styles.muted}>{day.status === "closed" ? "Closed" : "No services"}</span>
                )}
              </td>
              <td className={styles.nowrap} data-label="Open">
                {day.openTime || day.closeTime ? (
                  <>
                    <TimeOfDay value={day.openTime} />
                    {" – "}
                    <TimeOfDay value={day.closeTime} />
                  </>
                ) : (
                  <span className={styles.muted}>—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
