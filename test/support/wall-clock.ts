import type { RestaurantInfo } from "@/lib/platform/schemas";

/**
 * A restaurant's wall clock read with Intl, for the tests' own oracles: an independent reading of
 * local time, not lib/business-date's. Dates are the contract's yyyymmdd business dates.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The instant's local year, month, day, hour, minute and second, each as two or four digits. */
export function wallParts(timeZone: string, iso: string): Record<string, string> {
  return Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
}

/** "2025-03-07 22:15:09": the instant on the wall clock of `timeZone`. */
export function wallClock(timeZone: string, iso: string): string {
  const p = wallParts(timeZone, iso);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** "2025-03-08" for ("20250307", 1): the calendar day `plus` days after a business date. */
export function calendarDay(date: string, plus: number): string {
  return new Date(Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8) + plus))
    .toISOString()
    .slice(0, 10);
}

const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** The business date's weekday, as a week schedule names it. */
export function weekdayName(date: string): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[new Date(`${calendarDay(date, 0)}T12:00:00Z`).getUTCDay()]!;
}

/**
 * A fulfillments.csv row's service by the schedule of its business date's weekday, read on the
 * restaurant's wall clock ("(none)" outside every service): the oracles' own reading of services,
 * not lib/restaurants/schedule.ts's. A service starting before the closeout hour is the next
 * calendar day's; one that ends at or before its start runs overnight.
 */
export function rowServiceFor(
  info: RestaurantInfo,
  restaurant: { timeZone: string; closeoutHour: number },
): (row: Record<string, string>, date: string) => string {
  const schedules = info.schedules!;
  return (r, date) => {
    const at = r.ticketFiredAt || r.itemStartedAt || r.itemFulfilledAt;
    if (!at) return "(none)";
    const now = wallClock(restaurant.timeZone, at);
    const ref = schedules.weekSchedule![weekdayName(date)];
    const schedule = ref ? schedules.daySchedules![ref] : null;
    const services = [...((schedule && typeof schedule === "object" ? schedule.services : null) ?? [])].sort(
      (a, b) => a!.hours!.startTime!.localeCompare(b!.hours!.startTime!),
    );
    for (const s of services) {
      const start = s!.hours!.startTime!.slice(0, 5);
      const end = s!.hours!.endTime!.slice(0, 5);
      const startDay = Number(start.slice(0, 2)) < restaurant.closeoutHour ? 1 : 0;
      const wraps = s!.overnight === true || end <= start;
      if (
        now >= `${calendarDay(date, startDay)} ${start}:00` &&
        now < `${calendarDay(date, startDay + (wraps ? 1 : 0))} ${end}:00`
      )
        return s!.name!;
    }
    return "(none)";
  };
}
