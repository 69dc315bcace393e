import "server-only";

import type { Database } from "@/lib/db/database";
import {
  encodeItems,
  encodeItemStations,
  type KitchenItemStationsWire,
} from "@/lib/kitchen/contract/item-columns";
import { targetsOfMetric } from "@/lib/kitchen/contract/metric-targets";
import type { KitchenSummaryQuery } from "@/lib/kitchen/contract/params";
import type { DateCoverage, KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import {
  sectionOf,
  type KitchenItemsSection,
  type KitchenSectionWires,
  type KitchenSummarySections,
  type SummarySection,
} from "@/lib/kitchen/contract/sections";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { mergeDayParts } from "@/lib/kitchen/query/day-parts-summary";
import type { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { mergeScoped, type MergeScope } from "@/lib/kitchen/query/range-summary";
import { mergeTicketTimes } from "@/lib/kitchen/query/ticket-times";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import type { createAnomalyDays } from "./anomaly-days";
import type { createDayReader } from "./day-reader";
import type { RangeTargets } from "./range-answers";
import type { createRangeParts } from "./range-parts";
import type { KitchenRestaurant } from "./service-config";
import { summaryQueryFields } from "./summary-assembly";

/**
 * One section of a range's summary (lib/kitchen/contract/sections.ts), computing only what it
 * returns: every section reads the range's parts (rollups of its whole weeks and months, and its
 * other days), then
 * - figures and stations: the station × level merge alone (range-summary.ts `mergeScoped` with
 *   nothing more asked), which also gives the levels, targets, histogram, options and outliers;
 * - tickets: the ticket cubes alone (query/ticket-times.ts), no record merge;
 * - items, hours, trend: the station × level pass plus their own tables; trend adds the day
 *   parts, which read every day of the range (a rollup keeps neither weekdays nor services).
 * The answer is `sectionOf` the fields computed, so it is byte for byte the whole summary's
 * (kitchen-service.ts `summary`, assembled by summary-assembly.ts from the same functions). The
 * items' computation keeps their item × station rows beside the section (`ComputedSections`): the
 * route sends the section as columns and those rows a level at a time (`sectionAnswers`), both
 * from the one cached computation.
 */
export interface SectionDeps {
  db: Database;
  store: KitchenStore;
  reader: ReturnType<typeof createDayReader>;
  rangeParts: ReturnType<typeof createRangeParts>;
  interner: DimensionInterner;
  anomalyDays: ReturnType<typeof createAnomalyDays>;
}

/** What each record section merges beyond the station × level pass (tickets merges no records). */
const SCOPES: Record<Exclude<SummarySection, "tickets">, MergeScope> = {
  figures: { hours: false, trend: false, items: false },
  stations: { hours: false, trend: false, items: false },
  items: { hours: false, trend: false, items: true },
  hours: { hours: true, trend: false, items: false },
  trend: { hours: false, trend: true, items: false },
};

/** What a section's computation gives: the section, and for the items their item × station rows besides. */
type ComputedSections = Omit<KitchenSummarySections, "items"> & {
  items: KitchenItemsSection & Pick<KitchenSummary, "itemStations">;
};

export async function summarySection<S extends SummarySection>(
  deps: SectionDeps,
  restaurant: KitchenRestaurant,
  query: KitchenSummaryQuery,
  section: S,
  range: { dates: string[]; rows: Map<string, DayRow>; coverage: () => DateCoverage; targets: RangeTargets },
): Promise<ComputedSections[S]> {
  const { dates, rows } = range;
  const { filtersFor, partsOf, stuckReport } = deps.rangeParts;
  const { targets } = range;
  const parts = await partsOf(restaurant, dates, rows, [query.metric], query, targets.breaks);
  const merged = parts.partsFor(query.metric);
  const filters = filtersFor(query);
  // After the parts: a stored day found unreadable on the way is failed by then (day-reader.ts).
  const head = summaryQueryFields(restaurant, query, dates, rows, range.coverage(), merged, filters);
  if (section === "tickets") {
    return sectionOf(
      { ...head, ...mergeTicketTimes(merged, query.metric, filters, targets.ticketSeconds) },
      section,
    ) as ComputedSections[S];
  }
  const scope = SCOPES[section as Exclude<SummarySection, "tickets">];
  const answer: Partial<KitchenSummary> = {
    ...head,
    ...mergeScoped(
      merged,
      query.metric,
      filters,
      targetsOfMetric(query.metric, targets),
      deps.interner,
      scope,
    ),
  };
  if (section === "figures") answer.stuck = stuckReport(parts, query);
  if (section === "trend") {
    // As the whole summary's day parts: from the rollups and edge days the figures merged.
    answer.dayParts = mergeDayParts(merged, query.metric, filters, restaurant.closeoutHour);
    answer.anomalies = await deps.anomalyDays.anomaliesOf(
      restaurant,
      dates,
      rows,
      filters.stuckSeconds,
      query,
    );
  }
  if (section === "items")
    return { ...sectionOf(answer, "items"), itemStations: answer.itemStations! } as ComputedSections[S];
  return sectionOf(answer, section) as ComputedSections[S];
}

const mapAnswer = <T, U>(answer: RangeAnswer<T>, f: (value: T) => U): RangeAnswer<U> =>
  answer.ready ? { ready: true, value: f(answer.value) } : answer;

/**
 * The route's answers from the (cached) computations: each section as sent (the items as
 * columns, without their item × station rows), and those rows of one level, from the items'
 * computation (the same cache entry: a page asking both computes the items once).
 */
export function sectionAnswers(
  computed: <S extends SummarySection>(
    section: S,
    restaurant: KitchenRestaurant,
    query: KitchenSummaryQuery,
  ) => Promise<RangeAnswer<ComputedSections[S]>>,
) {
  return {
    section: async <S extends SummarySection>(
      restaurant: KitchenRestaurant,
      query: KitchenSummaryQuery,
      section: S,
    ): Promise<RangeAnswer<KitchenSectionWires[S]>> => {
      const answer = await computed(section, restaurant, query);
      if (section !== "items") return answer as RangeAnswer<KitchenSectionWires[S]>;
      return mapAnswer(answer as RangeAnswer<ComputedSections["items"]>, ({ itemStations: _, ...items }) =>
        encodeItems(items),
      ) as RangeAnswer<KitchenSectionWires[S]>;
    },
    itemStations: async (
      restaurant: KitchenRestaurant,
      query: KitchenSummaryQuery,
      itemLevel: KitchenLevel,
    ): Promise<RangeAnswer<KitchenItemStationsWire>> =>
      mapAnswer(await computed("items", restaurant, query), (items) =>
        encodeItemStations(items, items.itemStations, itemLevel),
      ),
  };
}
