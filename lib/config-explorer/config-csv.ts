import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { csvHeader } from "@/lib/csv/csv-format";

import { cellText, type ConfigRow, type ConfigTable } from "./config-cell";

/**
 * The same columns and words as the explorer's table, one row per entity; numbers as numbers. Headers
 * in the CSVs' one style: the column's label in snake_case ("Last modified" -> last_modified).
 */
export function configCsv(table: ConfigTable): string {
  const columns: CsvColumn<ConfigRow>[] = table.columns.map((c) => ({
    header: csvHeader(c.label),
    value: (row) => {
      const cell = row.cells[c.key];
      return typeof cell === "object" && cell?.number !== undefined ? cell.number : cellText(cell);
    },
  }));
  return toCsv(columns, table.rows);
}
