import { toCsv, type CsvColumn } from "@/lib/csv/csv";

import { cellText, type ConfigRow, type ConfigTable } from "./config-cell";

/** The same columns and words as the explorer's table, one row per entity; numbers as numbers. */
export function configCsv(table: ConfigTable): string {
  const columns: CsvColumn<ConfigRow>[] = table.columns.map((c) => ({
    header: c.label,
    value: (row) => {
      const cell = row.cells[c.key];
      return typeof cell === "object" && cell?.number !== undefined ? cell.number : cellText(cell);
    },
  }));
  return toCsv(columns, table.rows);
}
