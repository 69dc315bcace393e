import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { csvStream } from "@/lib/csv/csv-stream";
import { csvFileName } from "@/lib/csv/file-name";
import type {
  KitchenOverviewRow,
  OverviewLevelFigures,
  StationRef,
  Stats,
} from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { recordDurations } from "@/lib/kitchen/ingest/durations";
import { ITEM_FULFILLMENT_FIELDS, type ItemFulfillment } from "@/lib/platform/schemas";

/**
 * The columns of the kitchen CSV exports. Provisional dates (closed dates the Platform may still
 * revise until KITCHEN_SETTLE_H after closeout) are marked by a column, not a comment line: a
 * comment is data to a spreadsheet and an error to most CSV readers, while a column survives
 * sorting, filtering and pasting. summary.csv: `provisional_dates`, how many of the range's dates
 * in its figures may still change (the same on every row); fulfillments.csv: `date_provisional`
 * per record, true when its business date may still change.
 */

export type SummaryCsvRow = StationRef & { level: KitchenLevel; metric: KitchenMetric; stats: Stats };

function summaryCsvColumns(restaurantGuid: string, provisionalDates: number): CsvColumn<SummaryCsvRow>[] {
  return [
    { header: "restaurant_guid", value: () => restaurantGuid },
    { header: "station_guid", value: (r) => r.stationGuid },
    { header: "station_name", value: (r) => r.stationName },
    { header: "level", value: (r) => r.level },
    { header: "metric", value: (r) => r.metric },
    { header: "count", value: (r) => r.stats.count },
    { header: "excluded", value: (r) => r.stats.excluded },
    { header: "mean_s", value: (r) => r.stats.mean },
    { header: "p50_s", value: (r) => r.stats.p50 },
    { header: "p75_s", value: (r) => r.stats.p75 },
    { header: "p90_s", value: (r) => r.stats.p90 },
    { header: "p95_s", value: (r) => r.stats.p95 },
    { header: "max_s", value: (r) => r.stats.max },
    { header: "provisional_dates", value: () => provisionalDates },
  ];
}

type WithDurations = {
  record: ItemFulfillment;
  durations: ReturnType<typeof recordDurations>;
  provisional: boolean;
};

const fulfillmentCsvColumns: CsvColumn<WithDurations>[] = [
  ...ITEM_FULFILLMENT_FIELDS.map((field) => ({
    header: field,
    value: (r: WithDurations) => r.record[field] ?? null,
  })),
  { header: "fire_to_fulfill_s", value: (r) => r.durations.fire_to_fulfill },
  { header: "start_to_fulfill_s", value: (r) => r.durations.start_to_fulfill },
  { header: "wait_to_start_s", value: (r) => r.durations.wait_to_start },
  { header: "date_provisional", value: (r) => r.provisional },
];

export function kitchenCsvFileName(restaurantName: string, what: string, from: string, to: string): string {
  return csvFileName(restaurantName, what, from === to ? from : `${from}-${to}`);
}

/** summary.csv: one row per station, level and metric of the view; `provisionalDates`: DateCoverage.provisional's length. */
export function summaryCsv(
  restaurantGuid: string,
  rows: Iterable<SummaryCsvRow>,
  provisionalDates = 0,
): string {
  return toCsv(summaryCsvColumns(restaurantGuid, provisionalDates), rows);
}

/**
 * fulfillments.csv: every record of the range with its durations, written chunk by chunk as the
 * store yields them, so a year of records never sits in memory at once.
 */
export function fulfillmentsCsv(
  chunks: AsyncIterable<readonly ItemFulfillment[] & { businessDate?: string }>,
  provisionalDates: ReadonlySet<string> = new Set(),
): ReadableStream<Uint8Array> {
  const rows = (async function* () {
    for await (const records of chunks) {
      // A chunk is one business date's (filteredRecords' RecordChunk): the records themselves carry none.
      const provisional = records.businessDate !== undefined && provisionalDates.has(records.businessDate);
      yield records.map((record) => ({ record, durations: recordDurations(record), provisional }));
    }
  })();
  return csvStream(fulfillmentCsvColumns, rows);
}

type OverviewFigure = "items" | "records" | "p50" | "p90" | "onTimeShare";
const OVERVIEW_FIGURES: { key: OverviewFigure; header: string }[] = [
  { key: "items", header: "items" },
  { key: "records", header: "records" },
  { key: "p50", header: "p50_s" },
  { key: "p90", header: "p90_s" },
  { key: "onTimeShare", header: "on_time_share" },
];

const figureOf = (figures: OverviewLevelFigures[], level: KitchenLevel, key: OverviewFigure) =>
  figures.find((f) => f.level === level)?.[key] ?? null;

/**
 * overview.csv: one row per restaurant the account may see, archived and not-entitled ones
 * included and marked; per level the figures of the period and of the period before it. Numbers
 * are numbers (seconds, shares 0-1), so a spreadsheet can compute with them.
 */
export const overviewCsvColumns: CsvColumn<KitchenOverviewRow>[] = [
  { header: "restaurant_guid", value: (r) => r.restaurantGuid },
  { header: "restaurant", value: (r) => r.restaurantName },
  { header: "location", value: (r) => r.locationName },
  { header: "archived", value: (r) => r.archived },
  { header: "status", value: (r) => r.status },
  { header: "from", value: (r) => r.period.from },
  { header: "to", value: (r) => r.period.to },
  { header: "previous_from", value: (r) => r.previousPeriod.from },
  { header: "previous_to", value: (r) => r.previousPeriod.to },
  ...KITCHEN_LEVELS.flatMap((level) =>
    OVERVIEW_FIGURES.flatMap(({ key, header }): CsvColumn<KitchenOverviewRow>[] => [
      { header: `l${level}_${header}`, value: (r) => figureOf(r.current, level, key) },
      { header: `l${level}_${header}_previous`, value: (r) => figureOf(r.previous, level, key) },
    ]),
  ),
];
