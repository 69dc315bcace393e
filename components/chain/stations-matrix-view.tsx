"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";

import card from "@/components/ui/card/table-card.module.css";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import report from "@/components/ui/table/report-table.module.css";
import type { KitchenStationsMatrix, StationsMatrixColumn } from "@/lib/kitchen/contract/chain";
import { RANGE_PRESET_LABELS } from "@/lib/kitchen/contract/date-range";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import { KITCHEN_LEVELS, OVERVIEW_RANGES, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { HEAT_STEPS, heatCell } from "@/lib/kitchen/present/heat-scale";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { kitchenStationsMatrixQuery, stationsMatrixSearch } from "@/lib/queries/stations-matrix";
import { stationsMatrixViewParams } from "@/lib/url-state/stations-matrix-view";

import styles from "./chain.module.css";

function columnStatus(c: StationsMatrixColumn): string | null {
  if (c.status === "pending")
    return c.progress
      ? `fetching: ${formatCount(c.progress.answered)} of ${formatCount(c.progress.total)} days`
      : "fetching…";
  if (c.status === "error") return `not loaded: ${c.message ?? "unknown error"}`;
  return null;
}

/** The plain line: what a cell is, and where the colour comes from. */
function plainLine(m: KitchenStationsMatrix): string {
  return (
    `Each cell is the p90 of fire to fulfill of that restaurant's records at the station (level ${m.level}), ` +
    `${RANGE_PRESET_LABELS[m.range].toLowerCase()} of each restaurant's own business dates, with its record count; ` +
    `stations are matched across restaurants by their multi-location id, so a station renamed in one restaurant ` +
    `stays on its row. Colour: the p90 against the restaurant's level target (the Kitchen page's scale); cells ` +
    `under ${MIN_RANKED_COUNT} records are muted and never coloured past the first step.`
  );
}

type Shown = { c: StationsMatrixColumn; i: number }[];

/** The heat table: a station per row (sticky), the chain's own p90, then each restaurant's cell. */
function MatrixTable({
  matrix,
  shown,
  level,
}: {
  matrix: KitchenStationsMatrix;
  shown: Shown;
  level: KitchenLevel;
}) {
  return (
    // Focusable, so the keyboard scrolls it sideways on a phone.
    <div className={report.scroll} tabIndex={0} role="region" aria-label={`Stations matrix, level ${level}`}>
      <table className={`${report.table} ${styles.matrix}`} data-testid="stations-matrix-table">
        <caption className="visually-hidden">
          p90 of fire to fulfill and records per station and restaurant at level {level}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.stationCell}>
              Station
            </th>
            <th scope="col" className={styles.num}>
              All restaurants
            </th>
            {shown.map(({ c }) => (
              <th key={c.restaurantGuid} scope="col" className={styles.num}>
                {c.restaurantName}
                {c.archived ? <span className={styles.tag}>Archived</span> : null}
                {c.targetSeconds !== null ? (
                  <span className={styles.muted}>target {formatDuration(c.targetSeconds)}</span>
                ) : null}
                {columnStatus(c) ? <span className={styles.muted}>{columnStatus(c)}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row) => (
            <tr key={row.multiLocationId} data-station={row.multiLocationId}>
              <th scope="row" className={styles.stationCell}>
                {row.stationName ?? "(no name)"}
                <span className={styles.muted}>id {row.multiLocationId}</span>
              </th>
              <td className={styles.num} data-column="all">
                <span className={styles.value}>{formatDuration(row.p90)}</span>
                <span className={styles.muted}>{formatCount(row.records)} rec.</span>
              </td>
              {shown.map(({ c, i }) => {
                const cell = row.cells[i];
                if (!cell)
                  return (
                    <td key={c.restaurantGuid} className={styles.num} data-restaurant={c.restaurantGuid}>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">no records</span>
                    </td>
                  );
                const step =
                  c.targetSeconds === null ? null : heatCell(cell.p90, c.targetSeconds, cell.records);
                return (
                  <td
                    key={c.restaurantGuid}
                    className={`${styles.num} ${cell.fewRecords ? styles.few : ""}`}
                    style={step ? { background: step.background, color: step.color } : undefined}
                    data-restaurant={c.restaurantGuid}
                    data-few={cell.fewRecords || undefined}
                    title={step?.label}
                  >
                    <span className={styles.value}>{formatDuration(cell.p90)}</span>
                    <span className={styles.count}>
                      {cell.fewRecords ? "few · " : ""}
                      {formatCount(cell.records)} rec.
                    </span>
                    {cell.stationName && cell.stationName !== row.stationName ? (
                      <span className={styles.count}>as {cell.stationName}</span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The stations matrix (issue 36): prep stations by multi-location id (rows) × the restaurants the
 * account may see (columns), a heat table of p90s with the count in every cell, the chain's own
 * p90 per station (over every restaurant's records together), the view in the URL and the CSV.
 */
export function StationsMatrixView() {
  const [view, setView] = useQueryStates(stationsMatrixViewParams, { history: "push" });
  const query = useQuery(kitchenStationsMatrixQuery(view.range, view.level));
  const matrix = query.data;
  const shown =
    matrix?.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.status !== "not_entitled") ?? [];
  const notEntitled = matrix?.columns.filter((c) => c.status === "not_entitled") ?? [];
  const search = stationsMatrixSearch(view.range, view.level);
  return (
    <section
      className={`card ${card.tableCard}`}
      aria-labelledby="stations-matrix-title"
      data-testid="stations-matrix"
    >
      <div className={card.header}>
        <div>
          <h2 id="stations-matrix-title" className={card.title}>
            {LEVEL_LABELS[view.level]} (L{view.level}): p90 per station and restaurant
          </h2>
          {matrix ? (
            <p className={`${card.description} ${styles.line}`} data-testid="stations-matrix-line">
              {plainLine(matrix)}
            </p>
          ) : null}
        </div>
        <div className={styles.tools}>
          <div role="group" aria-label="Level" className={styles.buttons}>
            {KITCHEN_LEVELS.map((l) => (
              <button
                key={l}
                type="button"
                className="button"
                aria-pressed={view.level === l}
                onClick={() => void setView({ level: l })}
              >
                L{l} {LEVEL_LABELS[l]}
              </button>
            ))}
          </div>
          <div role="group" aria-label="Period" className={styles.buttons}>
            {OVERVIEW_RANGES.map((r) => (
              <button
                key={r}
                type="button"
                className="button"
                aria-pressed={view.range === r}
                onClick={() => void setView({ range: r })}
              >
                {RANGE_PRESET_LABELS[r]}
              </button>
            ))}
          </div>
          {matrix?.complete ? (
            <a
              className="button"
              href={`/api/kitchen/stations-matrix.csv?${search}`}
              download
              data-testid="stations-matrix-csv"
            >
              Download CSV
            </a>
          ) : (
            <span className={styles.muted}>CSV once every restaurant is in</span>
          )}
        </div>
      </div>
      {query.isError ? (
        <ErrorState
          title="The stations matrix could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !matrix ? (
        <>
          <Skeleton height={160} />
          <span className="visually-hidden">Loading…</span>
        </>
      ) : matrix.rows.length === 0 ? (
        <EmptyState title={matrix.complete ? "No station to compare" : "No station to compare yet"}>
          {matrix.complete
            ? `No record at level ${view.level} carries a prep station multi-location id in this period. Try level 0 or a longer period.`
            : "The restaurants fetched so far have no station at this level; the rest are still coming in."}
        </EmptyState>
      ) : (
        <>
          <p className={styles.muted} aria-live="polite">
            {matrix.complete
              ? ""
              : "Some restaurants are still being fetched; their columns fill in as their days arrive. "}
            {notEntitled.length > 0
              ? `Not on the professional tier (no kitchen data): ${notEntitled.map((c) => c.restaurantName).join(", ")}.`
              : ""}
          </p>
          <MatrixTable matrix={matrix} shown={shown} level={view.level} />
          <ul className={styles.legend} aria-label="Colour key">
            {HEAT_STEPS.map((step) => (
              <li key={step.label}>
                <span className={styles.swatch} style={{ background: step.background }} aria-hidden="true" />
                {step.label}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
