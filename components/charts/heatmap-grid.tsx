"use client";

import { useEffect, useRef, type ReactNode } from "react";

import styles from "./heatmap-grid.module.css";

export interface HeatAxisEntry {
  key: string;
  label: string;
}

export interface HeatCellStyle {
  background: string;
  color: string;
}

/**
 * A heatmap as an HTML table: every cell is a real cell with its row and column headers, so a
 * screen reader reads "Grill, 7 PM, 9m 12s" and the keyboard needs nothing special. No recharts.
 */
export function HeatmapGrid({
  caption,
  rows,
  columns,
  value,
  formatCell,
  describe,
  cellStyle,
  cornerLabel,
  startColumn,
  renderCell,
  annotations = [],
  drill,
}: {
  caption: string;
  rows: HeatAxisEntry[];
  columns: HeatAxisEntry[];
  value: (rowKey: string, columnKey: string) => number | null;
  /** Short text inside the cell. */
  formatCell: (value: number) => string;
  /** Full text for the cell's tooltip. */
  describe: (row: HeatAxisEntry, column: HeatAxisEntry, value: number | null) => string;
  /**
   * The cell's colours; the row lets a row have a reference of its own (a station's target), the
   * column (with the row) finds the cell's count.
   */
  cellStyle: (value: number, row: HeatAxisEntry, column: HeatAxisEntry) => HeatCellStyle;
  cornerLabel: string;
  /**
   * The column to bring into view first when the grid is wider than its box (a phone): the
   * Kitchen page's busiest hour, so the peak is what shows, not the quiet morning.
   */
  startColumn?: string;
  /** The cell's content when more than formatCell's short text shows (a count beside the time); formatCell's text by default. */
  renderCell?: (row: HeatAxisEntry, column: HeatAxisEntry, value: number) => ReactNode;
  /** Rows an annotation concerns (lib/annotations): a diamond after the row's header, its label the annotations' words. */
  annotations?: readonly { key: string; label: string }[];
  /**
   * A cell that filters the page when clicked (a drill): its content becomes a button, so the
   * keyboard reaches it too; `label` says what the click does, null for a cell that cannot drill.
   */
  drill?: {
    label: (row: HeatAxisEntry, column: HeatAxisEntry) => string | null;
    onDrill: (row: HeatAxisEntry, column: HeatAxisEntry) => void;
  };
}) {
  const marks = new Map(annotations.map((a) => [a.key, a.label]));
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = scroller.current;
    if (!box || startColumn === undefined || box.scrollWidth <= box.clientWidth) return;
    const header = [...box.querySelectorAll<HTMLElement>("thead th[data-column]")].find(
      (th) => th.dataset.column === startColumn,
    );
    if (!header) return;
    const corner = box.querySelector<HTMLElement>("thead th")?.offsetWidth ?? 0;
    // Centred in what the sticky row headers leave visible.
    box.scrollLeft = Math.max(
      0,
      header.offsetLeft - corner - (box.clientWidth - corner - header.offsetWidth) / 2,
    );
  }, [startColumn]);
  return (
    <div ref={scroller} className={styles.scroll} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.grid}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.rowHeader}>
              {cornerLabel}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" data-column={column.key}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={styles.rowHeader}>
                {row.label}
                {marks.has(row.key) ? (
                  <span data-testid="heatmap-annotation" title={marks.get(row.key)}>
                    {" "}
                    <span aria-hidden="true">◆</span>
                    <span className="visually-hidden">{`(${marks.get(row.key)})`}</span>
                  </span>
                ) : null}
              </th>
              {columns.map((column) => {
                const v = value(row.key, column.key);
                const title = describe(row, column, v);
                return v === null ? (
                  <td key={column.key} className={`${styles.cell} ${styles.empty}`} title={title}>
                    <span aria-hidden="true">·</span>
                    <span className="visually-hidden">no items</span>
                  </td>
                ) : (
                  <td
                    key={column.key}
                    className={styles.cell}
                    style={cellStyle(v, row, column)}
                    title={title}
                  >
                    <DrillContent drill={drill} row={row} column={column} title={title}>
                      {renderCell ? renderCell(row, column, v) : formatCell(v)}
                    </DrillContent>
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

/** A cell's content, inside a button when the cell drills (its accessible name: the cell's text and what the click does). */
function DrillContent({
  drill,
  row,
  column,
  title,
  children,
}: {
  drill: Parameters<typeof HeatmapGrid>[0]["drill"];
  row: HeatAxisEntry;
  column: HeatAxisEntry;
  title: string;
  children: ReactNode;
}) {
  const label = drill?.label(row, column) ?? null;
  if (!drill || label === null) return <>{children}</>;
  return (
    <button
      type="button"
      className={styles.cellButton}
      aria-label={`${title}. ${label}`}
      onClick={() => drill.onDrill(row, column)}
    >
      {children}
    </button>
  );
}
