import type { DataColumn } from "@/components/ui/table/data-table";
import type { CsvColumn } from "@/lib/csv/csv";
import { type Stats } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import type { PivotRow } from "@/lib/kitchen/present/summary-shapes";

/** One row per thing and level: the long format tables and CSV files use. */
export interface LevelRow {
  key: string;
  label: string;
  level: KitchenLevel;
  stats: Stats;
}

export function toLevelRows(rows: readonly PivotRow[], levels: readonly KitchenLevel[]): LevelRow[] {
  return rows.flatMap((row) =>
    levels.flatMap((level) => {
      const stats = row.byLevel[level];
      return stats ? [{ key: `${row.key}|${level}`, label: row.label, level, stats }] : [];
    }),
  );
}

const duration = (header: string, pick: (s: Stats) => number | null): DataColumn<LevelRow> => ({
  key: header,
  header,
  csvHeader: `${header} (s)`,
  value: (row) => pick(row.stats),
  cell: (row) => formatDuration(pick(row.stats)),
  align: "right",
});

/** Name, level, station fulfillments (records), percentiles in seconds (formatted on screen, raw in CSV), excluded. */
export function levelRowColumns(nameHeader: string): DataColumn<LevelRow>[] {
  return [
    { key: "name", header: nameHeader, value: (row) => row.label },
    {
      key: "level",
      header: "Level",
      value: (row) => row.level,
      cell: (row) => `${row.level} · ${LEVEL_LABELS[row.level]}`,
    },
    {
      key: "items",
      header: "Station fulfillments",
      value: (row) => row.stats.count,
      cell: (row) => formatCount(row.stats.count),
      align: "right",
    },
    duration("p50", (s) => s.p50),
    duration("p75", (s) => s.p75),
    duration("p90", (s) => s.p90),
    duration("p95", (s) => s.p95),
    duration("max", (s) => s.max),
    {
      key: "excluded",
      header: "Excluded",
      value: (row) => row.stats.excluded,
      cell: (row) => formatCount(row.stats.excluded),
      align: "right",
    },
  ];
}

/** The CSV columns of a table's columns (the ones not marked csv: false). */
export function csvColumnsOf<Row>(columns: DataColumn<Row>[]): CsvColumn<Row>[] {
  return columns
    .filter((c) => c.csv !== false)
    .map((c) => ({ header: c.csvHeader ?? c.header, value: c.value }));
}
