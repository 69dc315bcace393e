"use client";

import { useQueries, type UseQueryResult } from "@tanstack/react-query";
import { useTable, type Column, type ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { Skeleton } from "@/components/ui/states";
import { ariaSort, compareSortKeys, sortArrow, sortingFeatures, sortKey, type SortingFeatures } from "@/components/ui/table-sorting";
import type { KitchenHistory, KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import { presetRange } from "@/lib/kitchen/ui/date-range";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/ui/format";
import { coverageNotes } from "@/lib/kitchen/ui/coverage-notes";
import { pendingOf, readyValue } from "@/lib/kitchen/ui/range-progress";
import { overviewFigures, type OverviewFigure, type OverviewFigures } from "@/lib/kitchen/ui/overview-figures";
import { apiQuery } from "@/lib/url-state/kitchen-view";
import { kitchenHistoryQuery, kitchenSummaryQuery } from "@/lib/queries/kitchen";
import styles from "./kitchen-overview-table.module.css";

export interface OverviewRestaurant {
  guid: string;
  name: string;
  locationName: string;
  archived: boolean;
  kitchenEntitled?: boolean;
  /** Today's business date in the restaurant's zone. */
  today: string;
}

const PERIODS = [
  { key: "yesterday", label: "Yesterday" },
  { key: "7d", label: "Last 7 days" },
] as const;
type Period = (typeof PERIODS)[number]["key"];

const FIGURES: { key: OverviewFigure; label: string; kind: "count" | "duration" | "share" }[] = [
  { key: "items", label: "Items", kind: "count" },
  { key: "p50L0", label: "p50 L0", kind: "duration" },
  { key: "p90L0", label: "p90 L0", kind: "duration" },
  { key: "p50L1", label: "p50 L1", kind: "duration" },
  { key: "p90L1", label: "p90 L1", kind: "duration" },
  { key: "onTimeL0", label: "On time L0", kind: "share" },
  { key: "onTimeL1", label: "On time L1", kind: "share" },
];

type RowState =
  | { kind: "archived" }
  | { kind: "not-entitled" }
  | { kind: "loading"; fetching?: { answered: number; total: number } }
  | { kind: "error"; message: string }
  | { kind: "data"; figures: Record<Period, OverviewFigures | null> };

type SortKey = "name" | `${Period}:${OverviewFigure}`;

function formatFigure(kind: "count" | "duration" | "share", value: number | null): string {
  if (kind === "count") return formatCount(value);
  if (kind === "share") return formatShare(value);
  return formatDuration(value);
}

interface Row {
  restaurant: OverviewRestaurant;
  state: RowState;
}

/** The value a column sorts by: the name, or a figure (none while a row has no figures). */
function sortValue(row: Row, key: SortKey): number | string | null {
  if (key === "name") return row.restaurant.name;
  if (row.state.kind !== "data") return null;
  const [period, figure] = key.split(":") as [Period, OverviewFigure];
  return row.state.figures[period]?.[figure] ?? null;
}

const SORT_KEYS: SortKey[] = ["name", ...PERIODS.flatMap((p) => FIGURES.map((f) => `${p.key}:${f.key}` as const))];

const COLUMNS: ColumnDef<SortingFeatures, Row>[] = SORT_KEYS.map((key) => ({
  id: key,
  accessorFn: (row: Row) => sortKey(sortValue(row, key)),
  // Times and counts read best largest (slowest) first; names A to Z, shares on time lowest first.
  sortDescFirst: !(key === "name" || key.includes("onTime")),
  sortUndefined: "last" as const,
  sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id), "plain"),
}));

function SortHeader({ column, label, className }: { column: Column<SortingFeatures, Row> | undefined; label: string; className?: string }) {
  const direction = ariaSort(column ?? { getIsSorted: () => false });
  return (
    <th scope="col" className={className} aria-sort={direction}>
      <button type="button" className={styles.sort} onClick={() => column?.toggleSorting()}>
        {label}
        <span aria-hidden="true">{sortArrow(direction)}</span>
      </button>
    </th>
  );
}

/** What a restaurant's row shows, from its two periods' queries (a period still being fetched answers 202). */
function rowState(restaurant: OverviewRestaurant, results: (UseQueryResult<RangeAnswer<KitchenSummary>> | undefined)[]): RowState {
  if (restaurant.archived) return { kind: "archived" };
  if (restaurant.kitchenEntitled === false) return { kind: "not-entitled" };
  const failed = results.find((q) => q?.isError);
  const summaries = results.map((q) => readyValue(q?.data));
  if (summaries.some((s) => s && coverageNotes(s.coverage).notEntitled)) return { kind: "not-entitled" };
  if (failed) return { kind: "error", message: failed.error instanceof Error ? failed.error.message : "Could not be loaded" };
  if (!summaries.every((s) => s)) {
    // The last 7 days hold yesterday: their progress is the row's.
    const pending = pendingOf(results[1]?.data);
    return { kind: "loading", fetching: pending ? { answered: pending.total - pending.pending, total: pending.total } : undefined };
  }
  return {
    kind: "data",
    figures: {
      yesterday: summaries[0] ? overviewFigures(summaries[0]) : null,
      "7d": summaries[1] ? overviewFigures(summaries[1]) : null,
    },
  };
}

