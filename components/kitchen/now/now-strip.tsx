"use client";

import { useQuery } from "@tanstack/react-query";

import type { KitchenNow, KitchenNowWindow, WindowFigures } from "@/lib/kitchen/contract/kitchen-now";
import { isOpenDayOnly } from "@/lib/kitchen/contract/today-comparison";
import { formatClockTime, formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { beforeFirstTicketWords, nowDelayWords } from "@/lib/kitchen/present/now-words";
import { kitchenNowQuery } from "@/lib/queries/live";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

import styles from "./now-strip.module.css";

/**
 * "Now" on the Kitchen page (issue 34): on Today only, the last 30 minutes per station (p90, late
 * items and tickets, count) and the current hour, with how far behind live the data can be. Its
 * own request (GET .../kitchen/now), so the figures below never wait for it.
 */
export function NowStrip({
  guid,
  timeZone,
  view,
  today,
}: {
  guid: string;
  timeZone: string;
  view: KitchenView;
  today: string;
}) {
  const onToday = isOpenDayOnly(view, today);
  const now = useQuery({ ...kitchenNowQuery(guid), enabled: onToday });
  if (!onToday) return null;
  return (
    <section className={`card ${styles.strip}`} aria-labelledby="now-strip-title" data-testid="now-strip">
      <h2 id="now-strip-title" className={styles.title}>
        Now
      </h2>
      {now.data ? (
        <NowBody now={now.data} timeZone={timeZone} />
      ) : now.isError ? (
        <p className={styles.muted}>The last 30 minutes could not be loaded.</p>
      ) : (
        <p className={styles.muted}>Reading the last 30 minutes…</p>
      )}
    </section>
  );
}

function NowBody({ now, timeZone }: { now: KitchenNow; timeZone: string }) {
  const waiting = beforeFirstTicketWords(now);
  return (
    <>
      <p className={styles.muted} data-testid="now-delay">
        {nowDelayWords(now)}
      </p>
      {waiting ? (
        <p data-testid="now-waiting">{waiting}</p>
      ) : (
        <div className={styles.windows}>
          <WindowTable title="Last 30 minutes" window={now.lastHalfHour} stations />
          <WindowTable
            title={`This hour, since ${formatClockTime(new Date(now.currentHour.from), timeZone)}`}
            window={now.currentHour}
          />
        </div>
      )}
    </>
  );
}

function Cells({ f }: { f: WindowFigures }) {
  return (
    <>
      <td className={styles.number}>{formatCount(f.items)}</td>
      <td className={styles.number} data-late={f.lateItems > 0 || undefined}>
        {formatCount(f.lateItems)}
      </td>
      <td className={styles.number}>
        {formatCount(f.lateTickets)} of {formatCount(f.tickets)}
      </td>
      <td className={styles.number}>{formatDuration(f.p90Seconds)}</td>
    </>
  );
}

function WindowTable({
  title,
  window,
  stations,
}: {
  title: string;
  window: KitchenNowWindow;
  stations?: boolean;
}) {
  if (window.levels.length === 0) return <p className={styles.muted}>{title}: no item fulfilled.</p>;
  return (
    <table className={styles.table}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{stations ? "Station" : "Level"}</th>
          <th scope="col">Items</th>
          <th scope="col">Late items</th>
          <th scope="col">Late tickets</th>
          <th scope="col">p90</th>
        </tr>
      </thead>
      <tbody>
        {window.levels.map((l) => (
          <LevelRows key={l.level} window={window} level={l} stations={stations ?? false} />
        ))}
      </tbody>
    </table>
  );
}

function LevelRows({
  window,
  level,
  stations,
}: {
  window: KitchenNowWindow;
  level: KitchenNowWindow["levels"][number];
  stations: boolean;
}) {
  return (
    <>
      <tr className={styles.levelRow}>
        <th scope="row">{LEVEL_LABELS[level.level]}s, all</th>
        <Cells f={level} />
      </tr>
      {stations
        ? window.stations
            .filter((s) => s.level === level.level)
            .map((s) => (
              <tr key={`${s.level}|${s.stationGuid ?? ""}`}>
                <th scope="row">{s.stationName ?? "No station"}</th>
                <Cells f={s} />
              </tr>
            ))
        : null}
    </>
  );
}
