"use client";

import { useQuery } from "@tanstack/react-query";
import {
  functionalUpdate,
  useTable,
  type ColumnDef,
  type SortingState,
  type Table,
} from "@tanstack/react-table";
import { useQueryStates } from "nuqs";
import { useMemo } from "react";

import card from "@/components/ui/card/table-card.module.css";
import { CustomDates } from "@/components/ui/dates/custom-dates";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import report from "@/components/ui/table/report-table.module.css";
import { SortHeader } from "@/components/ui/table/sort-header";
import {
  compareSortKeys,
  sortingFeatures,
  sortKey,
  type SortingFeatures,
} from "@/components/ui/table/table-sorting";
import { businessDateToIso } from "@/lib/business-date/business-date";
import { RANGE_PRESET_LABELS } from "@/lib/kitchen/contract/date-range";
import type {
  ItemsMatrixColumn,
  ItemsMatrixRow,
  KitchenItemsMatrix,
  KitchenItemsMatrixPage,
  MatrixSort,
} from "@/lib/kitchen/contract/items-matrix";
import { KITCHEN_LEVELS, OVERVIEW_RANGES, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import {
  itemsMatrixSearch,
  kitchenItemsMatrixQuery,
  type ItemsMatrixPeriod,
} from "@/lib/queries/items-matrix";
import { itemsMatrixViewParams } from "@/lib/url-state/items-matrix-view";

import styles from "./items-matrix-view.module.css";

type MatrixTableEngine = Table<SortingFeatures, ItemsMatrixRow>;

function columnStatus(c: ItemsMatrixColumn): string | null {
  if (c.status === "pending")
    return c.progress
      ? `fetching: ${formatCount(c.progress.answered)} of ${formatCount(c.progress.total)} days`
      : "fetching…";
  if (c.status === "error") return `not loaded: ${c.message ?? "unknown error"}`;
  return null;
}

function periodText(m: KitchenItemsMatrix): string {
  if (m.range) return `${RANGE_PRESET_LABELS[m.range].toLowerCase()} of each restaurant's own business dates`;
  return m.from === m.to
    ? `business date ${businessDateToIso(m.from!)}`
    : `business dates ${businessDateToIso(m.from!)} to ${businessDateToIso(m.to!)}`;
}

type Shown = { c: ItemsMatrixColumn; i: number }[];

/** The matrix itself: the item column sticky, each restaurant's cell p50 over p90 and its records. */
function MatrixTable({
  table,
  shown,
  rows,
  level,
  busy,
}: {
  table: MatrixTableEngine;
  shown: Shown;
  rows: ItemsMatrixRow[];
  level: KitchenLevel;
  busy: boolean;
}) {
  return (
    <div className={report.scroll} aria-busy={busy}>
      <table className={`${report.table} ${styles.table}`} data-testid="items-matrix-table">
        <caption className="visually-hidden">
          Fire to fulfill per item and restaurant at level {level}, p50 over p90; sortable by every column
        </caption>
        <thead>
          <tr>
            <SortHeader column={table.getColumn("item")} label="Item" className={styles.itemCell} />
            <SortHeader column={table.getColumn("gap")} label="Gap (p50)" className={styles.num} />
            <SortHeader column={table.getColumn("restaurants")} label="Sold in" className={styles.num} />
            {shown.map(({ c }) => (
              <SortHeader
                key={c.restaurantGuid}
                column={table.getColumn(`p50:${c.restaurantGuid}`)}
                label={c.restaurantName}
                className={styles.num}
              >
                {c.archived ? <span className={styles.tag}>Archived</span> : null}
                {columnStatus(c) ? <span className={styles.columnStatus}>{columnStatus(c)}</span> : null}
              </SortHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.multiLocationId} data-item={row.multiLocationId}>
              <th scope="row" className={styles.itemCell}>
                {row.itemName ?? "(no name)"}
                <span className={styles.muted}>id {row.multiLocationId}</span>
              </th>
              <td className={styles.num} data-column="gap">
                {formatDuration(row.gapSeconds)}
              </td>
              <td className={styles.num} data-column="restaurants">
                {row.restaurants}
              </td>
              {shown.map(({ c, i }) => {
                const cell = row.cells[i];
                const slowest = cell !== null && row.slowestRestaurantGuid === c.restaurantGuid;
                return (
                  <td
                    key={c.restaurantGuid}
                    className={`${styles.num} ${slowest ? styles.slowest : ""} ${cell?.fewRecords ? styles.few : ""}`}
                    data-restaurant={c.restaurantGuid}
                    data-slowest={slowest || undefined}
                  >
                    {cell ? (
                      <>
                        <span className={styles.value} data-figure="p50">
                          {formatDuration(cell.p50)}
                        </span>
                        <span className={styles.muted}>
                          <span className="visually-hidden">p90 </span>
                          <span data-figure="p90">{formatDuration(cell.p90)}</span>
                        </span>
                        <span className={styles.muted}>
                          {formatCount(cell.records)} rec.{cell.fewRecords ? " (few)" : ""}
                        </span>
                        {slowest ? <span className={styles.badge}>slowest</span> : null}
                        {cell.itemName && cell.itemName !== row.itemName ? (
                          <span className={styles.muted}>as {cell.itemName}</span>
                        ) : null}
                      </>
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">no records</span>
                      </>
                    )}
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
 * The same dish across restaurants: menu items consolidated by their multi-location id (rows)
 * × the restaurants the account may see (columns), p50 and p90 of fire to fulfill at one level.
 * The slowest restaurant of each row is marked in words and colour; the gap is its p50 minus the
 * fastest's. Sortable by every column with the keyboard (buttons, aria-sort); the item column
 * stays in view when the table scrolls sideways on a phone; the CSV is the server's, of the same
 * view, once every restaurant is in.
 */
export function ItemsMatrixView() {
  const [view, setView] = useQueryStates(itemsMatrixViewParams, { history: "push" });
  const period: ItemsMatrixPeriod =
    view.from && view.to ? { from: view.from, to: view.to } : { range: view.range };
  const query = useQuery(
    kitchenItemsMatrixQuery(period, view.level, { sort: view.sort, order: view.order, page: view.page }),
  );
  const matrix = query.data;
  const shown = useMemo(
    () => matrix?.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.status !== "not_entitled") ?? [],
    [matrix],
  );
  const notEntitled = matrix?.columns.filter((c) => c.status === "not_entitled") ?? [];

  const columns = useMemo(() => matrixColumns(shown), [shown]);
  // The server orders and pages the rows (a page of 25 sorted here would pass for the whole):
  // the headers' sort state is the URL's, and a header click asks the server for page 1 again.
  const sorting: SortingState = [
    { id: view.sort, desc: (view.order ?? (view.sort === "item" ? "asc" : "desc")) === "desc" },
  ];
  const table = useTable({
    features: sortingFeatures,
    columns,
    data: matrix?.rows ?? [],
    state: { sorting },
    manualSorting: true,
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (!next) return;
      const natural = next.id === "item" ? !next.desc : next.desc;
      void setView({
        sort: next.id as MatrixSort,
        order: natural ? null : next.desc ? "desc" : "asc",
        page: 1,
      });
    },
    enableSortingRemoval: false,
  });
  const rows = table.getRowModel().rows.map((r) => r.original);
  const search = itemsMatrixSearch(period, view.level);

  return (
    <section
      className={`card ${card.tableCard}`}
      aria-labelledby="items-matrix-title"
      data-testid="items-matrix"
    >
      <div className={card.header}>
        <div>
          <h2 id="items-matrix-title" className={card.title}>
            {LEVEL_LABELS[view.level]} (L{view.level}): fire to fulfill per item and restaurant
          </h2>
          <p className={`${card.description} ${styles.description}`}>
            Items are matched across restaurants by their multi-location id (versions of one menu item). Each
            cell is p50 over p90 of the restaurant&apos;s records of the item; <strong>slowest</strong> marks
            the highest p50 of a row and the gap is that p50 minus the lowest, among cells with at least{" "}
            {matrix?.minRecords ?? 20} records; cells with fewer are marked &ldquo;few&rdquo;, and items
            without two such cells come after the others. Shown: items sold in at least{" "}
            {matrix?.minRestaurants ?? 2} restaurants, {matrix?.pageSize ?? 25} a page.
          </p>
        </div>
        <MatrixTools
          view={view}
          // A new level or period starts again at the first page.
          onChange={(next) => void setView({ ...next, page: 1 })}
          csvHref={matrix?.complete ? `/api/kitchen/items-matrix.csv?${search}` : null}
        />
      </div>
      {query.isError ? (
        <ErrorState
          title="The items matrix could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !matrix ? (
        <>
          <Skeleton height={160} />
          <span className="visually-hidden">Loading…</span>
        </>
      ) : (
        <>
          <p className={styles.status} aria-live="polite" data-testid="items-matrix-period">
            {periodText(matrix)}
            {matrix.complete
              ? ""
              : "; some restaurants are still being fetched, their columns fill in as their days arrive"}
            {notEntitled.length > 0
              ? `. Not on the professional tier (no kitchen data): ${notEntitled.map((c) => c.restaurantName).join(", ")}`
              : ""}
          </p>
          {rows.length === 0 ? (
            <EmptyState title={matrix.complete ? "No item to compare" : "No item to compare yet"}>
              {matrix.complete
                ? `No menu item with a multi-location id has records at level ${view.level} in ${matrix.minRestaurants} or more of your restaurants in this period. Try another level or a longer period.`
                : "The restaurants fetched so far share no item at this level; the rest are still coming in."}
            </EmptyState>
          ) : (
            <>
              <MatrixTable
                table={table}
                shown={shown}
                rows={rows}
                level={view.level}
                busy={query.isFetching && query.isPlaceholderData}
              />
              <MatrixPager matrix={matrix} onPage={(page) => void setView({ page })} />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Which rows of how many, and the previous and next pages (each a history entry: Back returns). */
function MatrixPager({ matrix, onPage }: { matrix: KitchenItemsMatrixPage; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(matrix.totalRows / matrix.pageSize));
  const first = (matrix.page - 1) * matrix.pageSize + 1;
  const last = first + matrix.rows.length - 1;
  return (
    <nav className={styles.pager} aria-label="Pages of items" data-testid="items-matrix-pager">
      <button
        type="button"
        className="button"
        disabled={matrix.page <= 1}
        onClick={() => onPage(matrix.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Items {formatCount(first)}–{formatCount(last)} of {formatCount(matrix.totalRows)} · page{" "}
        {formatCount(matrix.page)} of {formatCount(pages)}
      </span>
      <button
        type="button"
        className="button"
        disabled={matrix.page >= pages}
        onClick={() => onPage(matrix.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

type MatrixViewState = ReturnType<typeof useQueryStates<typeof itemsMatrixViewParams>>[0];

/** The table's columns: the item, the gap, the restaurants' count, then each shown restaurant's p50. */
function matrixColumns(shown: Shown): ColumnDef<SortingFeatures, ItemsMatrixRow>[] {
  return [
    {
      id: "item",
      accessorFn: (r) => sortKey(r.itemName ?? r.multiLocationId),
      sortDescFirst: false,
      sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id)),
    },
    {
      id: "gap",
      accessorFn: (r) => sortKey(r.gapSeconds),
      sortDescFirst: true,
      sortUndefined: "last",
      sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id)),
    },
    {
      id: "restaurants",
      accessorFn: (r) => r.restaurants,
      sortDescFirst: true,
      sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id)),
    },
    ...shown.map(({ c, i }): ColumnDef<SortingFeatures, ItemsMatrixRow> => ({
      id: `p50:${c.restaurantGuid}`,
      accessorFn: (r) => sortKey(r.cells[i]?.p50),
      sortDescFirst: true,
      sortUndefined: "last",
      sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id)),
    })),
  ];
}

/** Level, period (a preset or custom dates) and the CSV, once every restaurant is in. */
function MatrixTools({
  view,
  onChange,
  csvHref,
}: {
  view: MatrixViewState;
  onChange: (next: Partial<MatrixViewState>) => void;
  csvHref: string | null;
}) {
  const custom = view.from !== null && view.to !== null;
  return (
    <div className={styles.tools}>
      <div role="group" aria-label="Level" className={styles.buttons}>
        {KITCHEN_LEVELS.map((l) => (
          <button
            key={l}
            type="button"
            className="button"
            aria-pressed={view.level === l}
            onClick={() => onChange({ level: l })}
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
      {csvHref ? (
        <a className="button" href={csvHref} download data-testid="items-matrix-csv">
          Download CSV
        </a>
      ) : (
        <span className={styles.status} data-testid="items-matrix-csv-waiting">
          CSV once every restaurant is in
        </span>
      )}
    </div>
  );
}
