"use client";

import { useQueries } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Skeleton } from "@/components/ui/states";
import { presetRange } from "@/lib/kitchen/ui/date-range";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/ui/format";
import { coverageNotes } from "@/lib/kitchen/ui/coverage-notes";
import { overviewFigures, sortByValue, type OverviewFigure, type OverviewFigures, type SortDirection } from "@/lib/kitchen/ui/overview-figures";
import { apiQuery } from "@/lib/url-state/kitchen-view";
import { kitchenSummaryQuery } from "@/lib/queries/kitchen";
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
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "data"; figures: Record<Period, OverviewFigures | null> };

type SortKey = "name" | `${Period}:${OverviewFigure}`;

function formatFigure(kind: "count" | "duration" | "share", value: number | null): string {
  if (kind === "count") return formatCount(value);
  if (kind === "share") return formatShare(value);
  return formatDuration(value);
}

function SortHeader({
  sortKey,
  label,
  className,
  sort,
  onSort,
}: {
  sortKey: SortKey;
  label: string;
  className?: string;
  sort: { key: SortKey; direction: SortDirection };
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === sortKey;
  return (
    <th scope="col" className={className} aria-sort={active ? sort.direction : "none"}>
      <button type="button" className={styles.sort} onClick={() => onSort(sortKey)}>
        {label}
        <span aria-hidden="true">{active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}</span>
      </button>
    </th>
  );
}

/**
 * Kitchen figures per restaurant, yesterday and the last 7 days, fire to fulfill. Sorting is by
 * buttons in the column headers (keyboard-reachable, announced through aria-sort); restaurants
 * without figures (archived, no professional tier, still loading) sort last.
 */
export function KitchenOverviewTable({ restaurants }: { restaurants: OverviewRestaurant[] }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: "7d:p90L0", direction: "descending" });

  const fetchable = (r: OverviewRestaurant) => !r.archived && r.kitchenEntitled !== false;
  const queries = useQueries({
    queries: restaurants.flatMap((r) =>
      PERIODS.map((p) => {
        const range = presetRange(p.key, r.today);
        const q = apiQuery({ metric: "fire_to_fulfill", level: null, station: null, behavior: null, source: null }, range);
        return { ...kitchenSummaryQuery(r.guid, q), placeholderData: undefined, enabled: fetchable(r) };
      }),
    ),
  });

  const rows = restaurants.map((restaurant, i) => {
    let state: RowState;
    if (restaurant.archived) state = { kind: "archived" };
    else if (restaurant.kitchenEntitled === false) state = { kind: "not-entitled" };
    else {
      const results = PERIODS.map((_, j) => queries[i * PERIODS.length + j]);
      const failed = results.find((q) => q?.isError);
      if (results.some((q) => q?.data && coverageNotes(q.data.coverage).notEntitled)) state = { kind: "not-entitled" };
      else if (failed) state = { kind: "error", message: failed.error instanceof Error ? failed.error.message : "Could not be loaded" };
      else if (results.every((q) => q?.data)) {
        state = {
          kind: "data",
          figures: {
            yesterday: results[0]?.data ? overviewFigures(results[0].data) : null,
            "7d": results[1]?.data ? overviewFigures(results[1].data) : null,
          },
        };
      } else state = { kind: "loading" };
    }
    return { restaurant, state };
  });

  const sortValue = (row: (typeof rows)[number]): number | string | null => {
    if (sort.key === "name") return row.restaurant.name;
    if (row.state.kind !== "data") return null;
    const [period, figure] = sort.key.split(":") as [Period, OverviewFigure];
    return row.state.figures[period]?.[figure] ?? null;
  };
  const sorted = sortByValue(rows, sortValue, sort.direction);

  function sortBy(key: SortKey) {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === "ascending" ? "descending" : "ascending" }
        : // Times and counts read best largest (slowest) first; names A to Z.
          { key, direction: key === "name" || key.includes("onTime") ? "ascending" : "descending" },
    );
  }

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
              <SortHeader sortKey="name" label="Restaurant" className={styles.nameCell} sort={sort} onSort={sortBy} />
              {PERIODS.map((p) =>
                FIGURES.map((f, i) => (
                  <SortHeader
                    key={`${p.key}:${f.key}`}
                    sortKey={`${p.key}:${f.key}`}
                    label={f.label}
                    className={`${styles.num} ${i === 0 ? styles.periodStart : ""}`}
                    sort={sort}
                    onSort={sortBy}
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
                    <Skeleton height={18} />
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
