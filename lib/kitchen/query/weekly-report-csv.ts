import type { CsvColumn } from "@/lib/csv/csv";
import {
  csvDate,
  csvMinutes,
  csvPercentPoints,
  durationCsvColumns,
  percentCsvColumn,
} from "@/lib/csv/csv-format";
import type {
  KitchenWeeklyReport,
  WeeklyLevelFigures,
  WeeklyReportRow,
} from "@/lib/kitchen/contract/weekly-report";

const change = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined ? null : a - b;

/** One week's figures: `<prefix>records`, `late`, `late_pct`, p50 and p90 in seconds and minutes. */
function weekColumns(
  prefix: string,
  of: (r: WeeklyReportRow) => WeeklyLevelFigures | null,
): CsvColumn<WeeklyReportRow>[] {
  return [
    { header: `${prefix}records`, value: (r) => of(r)?.records ?? null },
    { header: `${prefix}late`, value: (r) => of(r)?.late ?? null },
    percentCsvColumn<WeeklyReportRow>(`${prefix}late`, (r) => of(r)?.lateShare),
    ...durationCsvColumns<WeeklyReportRow>(`${prefix}p50`, (r) => of(r)?.p50),
    ...durationCsvColumns<WeeklyReportRow>(`${prefix}p90`, (r) => of(r)?.p90),
  ];
}

/**
 * weekly-report.csv: one row per restaurant and level, the week's figures, the week before's, and
 * the change (this week minus the one before: counts, percentage points, seconds and minutes), so
 * a director sorts by `late` or `late_change` without a formula. The period is in every row.
 */
export function weeklyReportCsvColumns(
  report: Pick<KitchenWeeklyReport, "week" | "previousWeek">,
): CsvColumn<WeeklyReportRow>[] {
  const cur = (r: WeeklyReportRow) => r.current;
  const prev = (r: WeeklyReportRow) => r.previous;
  return [
    { header: "week_from", value: () => csvDate(report.week.from) },
    { header: "week_to", value: () => csvDate(report.week.to) },
    { header: "previous_from", value: () => csvDate(report.previousWeek.from) },
    { header: "previous_to", value: () => csvDate(report.previousWeek.to) },
    { header: "restaurant_guid", value: (r) => r.restaurantGuid },
    { header: "restaurant", value: (r) => r.restaurantName },
    { header: "location", value: (r) => r.locationName },
    { header: "archived", value: (r) => r.archived },
    { header: "status", value: (r) => r.status },
    { header: "level", value: (r) => r.level },
    ...weekColumns("", cur),
    ...weekColumns("previous_", prev),
    { header: "records_change", value: (r) => change(cur(r)?.records, prev(r)?.records) },
    { header: "late_change", value: (r) => change(cur(r)?.late, prev(r)?.late) },
    {
      header: "late_change_pts",
      value: (r) => csvPercentPoints(cur(r)?.lateShare ?? null, prev(r)?.lateShare ?? null),
    },
    { header: "p50_change_s", value: (r) => change(cur(r)?.p50, prev(r)?.p50) },
    { header: "p50_change_min", value: (r) => csvMinutes(change(cur(r)?.p50, prev(r)?.p50)) },
    { header: "p90_change_s", value: (r) => change(cur(r)?.p90, prev(r)?.p90) },
    { header: "p90_change_min", value: (r) => csvMinutes(change(cur(r)?.p90, prev(r)?.p90)) },
  ];
}
