import styles from "@/components/kitchen/cards/cards.module.css";
import type { DataColumn } from "@/components/ui/table/data-table";
import { compareRanked, hasFewRecords, MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import type { RowLate } from "@/lib/kitchen/present/late-figures";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

import type { LevelRow } from "./stats-columns";

/** A click on a chart that filters the page: the view's change, pushed to the URL (Back undoes it). */
export type Drill = (patch: Partial<KitchenView>) => void;

/**
 * The station filter a station row's key stands for (`stationKey`: a GUID, or "(none)" for
 * records without a prep station), or null for an expediter's row ("(level 1)"), which is a level
 * of its own, not a station the page can filter by.
 */
export function stationFilterOfKey(rowKey: string): string | null {
  const station = rowKey.split("|")[0] ?? "";
  return station === "" || /^\(level \d\)$/.test(station) ? null : station;
}

/**
 * Level rows in ranked order (ranking.ts): by level, then within a level most late items first
 * (when the card knows them), rows with fewer than MIN_RANKED_COUNT records after the others.
 * Without late counts only the few-record rows move: the rest keep the order they came in; with
 * `inOrder`, none moves (rows whose order means something, not a ranking).
 */
export function rankLevelRows(
  rows: LevelRow[],
  late: ReadonlyMap<string, RowLate> | undefined,
  inOrder = false,
): LevelRow[] {
  // Rows in an order of their own (the services, as the business day runs): by level only.
  if (inOrder)
    return rows
      .map((row, i) => ({ row, i }))
      .sort((a, b) => a.row.level - b.row.level || a.i - b.i)
      .map((x) => x.row);
  return rows
    .map((row, i) => ({ row, i }))
    .sort(
      (a, b) =>
        a.row.level - b.row.level ||
        (late
          ? compareRanked(
              { count: a.row.stats.count, late: late.get(a.row.key)?.late ?? null },
              { count: b.row.stats.count, late: late.get(b.row.key)?.late ?? null },
            )
          : Number(hasFewRecords(a.row.stats.count)) - Number(hasFewRecords(b.row.stats.count))) ||
        a.i - b.i,
    )
    .map((x) => x.row);
}

/** The "few records" mark beside a row's name: shown, but ranked after every row with enough. */
function FewRecordsBadge() {
  return (
    <span className={styles.fewBadge} title={`Fewer than ${MIN_RANKED_COUNT} records: listed last`}>
      few records
    </span>
  );
}

/** The table's name column with the few-records mark, and a button per drillable row (the keyboard's way to drill). */
export function withDrillColumns(
  columns: DataColumn<LevelRow>[],
  drill: { label: (row: LevelRow) => string | null; onDrill: (row: LevelRow) => void } | undefined,
): DataColumn<LevelRow>[] {
  const named = columns.map((c) =>
    c.key === "name"
      ? {
          ...c,
          cell: (row: LevelRow) => (
            <>
              {row.label}
              {hasFewRecords(row.stats.count) ? <> {<FewRecordsBadge />}</> : null}
            </>
          ),
        }
      : c,
  );
  if (!drill) return named;
  return [
    ...named,
    {
      key: "drill",
      header: "Filter",
      csv: false,
      sortable: false,
      value: () => null,
      cell: (row) => {
        const label = drill.label(row);
        return label ? (
          <button type="button" className={styles.drillButton} onClick={() => drill.onDrill(row)}>
            {label}
          </button>
        ) : null;
      },
    },
  ];
}
