import { describe, expect, it } from "vitest";

import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { NONE_FILTER, RECORD_METRICS, type RecordMetric } from "@/lib/kitchen/contract/vocabulary";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { mergeDays, mergeRange, type SummaryFilters } from "@/lib/kitchen/query/range-summary";
import { addDays } from "@/lib/kitchen/query/rollup";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import { decodeRollup, encodeRollup } from "@/lib/kitchen/storage/rollup-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * `levels[i].items` (distinct order selections with a record at the level, after the filters)
 * against a count written here from the raw records alone: a Set of selectionGuids per level,
 * a record without one counting as an item of its own. The days are the sandbox's (items
 * fulfilled at two stations at level 0, expediter rows without a station), plus records without
 * a selectionGuid, through the stored encodings and a week's rollup.
 */

const world = defaultWorld();
const restaurant = world.restaurants.find((r) => r.name === "Old Town Grill")!;
const ctx = { world, restaurant, brand: "Platform" };
const config = generateRestaurantConfig(ctx);
// A whole ISO week (Monday to Sunday) and the day after it.
const DATES = enumerateBusinessDates("20250303", "20250310");

const rawDays = DATES.map((date) => {
  const records = generateItemFulfillments(ctx, config, date);
  // Every 50th record loses its selectionGuid: it cannot be matched, so it is an item of its own.
  return records.map((r, i) => (i % 50 === 7 ? { ...r, selectionGuid: null } : r));
});
const days = DATES.map((d, i) =>
  decodeDaySummary(encodeDaySummary(summariseDay(rawDays[i]!, d, restaurant.timeZone))),
);
const allRecords = rawDays.flat();

/** The filters the merge applies, written again: "(none)" matches an absent value. */
function kept(r: ItemFulfillment, f: SummaryFilters): boolean {
  const is = (value: string | null | undefined, wanted: string | undefined) =>
    wanted === undefined || (wanted === NONE_FILTER ? !value : value === wanted);
  return (
    (f.level === undefined || r.itemFulfillmentLevel === f.level) &&
    is(r.prepStationGuid, f.station) &&
    is(r.diningOptionBehavior, f.behavior) &&
    is(r.orderSource, f.source)
  );
}

/**
 * A selection's behavior and source (and item) are the first its records name, at any level of
 * one day: the sandbox, like a real export now and then, leaves a field out of one record.
 */
function withSelectionAttributes(records: readonly ItemFulfillment[]): ItemFulfillment[] {
  const first = new Map<string, Partial<ItemFulfillment>>();
  for (const r of records) {
    if (!r.selectionGuid) continue;
    const key = r.selectionGuid;
    const known = first.get(key) ?? {};
    known.selectionMenuItemGuid ??= r.selectionMenuItemGuid ?? undefined;
    known.diningOptionBehavior ??= r.diningOptionBehavior ?? undefined;
    known.orderSource ??= r.orderSource ?? undefined;
    first.set(key, known);
  }
  return records.map((r) => {
    if (!r.selectionGuid) return r;
    const known = first.get(r.selectionGuid)!;
    return {
      ...r,
      diningOptionBehavior: known.diningOptionBehavior ?? null,
      orderSource: known.orderSource ?? null,
    };
  });
}

/** Per level present in the range (whatever the filters, as the summary lists them), its distinct items after the filters. */
/** Whole seconds between two instants, half up; null when either is missing or the time runs backwards. */
function secondsBetween(from: string | null | undefined, to: string | null | undefined): number | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isNaN(ms) || ms < 0 ? null : Math.floor((ms + 500) / 1000);
}
const FIELDS: Record<RecordMetric, [keyof ItemFulfillment, keyof ItemFulfillment]> = {
  fire_to_fulfill: ["ticketFiredAt", "itemFulfilledAt"],
  start_to_fulfill: ["itemStartedAt", "itemFulfilledAt"],
  wait_to_start: ["ticketFiredAt", "itemStartedAt"],
};

