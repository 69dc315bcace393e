import type { DataColumn } from "@/components/ui/table/data-table";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import type { RowLate } from "@/lib/kitchen/present/late-figures";

import type { LevelRow } from "./stats-columns";

/**
 * The late-count columns a level table adds beside its percentiles: the target that applies to
 * the row, the share on time, and the late and very late counts (over the target, over 1.5 × it).
 * Screen cells in m:ss and formatted counts; the CSV gets plain numbers (target_s and target_min,
 * on_time_pct, counts).
 */
export function lateColumns(late: ReadonlyMap<string, RowLate>): DataColumn<LevelRow>[] {
  const of = (row: LevelRow) => late.get(row.key);
  const onTime = (row: LevelRow) => {
    const l = of(row);
    return l && l.count > 0 ? (l.count - l.late) / l.count : null;
  };
  return [
    {
      key: "target",
      header: "Target",
      csvUnit: "seconds",
      value: (r) => of(r)?.targetSeconds ?? null,
      cell: (r) => formatDuration(of(r)?.targetSeconds),
      align: "right",
    },
    {
      key: "on_time",
      header: "On time",
      csvUnit: "share",
      value: onTime,
      cell: (r) => formatShare(onTime(r)),
      align: "right",
    },
    {
      key: "late",
      header: "Late",
      value: (r) => of(r)?.late ?? null,
      cell: (r) => formatCount(of(r)?.late),
      align: "right",
    },
    {
      key: "very_late",
      header: "Very late (over 1.5 × target)",
      csvHeader: "very late",
      value: (r) => of(r)?.veryLate ?? null,
      cell: (r) => formatCount(of(r)?.veryLate),
      align: "right",
    },
  ];
}
