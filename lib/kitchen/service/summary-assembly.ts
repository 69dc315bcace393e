import { type KitchenSummaryQuery } from "@/lib/kitchen/contract/params";
import {
  type DateCoverage,
  type KitchenSummary,
  type StationRef,
  type Stats,
  type StuckReport,
} from "@/lib/kitchen/contract/responses";
import { DEFAULT_STUCK_MINUTES, stuckCutSeconds, type StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { KITCHEN_METRICS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import type { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import {
  mergeRange,
  mergeStationLevels,
  type DatedTargets,
  type RangeParts,
  type SummaryFilters,
} from "@/lib/kitchen/query/range-summary";
import { mergeTicketTimes, type DatedTicketTargets } from "@/lib/kitchen/query/ticket-times";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

import { ingestOf, sentNoRecords } from "./coverage";
import type { KitchenRestaurant } from "./service-config";

/**
 * The range summary's answer: the merged days (lib/kitchen/query/range-summary.ts) with the
 * restaurant, the query, the coverage and the ingest counts around them; and summary.csv's
 * station × level × metric rows.
 */

/**
 * The filters the cubes answer; `item` is answered by summarising the item's records instead
 * (kitchen-service.ts). Items left on screen are left out unless the query says `stuck=include`.
 */
export function filtersOf(
  query: {
    level?: KitchenLevel;
    station?: string;
    behavior?: string;
    channel?: string;
    source?: string;
    maxMinutes?: number;
    stuck?: StuckChoice;
  },
  stuckMinutes: number = DEFAULT_STUCK_MINUTES,
): SummaryFilters {
  const f: SummaryFilters = {};
  if (query.maxMinutes !== undefined) f.maxSeconds = query.maxMinutes * 60;
  const stuck = stuckCutSeconds(query.stuck, stuckMinutes);
  if (stuck !== undefined) f.stuckSeconds = stuck;
  if (query.level !== undefined) f.level = query.level;
  if (query.station !== undefined) f.station = query.station;
  if (query.behavior !== undefined) f.behavior = query.behavior;
  if (query.channel !== undefined) f.channel = query.channel;
  if (query.source !== undefined) f.source = query.source;
  return f;
}

export function assembleSummary(
  restaurant: KitchenRestaurant,
  query: KitchenSummaryQuery,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  coverage: DateCoverage,
  parts: RangeParts,
  targets: DatedTargets,
  ticketTargets: DatedTicketTargets,
  interner: DimensionInterner,
  filters: SummaryFilters,
  stuck: StuckReport,
): KitchenSummary {
  return {
    ...summaryQueryFields(restaurant, query, dates, rows, coverage, parts, filters),
    ...mergeRange(parts, query.metric, filters, targets, interner),
    ...mergeTicketTimes(parts, query.metric, filters, ticketTargets),
    stuck,
  };
}

/** The summary's fields before its figures: the restaurant, the query, the item's name, the coverage and ingest counts. */
export function summaryQueryFields(
  restaurant: KitchenRestaurant,
  query: KitchenSummaryQuery,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  coverage: DateCoverage,
  parts: RangeParts,
  filters: SummaryFilters,
) {
  return {
    restaurantGuid: restaurant.guid,
    restaurantName: restaurant.name,
    timeZone: restaurant.timeZone,
    from: query.from,
    to: query.to,
    metric: query.metric,
    filters: {
      level: filters.level ?? null,
      station: filters.station ?? null,
      behavior: filters.behavior ?? null,
      channel: filters.channel ?? null,
      source: filters.source ?? null,
      item: query.item ?? null,
      until: query.until ?? null,
      service: query.service ?? null,
    },
    itemName: query.item === undefined ? null : itemNameIn(parts, query.item),
    coverage,
    ingest: ingestOf(dates, rows),
    noRecordsSent: sentNoRecords(dates, rows),
  } satisfies Partial<KitchenSummary>;
}

/** The first name the parts' days give the item (they hold only its records). */
function itemNameIn(parts: RangeParts, item: string): string | null {
  for (const day of parts.days) {
    const found = day.items.find((v) => v.guid === item && v.name !== null);
    if (found) return found.name;
  }
  return null;
}

export type StationLevelRow = StationRef & { level: KitchenLevel; metric: KitchenMetric; stats: Stats };

/** summary.csv: one row per station and level, the three metrics in a fixed order beneath each other. */
export function stationLevelRows(
  partsOf: (metric: KitchenMetric) => RangeParts,
  filters: SummaryFilters,
  interner: DimensionInterner,
): StationLevelRow[] {
  const perMetric = KITCHEN_METRICS.map((metric) => ({
    metric,
    rows: mergeStationLevels(partsOf(metric), metric, filters, interner),
  }));
  const out: StationLevelRow[] = [];
  for (const [i, base] of perMetric[0]!.rows.entries()) {
    for (const { metric, rows: r } of perMetric) {
      const row = r[i]!;
      if (row.stationGuid !== base.stationGuid || row.level !== base.level)
        throw new Error("station rows differ between metrics");
      out.push({
        stationGuid: row.stationGuid,
        stationName: row.stationName,
        level: row.level,
        metric,
        stats: row.stats,
      });
    }
  }
  return out;
}