/** "kitchen history: 142 of 190 days ready" under the name, once known; nothing while the backfill is off or for a restaurant without the tier. */
function HistoryLine({ history }: { history: KitchenHistory | undefined }) {
  if (!history || history.days === 0 || history.entitled === false) return null;
  return (
    <span className={styles.location} data-testid="kitchen-history">
      kitchen history: {formatCount(history.ready)} of {formatCount(history.days)} days ready
      {history.failed > 0 ? ` (${formatCount(history.failed)} to retry)` : ""}
    </span>
  );
}

/**
 * Kitchen figures per restaurant, yesterday and the last 7 days, fire to fulfill. Sorting is by
 * buttons in the column headers (keyboard-reachable, announced through aria-sort) on TanStack
 * Table; restaurants without figures (archived, no professional tier, still loading) sort last.
 */
export function KitchenOverviewTable({ restaurants }: { restaurants: OverviewRestaurant[] }) {
  const fetchable = (r: OverviewRestaurant) => !r.archived && r.kitchenEntitled !== false;
  const queries = useQueries({
    queries: restaurants.flatMap((r) =>
      PERIODS.map((p) => {
        const range = presetRange(p.key, r.today);
        const q = apiQuery({ metric: "fire_to_fulfill", level: null, station: null, behavior: null, source: null, item: null, maxMinutes: null }, range);
        return { ...kitchenSummaryQuery(r.guid, q), placeholderData: undefined, enabled: fetchable(r) };
      }),
    ),
  });

  // Archived restaurants are backfilled too (their data is still served); not-entitled ones have no history.
  const histories = useQueries({
    queries: restaurants.map((r) => ({ ...kitchenHistoryQuery(r.guid), enabled: r.kitchenEntitled !== false })),
  });

  // Rebuilt only when a restaurant or a query result changes, so the engine does not re-sort on every render.
  const rows = useMemo<Row[]>(
    () => restaurants.map((restaurant, i) => ({ restaurant, state: rowState(restaurant, PERIODS.map((_, j) => queries[i * PERIODS.length + j])) })),
    [restaurants, queries],
  );

  const table = useTable({
    features: sortingFeatures,
    columns: COLUMNS,
    data: rows,
    initialState: { sorting: [{ id: "7d:p90L0", desc: true }] },
    enableSortingRemoval: false,
  });
  const sorted = table.getRowModel().rows.map((row) => row.original);

  const columnCount = 1 + PERIODS.length * FIGURES.length;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="kitchen-overview-title" data-testid="kitchen-overview">
      <div className={styles.header}>
        <div>
          <h2 id="kitchen-overview-title" className={styles.title}>
            Kitchen times
          </h2>
          <p className={styles.description}>
            Fire to fulfill per restaurant: L0 at the prep station, L1 at the expediter. On time = share of items within the level&apos;s target.
            Each restaurant&apos;s dates are its own business dates.
          </p>
        </div>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Kitchen times per restaurant, yesterday and the last 7 days; sortable by every column</caption>
          <thead>
            <tr>
              <td className={styles.nameCell} />
              {PERIODS.map((p) => (
                <th key={p.key} scope="colgroup" colSpan={FIGURES.length} className={`${styles.group} ${styles.periodStart}`}>
                  {p.label}
                </th>
              ))}
            </tr>
            <tr>
              <SortHeader column={table.getColumn("name")} label="Restaurant" className={styles.nameCell} />
              {PERIODS.map((p) =>
                FIGURES.map((f, i) => (
                  <SortHeader
                    key={`${p.key}:${f.key}`}
                    column={table.getColumn(`${p.key}:${f.key}`)}
                    label={f.label}
                    className={`${styles.num} ${i === 0 ? styles.periodStart : ""}`}
                  />
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.map(({ restaurant, state }) => (
              <tr key={restaurant.guid} data-restaurant={restaurant.guid}>
                <th scope="row" className={styles.nameCell}>
                  <Link href={`/restaurants/${encodeURIComponent(restaurant.guid)}/kitchen`}>{restaurant.name}</Link>
                  {restaurant.locationName && restaurant.locationName !== restaurant.name ? <span className={styles.location}>{restaurant.locationName}</span> : null}
                  <HistoryLine history={histories[restaurants.indexOf(restaurant)]?.data} />
                </th>
                {state.kind === "data" ? (
                  PERIODS.map((p) =>
                    FIGURES.map((f, i) => {
                      const value = state.figures[p.key]?.[f.key] ?? null;
                      return (
                        <td key={`${p.key}:${f.key}`} className={`${styles.num} ${i === 0 ? styles.periodStart : ""}`}>
                          {formatFigure(f.kind, value)}
                        </td>
                      );
                    }),
                  )
                ) : state.kind === "loading" ? (
                  <td colSpan={columnCount - 1}>
                    {state.fetching ? (
                      <span className={styles.status}>
                        Fetching kitchen data: {state.fetching.answered} of {state.fetching.total} days ready
                      </span>
                    ) : (
                      <Skeleton height={18} />
                    )}
                    <span className="visually-hidden">Loading…</span>
                  </td>
                ) : (
                  <td colSpan={columnCount - 1} className={styles.status}>
                    {state.kind === "archived"
                      ? "Archived: the Platform no longer serves this restaurant, so there are no kitchen times."
                      : state.kind === "not-entitled"
                        ? "No kitchen data: this restaurant is not on the professional tier."
                        : `Kitchen times could not be loaded: ${state.message}`}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
