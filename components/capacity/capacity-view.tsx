"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useQueryStates } from "nuqs";

import card from "@/components/ui/card/table-card.module.css";
import { CsvDownloadLink } from "@/components/ui/csv-download-button";
import { CustomDates } from "@/components/ui/dates/custom-dates";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import report from "@/components/ui/table/report-table.module.css";
import { businessDateToIso } from "@/lib/business-date/business-date";
import type { CapacityInProgress, KitchenCapacity } from "@/lib/kitchen/contract/capacity";
import { presetRange, RANGE_PRESET_LABELS } from "@/lib/kitchen/contract/date-range";
import { KITCHEN_LEVELS, NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";
import { capacitySentence, slotTime } from "@/lib/kitchen/present/capacity-words";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { capacityCsvUrl, kitchenCapacityQuery, type CapacityAsk } from "@/lib/queries/capacity";
import { CAPACITY_RANGES, capacityViewParams } from "@/lib/url-state/capacity-view";

import styles from "./capacity-view.module.css";

// The chart library loads after the page's first paint; the table carries every figure meanwhile.
const CapacityChart = dynamic(() => import("./capacity-chart").then((m) => m.CapacityChart), {
  ssr: false,
  loading: () => <Skeleton height={280} />,
});

type View = ReturnType<typeof useQueryStates<typeof capacityViewParams>>[0];

const stationLabel = (guid: string | null, name: string | null) =>
  name ?? (guid === null ? "No station" : guid);

/**
 * The Capacity page (issue 36): p90 fire to fulfill against the load (items fired per 15-minute
 * slot), the knee and the number for the kitchen-capacity setting in one plain line, the table
 * and CSV behind the chart, and the items in progress per station by hour as a staffing signal.
 */
export function CapacityView({ guid, today }: { guid: string; today: string }) {
  const [view, setView] = useQueryStates(capacityViewParams, { history: "push" });
  const range = view.from && view.to ? { from: view.from, to: view.to } : presetRange(view.range, today);
  const ask: CapacityAsk = { ...range, level: view.level, station: view.station };
  const query = useQuery(kitchenCapacityQuery(guid, ask));
  const answer = query.data;
  const capacity = answer?.ready ? answer.value : null;

  return (
    <section className={`card ${card.tableCard}`} aria-labelledby="capacity-title" data-testid="capacity">
      <div className={card.header}>
        <div>
          <h2 id="capacity-title" className={card.title}>
            {LEVEL_LABELS[view.level]} (L{view.level}): p90 fire to fulfill by load
          </h2>
          <p className={`${card.description} ${styles.description}`}>
            A slot is a quarter hour of the restaurant&apos;s clock on one business date; its load is the
            items whose ticket fired in it. Slots with the same load are taken together, and p90 is over all
            their items. Loads with fewer than {capacity?.minItems ?? 20} items are shown grey and do not set
            the knee.
          </p>
        </div>
        <CapacityTools
          view={view}
          stations={capacity?.stations ?? []}
          onChange={(next) => void setView(next)}
          csvHref={capacityCsvUrl(guid, ask)}
          csvUnavailable={capacity ? undefined : "available once the figures are in"}
        />
      </div>
      {query.isError ? (
        <ErrorState
          title="Capacity could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !answer ? (
        <>
          <Skeleton height={280} />
          <span className="visually-hidden">Loading…</span>
        </>
      ) : !answer.ready ? (
        <p className={styles.status} aria-live="polite" data-testid="capacity-pending">
          Fetching the range&apos;s days: {formatCount(answer.pending.ready)} of{" "}
          {formatCount(answer.pending.total)} in.
        </p>
      ) : (
        <CapacityFigures capacity={answer.value} busy={query.isFetching && query.isPlaceholderData} />
      )}
    </section>
  );
}

function CapacityFigures({ capacity, busy }: { capacity: KitchenCapacity; busy: boolean }) {
  const station = capacity.station
    ? capacity.station === NONE_FILTER
      ? "records without a station"
      : stationLabel(
          capacity.station,
          capacity.stations.find((s) => s.guid === capacity.station)?.name ?? null,
        )
    : null;
  if (capacity.slots.length === 0)
    return (
      <EmptyState title="No items in this range">
        No record at level {capacity.level}
        {station ? ` at ${station}` : ""} fired between {businessDateToIso(capacity.from)} and{" "}
        {businessDateToIso(capacity.to)}. Try another level, station or a longer range.
      </EmptyState>
    );
  return (
    <div aria-busy={busy}>
      <p className={styles.sentence} data-testid="capacity-sentence" aria-live="polite">
        {capacitySentence(capacity, station)}
      </p>
      <p className={styles.status}>
        Business dates {businessDateToIso(capacity.from)} to {businessDateToIso(capacity.to)}, target{" "}
        {formatDuration(capacity.targetSeconds)} (in force on the last date)
        {capacity.stuckCutSeconds === null
          ? "; items left on screen included"
          : `; items over ${formatDuration(capacity.stuckCutSeconds)} count in the load, not in p90`}
        .
      </p>
      <CapacityChart slots={capacity.slots} targetSeconds={capacity.targetSeconds} knee={capacity.knee} />
      <LoadTable capacity={capacity} />
      <InProgressTable rows={capacity.inProgress} days={capacity.days} />
    </div>
  );
}

function LoadTable({ capacity }: { capacity: KitchenCapacity }) {
  return (
    // Focusable, so a keyboard can scroll it sideways on a phone.
    <div className={report.scroll} tabIndex={0} role="region" aria-label="p90 per load">
      <table className={report.table} data-testid="capacity-table">
        <caption className={styles.caption}>p90 fire to fulfill per load</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.num}>
              Items per 15 min
            </th>
            <th scope="col" className={styles.num}>
              Slots
            </th>
            <th scope="col" className={styles.num}>
              Items
            </th>
            <th scope="col" className={styles.num}>
              p90
            </th>
            <th scope="col">Against target</th>
          </tr>
        </thead>
        <tbody>
          {capacity.slots.map((row) => (
            <tr
              key={row.load}
              data-load={row.load}
              data-knee={row.load === capacity.knee || undefined}
              className={`${row.fewItems ? styles.few : ""} ${row.load === capacity.knee ? styles.knee : ""}`}
            >
              <th scope="row" className={styles.num}>
                {formatCount(row.load)}
              </th>
              <td className={styles.num}>{formatCount(row.slots)}</td>
              <td className={styles.num}>{formatCount(row.items)}</td>
              <td className={styles.num}>{formatDuration(row.p90)}</td>
              <td>
                {row.p90 === null ? "no timed item" : row.overTarget ? "over" : "within"}
                {row.fewItems ? " (few items)" : ""}
                {row.load === capacity.knee ? " · knee" : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Mean items in progress per hour of the day (the mean of its four quarters), one column per station. */
function InProgressTable({ rows, days }: { rows: CapacityInProgress[]; days: number }) {
  if (rows.length === 0) return null;
  const hours = Array.from({ length: 24 }, (_, h) => h).filter((h) =>
    rows.some((r) => r.slots.slice(h * 4, h * 4 + 4).some((x) => x > 0)),
  );
  const hourMean = (r: CapacityInProgress, h: number) =>
    Math.round((r.slots.slice(h * 4, h * 4 + 4).reduce((a, b) => a + b, 0) / 4) * 10) / 10;
  return (
    <div className={report.scroll} tabIndex={0} role="region" aria-label="Items in progress by hour">
      <table className={report.table} data-testid="capacity-in-progress">
        <caption className={styles.caption}>
          Items in progress (fired, not yet fulfilled), mean over {formatCount(days)} days, by hour
        </caption>
        <thead>
          <tr>
            <th scope="col">Hour</th>
            {rows.map((r) => (
              <th scope="col" key={r.stationGuid ?? NONE_FILTER} className={styles.num}>
                {stationLabel(r.stationGuid, r.stationName)}
                <span className={styles.muted}>
                  peak {r.peak ? `${r.peak.items} at ${slotTime(r.peak.slot)}` : "—"}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((h) => (
            <tr key={h}>
              <th scope="row">{slotTime(h * 4)}</th>
              {rows.map((r) => (
                <td key={r.stationGuid ?? NONE_FILTER} className={styles.num}>
                  {hourMean(r, h)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Level, station, period (a preset or custom dates) and the CSV. */
function CapacityTools({
  view,
  stations,
  onChange,
  csvHref,
  csvUnavailable,
}: {
  view: View;
  stations: KitchenCapacity["stations"];
  onChange: (next: Partial<View>) => void;
  csvHref: string;
  csvUnavailable: string | undefined;
}) {
  const custom = view.from !== null && view.to !== null;
  const choices =
    view.station && !stations.some((s) => (s.guid ?? NONE_FILTER) === view.station)
      ? [...stations, { guid: view.station, name: null }]
      : stations;
  return (
    <div className={styles.tools}>
      <div role="group" aria-label="Level" className={styles.buttons}>
        {KITCHEN_LEVELS.map((l) => (
          <button
            key={l}
            type="button"
            className="button"
            aria-pressed={view.level === l}
            onClick={() => onChange({ level: l, station: null })}
          >
            L{l} {LEVEL_LABELS[l]}
          </button>
        ))}
      </div>
      <label className={styles.custom}>
        Station{" "}
        <select
          value={view.station ?? ""}
          onChange={(e) => onChange({ station: e.target.value === "" ? null : e.target.value })}
        >
          <option value="">Every station</option>
          {choices.map((s) => (
            <option key={s.guid ?? NONE_FILTER} value={s.guid ?? NONE_FILTER}>
              {stationLabel(s.guid, s.name)}
            </option>
          ))}
        </select>
      </label>
      <div role="group" aria-label="Period" className={styles.buttons}>
        {CAPACITY_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className="button"
            aria-pressed={!custom && view.range === r}
            onClick={() => onChange({ range: r, from: null, to: null })}
          >
            {RANGE_PRESET_LABELS[r]}
          </button>
        ))}
      </div>
      <CustomDates
        key={`${view.from}-${view.to}`}
        from={view.from}
        to={view.to}
        onApply={(from, to) => onChange({ from, to })}
      />
      <CsvDownloadLink href={csvHref} label="Capacity CSV" unavailable={csvUnavailable} />
    </div>
  );
}
