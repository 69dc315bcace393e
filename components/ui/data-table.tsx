"use client";

import { useMemo, useState, type ReactNode } from "react";
import type { CsvColumn, CsvValue } from "@/lib/csv/csv";
import { CsvDownloadButton } from "./csv-download-button";
import styles from "./data-table.module.css";

export interface DataColumn<Row> {
  key: string;
  header: string;
  /** The raw value: used for sorting, for CSV and (formatted as text) for display. */
  value: (row: Row) => CsvValue;
  /** How the cell looks, when it should not be the plain value. */
  cell?: (row: Row) => ReactNode;
  align?: "left" | "right";
  sortable?: boolean;
  /** Left out of the CSV (for example a column of links). */
  csv?: false;
}

type SortState = { key: string; direction: "ascending" | "descending" } | null;

function compare(a: CsvValue, b: CsvValue): number {
  // Missing values sort last whatever the direction a reader picks is handled by the caller.
  if (a === b) return 0;
  if (a === null || a === undefined || a === "") return 1;
  if (b === null || b === undefined || b === "") return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: "base" });
}

/**
 * A table behind every chart: sortable by keyboard (buttons in the headers, aria-sort on the
 * column), paged by "Show more" so long lists stay fast, with a CSV of all rows (not just the
 * visible page).
 */
export function DataTable<Row>({
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
  const [sort, setSort] = useState<SortState>(initialSort);
  const [limit, setLimit] = useState(pageSize);

  const sorted = useMemo(() => {
    if (!sort) return rows;
    const column = columns.find((c) => c.key === sort.key);
    if (!column) return rows;
    const sign = sort.direction === "ascending" ? 1 : -1;
    return [...rows].sort((a, b) => {
      const va = column.value(a);
      const vb = column.value(b);
      const missingA = va === null || va === undefined || va === "";
      const missingB = vb === null || vb === undefined || vb === "";
      if (missingA || missingB) return compare(va, vb);
      return sign * compare(va, vb);
    });
  }, [rows, columns, sort]);

  const csvColumns: CsvColumn<Row>[] = useMemo(
    () => columns.filter((c) => c.csv !== false).map((c) => ({ header: c.header, value: c.value })),
    [columns],
  );

  const visible = sorted.slice(0, limit);

  function toggleSort(key: string) {
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === "ascending" ? "descending" : "ascending" }
        : { key, direction: "ascending" },
    );
  }

  return (
    <div className={styles.wrapper}>
      {!(hideCaption && (hideCsv || !csvFileName)) ? (
        <div className={styles.toolbar}>
          <span className={hideCaption ? "visually-hidden" : styles.caption}>{caption}</span>
          {csvFileName && !hideCsv ? <CsvDownloadButton fileName={csvFileName} columns={csvColumns} rows={sorted} /> : null}
        </div>
      ) : null}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort?.key === column.key;
                const alignClass = column.align === "right" ? styles.right : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={alignClass}
                    aria-sort={active ? sort.direction : column.sortable === false ? undefined : "none"}
                  >
                    {column.sortable === false ? (
                      column.header
                    ) : (
                      <button type="button" className={styles.sortButton} onClick={() => toggleSort(column.key)}>
                        {column.header}
                        <span className={styles.sortIcon} aria-hidden="true">
                          {active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
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
                        {column.cell ? column.cell(row) : raw === null || raw === undefined ? "—" : String(raw)}
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
