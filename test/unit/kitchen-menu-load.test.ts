import { describe, expect, it } from "vitest";

import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { menuLoadOf } from "@/lib/kitchen/query/menu-load";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * The menu's load against a computation written here from the raw records alone: per item GUID
 * at the level (and station), the fire-to-fulfill seconds (Date.parse, rounded half up, negative
 * ones left out), their exact sum, nearest-rank p50 and p90, and distinct selections. The days go
 * through the stored encoding, three of them, so the sums cross days.
 */
const world = defaultWorld();
const restaurant = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
const DATES = enumerateBusinessDates("20250303", "20250305");
const ctx = { world, restaurant, brand: "Platform" };
const config = generateRestaurantConfig(ctx);
const raw = DATES.map((date) => generateItemFulfillments(ctx, config, date));
const days = raw.map((records, d) =>
  decodeDaySummary(encodeDaySummary(summariseDay(records, DATES[d]!, restaurant.timeZone))),
);

function secondsOf(r: ItemFulfillment): number | null {
  if (!r.ticketFiredAt || !r.itemFulfilledAt) return null;
  const ms = Date.parse(r.itemFulfilledAt) - Date.parse(r.ticketFiredAt);
  return Number.isNaN(ms) || ms < 0 ? null : Math.floor(ms / 1000 + 0.5);
}
const rank = (sorted: number[], p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;

/** item GUID -> sorted seconds, excluded records, distinct selections; at level 0 (and `station`). */
function oracle(station?: string, cut?: number) {
  const out = new Map<string, { values: number[]; excluded: number; selections: Set<string> }>();
  raw.forEach((records, d) =>
    records.forEach((r, i) => {
      if (r.itemFulfillmentLevel !== 0) return;
      if (station !== undefined && r.prepStationGuid !== station) return;
      const s = secondsOf(r);
      if (cut !== undefined && s !== null && s > cut) return;
      const key = r.selectionMenuItemGuid ?? "";
      const o = out.get(key) ?? out.set(key, { values: [], excluded: 0, selections: new Set() }).get(key)!;
      if (s === null) o.excluded++;
      else o.values.push(s);
      o.selections.add(r.selectionGuid ? `${d}:${r.selectionGuid}` : `${d}#${i}`);
    }),
  );
  for (const o of out.values()) o.values.sort((a, b) => a - b);
  return out;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("menu load", () => {
  it("gives each item its records, exact seconds, nearest-rank p50 and p90 and selections, and shares that add up to 100%", () => {
    const load = menuLoadOf(days, { level: 0 });
    const expected = oracle();
    expect(load.items.length).toBe(expected.size);
    expect(load.items.length).toBeGreaterThan(5);
    for (const item of load.items) {
      const o = expected.get(item.itemGuid ?? "")!;
      expect(o, item.itemName ?? "").toBeDefined();
      expect({
        records: item.records,
        excluded: item.excluded,
        seconds: item.seconds,
        p50: item.p50,
        p90: item.p90,
        selections: item.selections,
      }).toEqual({
        records: o.values.length,
        excluded: o.excluded,
        seconds: sum(o.values),
        p50: o.values.length ? rank(o.values, 50) : null,
        p90: o.values.length ? rank(o.values, 90) : null,
        selections: o.selections.size,
      });
      expect(item.minutes).toBe(item.seconds / 60);
      expect(item.fewRecords).toBe(item.records < MIN_RANKED_COUNT);
      // An item's stations hold exactly its seconds.
      expect(sum(item.stations.map((s) => s.seconds))).toBe(item.seconds);
    }
    expect(load.seconds).toBe(sum([...expected.values()].map((o) => sum(o.values))));
    expect(sum(load.items.map((i) => i.share))).toBeCloseTo(1, 12);
    // Per station, its items' shares of its time add up to 100%.
    for (const station of load.stations) {
      const shares = load.items.flatMap((i) =>
        i.stations.filter((s) => s.stationGuid === station.stationGuid).map((s) => s.shareOfStation),
      );
      expect(sum(shares), station.stationName ?? "").toBeCloseTo(1, 12);
    }
    expect(sum(load.stations.map((s) => s.seconds))).toBe(load.seconds);
    // Ordered by station-time, most first.
    const seconds = load.items.map((i) => i.seconds);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });

  it("places items in quadrants against the medians of the ranked items, and marks the few", () => {
    const load = menuLoadOf(days, { level: 0 });
    const ranked = load.items.filter((i) => i.records >= MIN_RANKED_COUNT);
    expect(load.medians.rankedItems).toBe(ranked.length);
    expect(ranked.length).toBeGreaterThan(3);
    const median = (xs: number[]) =>
      rank(
        [...xs].sort((a, b) => a - b),
        50,
      );
    expect(load.medians.selections).toBe(median(ranked.map((i) => i.selections)));
    expect(load.medians.p90).toBe(median(ranked.map((i) => i.p90!)));
    for (const i of load.items) {
      if (i.records < MIN_RANKED_COUNT) expect(i.quadrant).toBe("few");
      else
        expect(i.quadrant).toBe(
          `${i.selections >= load.medians.selections! ? "popular" : "unpopular"}_${i.p90! > load.medians.p90! ? "slow" : "quick"}`,
        );
    }
    expect(new Set(load.items.map((i) => i.quadrant)).size).toBeGreaterThan(2);
  });

  it("reads one station's records only, and leaves records over the cut out of everything", () => {
    const all = menuLoadOf(days, { level: 0 });
    const grill = all.stations[0]!;
    const station = menuLoadOf(days, { level: 0, station: grill.stationGuid! });
    expect(station.stations.map((s) => s.stationGuid)).toEqual([grill.stationGuid]);
    expect(station.seconds).toBe(grill.seconds);
    const expected = oracle(grill.stationGuid!);
    for (const item of station.items) {
      const o = expected.get(item.itemGuid ?? "")!;
      expect([item.records, item.seconds, item.p90, item.selections]).toEqual([
        o.values.length,
        sum(o.values),
        o.values.length ? rank(o.values, 90) : null,
        o.selections.size,
      ]);
    }
    const cut = all.medians.p90!;
    const under = menuLoadOf(days, { level: 0, cutSeconds: cut });
    const cutOracle = oracle(undefined, cut);
    expect(under.seconds).toBe(sum([...cutOracle.values()].map((o) => sum(o.values))));
    expect(Math.max(...under.items.map((i) => i.p90 ?? 0))).toBeLessThanOrEqual(cut);
    expect(menuLoadOf(days, { level: 0, station: "no-such-station" }).items).toEqual([]);
  });
});
