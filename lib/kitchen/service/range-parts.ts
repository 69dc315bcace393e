import "server-only";

import type { StuckReport } from "@/lib/kitchen/contract/responses";
import { DEFAULT_STUCK_MINUTES } from "@/lib/kitchen/contract/stuck-items";
import type { KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import type { DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { marginalsAnswer, type RangeParts } from "@/lib/kitchen/query/range-summary";
import type { Rollup } from "@/lib/kitchen/query/rollup";
import { countStuck, hasStuck } from "@/lib/kitchen/query/stuck-items";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import type { createDayReader } from "./day-reader";
import { hasRecordFilter, stuckFreeDays, type RecordFilter } from "./filtered-days";
import type { createRollupReader } from "./rollup-reader";
import type { KitchenRestaurant, KitchenServiceConfig } from "./service-config";
import { filtersOf } from "./summary-assembly";

/**
 * What a range's figures are merged from (kitchen-service.ts's summaries and summary.csv), with
 * the items left on screen's rule applied: the query's filters (`filtersFor`: the cuts included),
 * the parts (`partsOf`) and the count of stuck records they hold (`stuckReport`).
 */
interface RangePartsDeps {
  store: KitchenStore;
  reader: ReturnType<typeof createDayReader>;
  rollups: ReturnType<typeof createRollupReader>;
  config: KitchenServiceConfig;
  /** The days of the range summarised again from their records passing the filter (filtered-days.ts). */
  recordFiltered: (
    r: KitchenRestaurant,
    dates: readonly string[],
    rows: Map<string, DayRow>,
    filter: RecordFilter,
    withFacts: boolean,
    stuckSeconds?: number,
  ) => Promise<{ summaries: DaySummary[] }>;
}

export function createRangeParts({ store, reader, rollups, config, recordFiltered }: RangePartsDeps) {
  const stuckMinutes = config.stuckMinutes ?? DEFAULT_STUCK_MINUTES;
  const filtersFor = (query: Parameters<typeof filtersOf>[0]) => filtersOf(query, stuckMinutes);

  /**
   * The range as rollups of the metrics plus its other days, decoded; with `item`, `service` or
   * `until`, the passing records' days summarised again (filtered-days.ts). With items left on
   * screen left out and a metric other than fire to fulfill asked, the days that hold stuck records
   * are summarised again without them (stuckFreeDays) and the range is merged from days only: a
   * rollup cannot give them back. `stuckParts`: fire-to-fulfill parts to count the stuck records on (countStuck); `kept`:
   * days whose stuck records could not be separated (raw records past retention).
   */
  type PartsQuery = Parameters<typeof filtersOf>[0] & RecordFilter;
  async function partsOf(
    restaurant: KitchenRestaurant,
    dates: readonly string[],
    rows: Map<string, DayRow>,
    metrics: readonly KitchenMetric[],
    query: PartsQuery,
    /** Dates where the targets change (range-answers.ts): no rollup is read across one. */
    targetBreaks: readonly string[] = [],
  ) {
    const filters = filtersFor(query);
    const stuck = filters.stuckSeconds;
    const daysOnly = (days: DaySummary[], kept: DaySummary[] = []) => ({
      partsFor: (): RangeParts => ({ days, rollups: [] }),
      stuckParts: { days, rollups: [] },
      kept,
    });
    if (hasRecordFilter(query))
      return daysOnly((await recordFiltered(restaurant, dates, rows, query, false, stuck)).summaries);
    const guid = restaurant.guid;
    if (stuck !== undefined && metrics.some((m) => m !== "fire_to_fulfill")) {
      const stored = await reader.daySummaries(guid, dates, rows);
      if (stored.some((d) => hasStuck(d, stuck))) {
        const { days, kept } = await stuckFreeDays(store, restaurant, stored, stuck);
        return daysOnly(days, kept);
      }
    }
    // Fire-to-fulfill rollups too: the stuck records are counted on them.
    const asked = [...new Set<KitchenMetric>([...metrics, "fire_to_fulfill"])];
    const split =
      config.rollups === false
        ? { rollups: new Map<KitchenMetric, Rollup[]>(asked.map((m) => [m, []])), rest: dates }
        : await rollups.split(guid, dates, rows, asked, !marginalsAnswer(filters), targetBreaks);
    const days = await reader.daySummaries(guid, split.rest, rows);
    const partsFor = (metric: KitchenMetric): RangeParts => ({
      days,
      rollups: split.rollups.get(metric) ?? [],
    });
    return {
      partsFor,
      stuckParts: partsFor("fire_to_fulfill"),
      kept: [] as DaySummary[],
    };
  }

  /** How many items left on screen the figures' records hold (after the other filters), and whether they count. */
  function stuckReport(
    parts: { stuckParts: RangeParts; kept: DaySummary[] },
    query: Parameters<typeof filtersOf>[0],
  ): StuckReport {
    const filters = filtersFor(query);
    const limit = stuckMinutes * 60;
    const report: StuckReport = {
      maxMinutes: stuckMinutes,
      records: countStuck(parts.stuckParts, filters, limit),
      included: filters.stuckSeconds === undefined,
    };
    const kept =
      filters.stuckSeconds === undefined ? 0 : countStuck({ days: parts.kept, rollups: [] }, filters, limit);
    return kept > 0 ? { ...report, unseparated: kept } : report;
  }

  return { filtersFor, partsOf, stuckReport };
}
