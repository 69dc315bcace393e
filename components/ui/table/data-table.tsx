"use client";

import { useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { useMemo, useState, type ReactNode } from "react";

import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import type { CsvColumn, CsvValue } from "@/lib/csv/csv";
import { tableCsvColumns, type CsvUnit } from "@/lib/csv/csv-format";

import styles from "./data-table.module.css";
import {
  ariaSort,
  compareSortKeys,
  sortArrow,
  sortingFeatures,
  sortKey,
  toSortingState,
  type SortDirection,
  type SortingFeatures,
} from "./table-sorting";

export interface DataColumn<Row> {
  key: string;
  header: string;
  /**
   * The CSV header's words when they must differ from the screen's; every CSV header is written
   * snake_case with its unit's suffix (lib/csv/csv-format.ts's tableCsvColumns).
   */
  csvHeader?: string;
  /**
   * The raw value's unit, which the CSV writes in its own way: a duration column shown as
   * "14m 21s" under "p90" is `p90_s` and `p90_min` in the file, a share `<name>_pct`.
   */
  csvUnit?: CsvUnit;
  /** The raw value: used for sorting, for CSV and (formatted as text) for display. */
  value: (row: Row) => CsvValue;
  /** How the cell looks, when it should not be the plain value. */
  cell?: (row: Row) => ReactNode;
  align?: "left" | "right";
  sortable?: boolean;
  /** Left out of the CSV (for example a column of links). */
  csv?: false;
}

type SortState = { key: string; direction: SortDirection } | null;

/**
 * A table behind every chart: sortable by keyboard (buttons in the headers, aria-sort on the
 * column; TanStack Table orders the rows, missing values last either way), paged by "Show more"
 * so long lists stay fast, with a CSV of all rows in the order shown (not just the visible page).
 */
export function DataTable<Row extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
  csvFileName,
  pageSize = 100,
  initialSort = null,
  emptyMessage = "No rows.",
  hideCaption = false,
  hideCsv = false,
}: {
  caption: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  csvFileName?: string;
  pageSize?: number;
  initialSort?: SortState;
  emptyMessage?: string;
  hideCaption?: boolean;
  hideCsv?: boolean;
}) {
  const [limit, setLimit] = useState(pageSize);

  const tableColumns = useMemo<ColumnDef<SortingFeatures, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.key,
        accessorFn: (row: Row) => sortKey(column.value(row)),
        enableSorting: column.sortable !== false,
        sortDescFirst: false,
        sortUndefined: "last" as const,
        sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id)),
      })),
    [columns],
  );
  const table = useTable({
    features: sortingFeatures,
    columns: tableColumns,
    data: rows,
    initialState: { sorting: toSortingState(initialSort) },
    // A header click flips the direction; it never returns to the unsorted order.
    enableSortingRemoval: false,
  });
  const sorted = table.getRowModel().rows.map((row) => row.original);

  const csvColumns: CsvColumn<Row>[] = useMemo(() => tableCsvColumns(columns), [columns]);

  const visible = sorted.slice(0, limit);

  return (
    <div className={styles.wrapper}>
      {!(hideCaption && (hideCsv || !csvFileName)) ? (
        <div className={styles.toolbar}>
          <span className={hideCaption ? "visually-hidden" : styles.caption}>{caption}</span>
          {csvFileName && !hideCsv ? (
            <CsvDownloadButton fileName={csvFileName} columns={csvColumns} rows={sorted} />
          ) : null}
        </div>
      ) : null}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sortable = column.sortable !== false;
                const direction = ariaSort(table.getColumn(column.key) ?? { getIsSorted: () => false });
                const alignClass = column.align === "right" ? styles.right : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={alignClass}
                    aria-sort={sortable ? direction : undefined}
                  >
                    {!sortable ? (
                      column.header
                    ) : (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => table.getColumn(column.key)?.toggleSorting()}
                      >
                        {column.header}
                        <span className={styles.sortIcon} aria-hidden="true">
                          {sortArrow(direction)}
                        </span>
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              visible.map((row, index) => (
                <tr key={rowKey(row, index)}>
                  {columns.map((column) => {
                    const raw = column.value(row);
                    return (
                      <td key={column.key} className={column.align === "right" ? styles.right : undefined}>
                        {column.cell
                          ? column.cell(row)
                          : raw === null || raw === undefined
                            ? "—"
                            : String(raw)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {sorted.length > pageSize ? (
        <div className={styles.footer}>
          <span>
            Showing {visible.length} of {sorted.length}
          </span>
          {visible.length < sorted.length ? (
            <button type="button" className="button" onClick={() => setLimit((l) => l + pageSize * 5)}>
              Show more
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
