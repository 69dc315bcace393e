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
}: {
  caption: string;
  rows: HeatAxisEntry[];
  columns: HeatAxisEntry[];
  value: (rowKey: string, columnKey: string) => number | null;
  /** Short text inside the cell. */
  formatCell: (value: number) => string;
  /** Full text for the cell's tooltip. */
  describe: (row: HeatAxisEntry, column: HeatAxisEntry, value: number | null) => string;
  /** The cell's colours; the row lets a row have a reference of its own (a station's target). */
  cellStyle: (value: number, row: HeatAxisEntry) => HeatCellStyle;
  cornerLabel: string;
}) {
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.grid}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.rowHeader}>
              {cornerLabel}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
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
                  <td key={column.key} className={styles.cell} style={cellStyle(v, row)} title={title}>
                    {formatCell(v)}
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