function oracleItems(
  perDay: readonly (readonly ItemFulfillment[])[],
  f: SummaryFilters,
  metric: RecordMetric = "fire_to_fulfill",
): [number, number][] {
  const perLevel = new Map<number, Set<string>>();
  for (const r of perDay.flat())
    if (r.itemFulfillmentLevel === 0 || r.itemFulfillmentLevel === 1 || r.itemFulfillmentLevel === 2)
      perLevel.set(r.itemFulfillmentLevel, new Set());
  perDay.flatMap(withSelectionAttributes).forEach((r, i) => {
    const level = r.itemFulfillmentLevel;
    if (level !== 0 && level !== 1 && level !== 2) return;
    if (!kept(r, f)) return;
    const [a, b] = FIELDS[metric];
    const value = secondsBetween(r[a] as string | null | undefined, r[b] as string | null | undefined);
    // The outlier cut removes the record; an item stays while one of its records does.
    if (f.maxSeconds !== undefined && value !== null && value > f.maxSeconds) return;
    const set = perLevel.get(level) ?? new Set<string>();
    set.add(r.selectionGuid ?? `record #${i}`);
    perLevel.set(level, set);
  });
  return [...perLevel.entries()].sort((a, b) => a[0] - b[0]).map(([l, s]) => [l, s.size]);
}

const firstStations = [
  ...new Set(allRecords.filter((r) => r.itemFulfillmentLevel === 0).map((r) => r.prepStationGuid)),
].filter((s): s is string => !!s);
const FILTERS: SummaryFilters[] = [
  {},
  { level: 0 },
  { station: firstStations[0] },
  { station: firstStations[1], behavior: "DINE_IN" },
  { station: NONE_FILTER },
  { behavior: "TAKE_OUT", source: "Online" },
  { level: 2, source: "In Store" },
  { maxSeconds: 900 },
  { maxSeconds: 600, station: firstStations[0], level: 0 },
];

describe("distinct items per level", () => {
  it("drop an item under the outlier cut only when every one of its records is over it", () => {
    const all = mergeDays(days, "fire_to_fulfill", { level: 0 }, { 0: 600, 1: 720, 2: 840 }).levels[0]!;
    const cut = mergeDays(days, "fire_to_fulfill", { level: 0, maxSeconds: 600 }, { 0: 600, 1: 720, 2: 840 });
    expect(cut.outliers!.removed).toBeGreaterThan(0);
    expect(cut.levels[0]!.stats.count).toBe(all.stats.count - cut.outliers!.removed);
    expect(cut.levels[0]!.items).toBeLessThan(all.items);
    expect(all.items - cut.levels[0]!.items).toBeLessThan(cut.outliers!.removed);
  });

  it("the sandbox's days fulfil some items at two stations, so items and records differ at level 0", () => {
    const level0 = allRecords.filter((r) => r.itemFulfillmentLevel === 0);
    expect(new Set(level0.map((r) => r.selectionGuid)).size).toBeLessThan(level0.length);
  });

  for (const filters of FILTERS) {
    it(`equal a count of distinct selectionGuids in the raw records: ${JSON.stringify(filters)}`, () => {
      for (const metric of RECORD_METRICS) {
        const expected = oracleItems(rawDays, filters, metric).filter(
          ([l]) => filters.level === undefined || l === filters.level,
        );
        const merged = mergeDays(days, metric, filters, { 0: 600, 1: 720, 2: 840 });
        expect(
          merged.levels.map((l) => [l.level, l.items]),
          metric,
        ).toEqual(expected);
      }
    });
  }

  it("give the same counts from a week's rollup (marginals and detail) and the day after it", () => {
    const week = addDays("week", "20250303", days.slice(0, 7), [1, 2, 3, 4, 5, 6, 7]).fire_to_fulfill;
    const { head, detail } = encodeRollup(week);
    const stored = decodeRollup(head, detail);
    for (const filters of FILTERS) {
      const merged = mergeRange({ days: days.slice(7), rollups: [stored] }, "fire_to_fulfill", filters, {
        0: 600,
        1: 720,
        2: 840,
      });
      expect(
        merged.levels.map((l) => [l.level, l.items]),
        JSON.stringify(filters),
      ).toEqual(
        oracleItems(rawDays, filters).filter(([l]) => filters.level === undefined || l === filters.level),
      );
    }
  });
});
