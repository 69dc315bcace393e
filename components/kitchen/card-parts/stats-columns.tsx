import type { DataColumn } from "@/components/ui/table/data-table";
import type { CsvColumn } from "@/lib/csv/csv";
import { tableCsvColumns, type CsvUnit } from "@/lib/csv/csv-format";
import { type Stats } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import type { HistogramRow, PivotRow } from "@/lib/kitchen/present/summary-shapes";

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

/** A right-aligned column of figures: `cell` on screen, `value` (in `csvUnit`) in the CSV. */
function figureColumn<Row>(
  key: string,
  header: string,
  value: (row: Row) => number | null,
  cell: (row: Row) => string,
  csvUnit?: CsvUnit,
): DataColumn<Row> {
  return { key, header, ...(csvUnit ? { csvUnit } : {}), value, cell, align: "right" };
}

/** A column of seconds: "4m 05s" on screen, `<header>_s` and `<header>_min` in the CSV. */
export function durationColumn<Row>(key: string, header: string, pick: (row: Row) => number | null) {
  return figureColumn(key, header, pick, (row) => formatDuration(pick(row)), "seconds");
}

/** A count, grouped on screen ("1,204"). */
export function countColumn<Row>(key: string, header: string, pick: (row: Row) => number) {
  return figureColumn(key, header, pick, (row) => formatCount(pick(row)));
}

/** A share 0..1: a percentage on screen, `<header>_pct` with one decimal in the CSV (empty when there is none). */
export function shareColumn<Row>(key: string, header: string, pick: (row: Row) => number | null) {
  return figureColumn(key, header, pick, (row) => formatShare(pick(row)), "share");
}

/** A histogram's bins as a table: the band in seconds, its count (`countHeader`), share and cumulative share. */
export function binColumns(countHeader: string): DataColumn<HistogramRow>[] {
  return [
    durationColumn("from", "From", (b) => b.from),
    {
      ...durationColumn<HistogramRow>("to", "To (exclusive)", (b) => b.to),
      cell: (b) => (b.to === null ? "and longer" : formatDuration(b.to)),
    },
    countColumn("count", countHeader, (b) => b.count),
    shareColumn("share", "Share", (b) => b.share),
    shareColumn("cumulative", "Cumulative share", (b) => b.cumulative),
  ];
}

const duration = (header: string, pick: (s: Stats) => number | null) =>
  durationColumn<LevelRow>(header, header, (row) => pick(row.stats));

/** Name, level, station fulfillments (records), percentiles (formatted on screen, seconds and minutes in CSV), excluded. */
export function levelRowColumns(nameHeader: string): DataColumn<LevelRow>[] {
  return [
    { key: "name", header: nameHeader, value: (row) => row.label },
    {
      key: "level",
      header: "Level",
      value: (row) => row.level,
      cell: (row) => `${row.level} · ${LEVEL_LABELS[row.level]}`,
    },
    countColumn("items", "Station fulfillments", (row) => row.stats.count),
    duration("p50", (s) => s.p50),
    duration("p75", (s) => s.p75),
    duration("p90", (s) => s.p90),
    duration("p95", (s) => s.p95),
    duration("max", (s) => s.max),
    countColumn("excluded", "Excluded", (row) => row.stats.excluded),
  ];
}

/** The CSV columns of a table's columns (the ones not marked csv: false), as the table's own CSV writes them. */
export function csvColumnsOf<Row>(columns: DataColumn<Row>[]): CsvColumn<Row>[] {
  return tableCsvColumns(columns);
}
