import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { csvDate, csvHeader, csvInstant, durationCsvColumns, percentCsvColumn } from "@/lib/csv/csv-format";
import { csvStream } from "@/lib/csv/csv-stream";
import type { ChainLevelFigures } from "@/lib/kitchen/contract/chain";
import type {
  KitchenOverview,
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
 * sorting, filtering and pasting. Headers are snake_case with unit suffixes (_s, _min, _pct),
 * dates ISO (lib/csv/csv-format.ts). summary.csv: `provisional_dates`, how many of the range's dates
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
    ...(["mean", "p50", "p75", "p90", "p95", "max"] as const).flatMap((stat) =>
      durationCsvColumns<SummaryCsvRow>(stat, (r) => r.stats[stat]),
    ),
    { header: "provisional_dates", value: () => provisionalDates },
  ];
}

type WithDurations = {
  record: ItemFulfillment;
  durations: ReturnType<typeof recordDurations>;
  businessDate: string | undefined;
  provisional: boolean;
};

/** The record's instants (ISO 8601 with the restaurant's offset in the CSV); the other fields as sent. */
const INSTANT_FIELDS: ReadonlySet<string> = new Set(["ticketFiredAt", "itemFulfilledAt", "itemStartedAt"]);

function fulfillmentCsvColumns(timeZone: string | undefined): CsvColumn<WithDurations>[] {
  return [
    { header: "business_date", value: (r) => csvDate(r.businessDate) },
    ...ITEM_FULFILLMENT_FIELDS.map((field): CsvColumn<WithDurations> => ({
      header: csvHeader(field),
      value: INSTANT_FIELDS.has(field)
        ? (r) => csvInstant(r.record[field] as string | undefined, timeZone)
        : (r) => r.record[field] ?? null,
    })),
    ...durationCsvColumns<WithDurations>("fire_to_fulfill", (r) => r.durations.fire_to_fulfill),
    ...durationCsvColumns<WithDurations>("start_to_fulfill", (r) => r.durations.start_to_fulfill),
    ...durationCsvColumns<WithDurations>("wait_to_start", (r) => r.durations.wait_to_start),
    { header: "date_provisional", value: (r) => r.provisional },
  ];
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
 * store yields them, so a year of records never sits in memory at once. `timeZone`: the
 * restaurant's, whose wall clock the instants are written on (UTC without it).
 */
export function fulfillmentsCsv(
  chunks: AsyncIterable<readonly ItemFulfillment[] & { businessDate?: string }>,
  provisionalDates: ReadonlySet<string> = new Set(),
  timeZone?: string,
): ReadableStream<Uint8Array> {
  const rows = (async function* () {
    for await (const records of chunks) {
      // A chunk is one business date's (filteredRecords' RecordChunk): the records themselves carry none.
      const businessDate = records.businessDate;
      const provisional = businessDate !== undefined && provisionalDates.has(businessDate);
      yield records.map((record) => ({
        record,
        durations: recordDurations(record),
        businessDate,
        provisional,
      }));
    }
  })();
  return csvStream(fulfillmentCsvColumns(timeZone), rows);
}

const figureOf = (figures: OverviewLevelFigures[], level: KitchenLevel) =>
  figures.find((f) => f.level === level);

/** One level's Overview figures of one period (`l0_…` or `l0_previous_…`). */
function overviewLevelColumns(
  level: KitchenLevel,
  prefix: string,
  period: (r: OverviewCsvRow) => OverviewLevelFigures[],
): CsvColumn<OverviewCsvRow>[] {
  const at = (r: OverviewCsvRow) => figureOf(period(r), level);
  return [
    { header: `${prefix}_items`, value: (r) => at(r)?.items ?? null },
    { header: `${prefix}_records`, value: (r) => at(r)?.records ?? null },
    ...durationCsvColumns<OverviewCsvRow>(`${prefix}_p50`, (r) => at(r)?.p50),
    ...durationCsvColumns<OverviewCsvRow>(`${prefix}_p90`, (r) => at(r)?.p90),
    percentCsvColumn<OverviewCsvRow>(`${prefix}_on_time`, (r) => at(r)?.onTimeShare),
  ];
}

/**
 * A line of overview.csv: a restaurant's row, or (issue 36) an area subtotal or the chain total,
 * carried in a row of the same shape (`rowKind` says which; figures of the current period only).
 */
type OverviewCsvRow = KitchenOverviewRow & { rowKind?: "area" | "chain"; complete?: boolean };

/**
 * overview.csv: one row per restaurant the account may see, archived and not-entitled ones
 * included and marked; per level the figures of the period and of the period before it. Numbers
 * are numbers (seconds beside minutes, percentages), dates ISO, so a spreadsheet can compute with them.
 * Issue 36, appended so the columns before keep their places: `row_kind` (restaurant, area, chain),
 * `area` (the group a restaurant is listed under; an area row's own name), and per level the
 * restaurant's rank in the chain by p90 (1 the fastest) out of how many are ranked.
 */
export const overviewCsvColumns: CsvColumn<OverviewCsvRow>[] = [
  { header: "restaurant_guid", value: (r) => r.restaurantGuid },
  { header: "restaurant", value: (r) => r.restaurantName },
  { header: "location", value: (r) => r.locationName },
  { header: "archived", value: (r) => (r.rowKind ? null : r.archived) },
  // A subtotal is "partial" while one of its restaurants has no figures (an error): the ready ones'.
  { header: "status", value: (r) => (r.rowKind ? (r.complete ? "ready" : "partial") : r.status) },
  { header: "from", value: (r) => csvDate(r.period.from) },
  { header: "to", value: (r) => csvDate(r.period.to) },
  { header: "previous_from", value: (r) => csvDate(r.previousPeriod.from) },
  { header: "previous_to", value: (r) => csvDate(r.previousPeriod.to) },
  ...KITCHEN_LEVELS.flatMap((level) => [
    ...overviewLevelColumns(level, `l${level}`, (r) => r.current),
    ...overviewLevelColumns(level, `l${level}_previous`, (r) => r.previous),
  ]),
  { header: "row_kind", value: (r) => r.rowKind ?? "restaurant" },
  { header: "area", value: (r) => (r.rowKind === "area" ? r.restaurantName : (r.area?.name ?? null)) },
  ...KITCHEN_LEVELS.flatMap((level): CsvColumn<OverviewCsvRow>[] => [
    {
      header: `l${level}_chain_rank`,
      value: (r) => r.chainRanks?.find((c) => c.level === level)?.rank ?? null,
    },
    {
      header: `l${level}_chain_ranked`,
      value: (r) => r.chainRanks?.find((c) => c.level === level)?.of ?? null,
    },
  ]),
];

/**
 * overview.csv's lines: the restaurants in the Overview's order, then (with the chain part) one
 * subtotal per area and the chain's total, their percentiles the nearest rank over the union of
 * their restaurants' records (overview-chain.ts), never a mean; items and records summed. Their
 * dates span their restaurants' periods; the period before is not merged (left empty).
 */
export function overviewCsvRows(
  overview: Pick<KitchenOverview, "rows" | "areas" | "chain">,
): OverviewCsvRow[] {
  const ready = overview.rows.filter((r) => r.status === "ready");
  const subtotal = (
    rowKind: "area" | "chain",
    name: string,
    guids: ReadonlySet<string>,
    levels: readonly ChainLevelFigures[],
    complete: boolean,
  ): OverviewCsvRow => {
    const members = ready.filter((r) => guids.has(r.restaurantGuid));
    const span = (pick: (r: KitchenOverviewRow) => string, last: boolean) =>
      members.map(pick).sort()[last ? members.length - 1 : 0] ?? "";
    return {
      rowKind,
      complete,
      restaurantGuid: "",
      restaurantName: name,
      locationName: "",
      archived: false,
      status: "ready",
      period: { from: span((r) => r.period.from, false), to: span((r) => r.period.to, true) },
      previousPeriod: { from: "", to: "" },
      current: levels.map((l) => ({
        level: l.level,
        items: members.reduce((n, r) => n + (figureOf(r.current, l.level)?.items ?? 0), 0),
        records: l.records,
        p50: l.p50,
        p90: l.p90,
        onTimeShare: l.onTimeShare,
        late: l.late,
        targetSource: "default",
      })),
      previous: [],
      stuckRecords: 0,
    };
  };
  const areas = (overview.areas ?? []).map((a) =>
    subtotal("area", a.name, new Set(a.restaurantGuids), a.levels, a.complete),
  );
  const chain = overview.chain
    ? [
        subtotal(
          "chain",
          "Chain",
          new Set(ready.map((r) => r.restaurantGuid)),
          overview.chain.levels,
          overview.rows.every((r) => r.status !== "error" && r.status !== "pending"),
        ),
      ]
    : [];
  return [...overview.rows, ...areas, ...chain];
}
