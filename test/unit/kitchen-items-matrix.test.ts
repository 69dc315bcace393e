import { describe, expect, it } from "vitest";

import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { itemsMatrixRows, restaurantItems } from "@/lib/kitchen/query/items-matrix";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * The items matrix's cells against a computation written here from the raw records alone: per
 * restaurant and multi-location id, the fire-to-fulfill seconds of the records at the level
 * (Date.parse, rounded half up, negative ones left out), sorted, nearest rank. The days go through
 * the stored encoding. Some records lose their multi-location id (counted apart) and some carry
 * another id than their GUID's other records (a version moved to another group): each record
 * counts under its own id.
 */

const world = defaultWorld();
const NAMES = ["Mesa Verde Cantina", "Lakeside Diner", "Old Town Grill"];
const restaurants = NAMES.map((name) => world.restaurants.find((r) => r.name === name)!);
const DATES = enumerateBusinessDates("20250303", "20250305");
const MOVED = "199999999999999";

const raw = restaurants.map((restaurant) => {
  const ctx = { world, restaurant, brand: "Platform" };
  const config = generateRestaurantConfig(ctx);
  return DATES.map((date) =>
    generateItemFulfillments(ctx, config, date).map((r, i): ItemFulfillment => {
      if (i % 97 === 3) return { ...r, selectionMenuItemMultiLocationId: null };
      if (i % 89 === 5) return { ...r, selectionMenuItemMultiLocationId: MOVED };
      return r;
    }),
  );
});
const days = raw.map((perDay, k) =>
  perDay.map((records, d) =>
    decodeDaySummary(encodeDaySummary(summariseDay(records, DATES[d]!, restaurants[k]!.timeZone))),
  ),
);

function secondsOf(r: ItemFulfillment): number | null {
  if (!r.ticketFiredAt || !r.itemFulfilledAt) return null;
  const ms = Date.parse(r.itemFulfilledAt) - Date.parse(r.ticketFiredAt);
  return Number.isNaN(ms) || ms < 0 ? null : Math.floor(ms / 1000 + 0.5);
}

/** restaurant index -> id -> sorted seconds; and records with a value but no id. */
function oracle(level: KitchenLevel) {
  return raw.map((perDay) => {
    const byId = new Map<string, number[]>();
    let without = 0;
    for (const r of perDay.flat()) {
      if (r.itemFulfillmentLevel !== level) continue;
      const s = secondsOf(r);
      if (s === null) continue;
      const id = r.selectionMenuItemMultiLocationId;
      if (!id) {
        without++;
        continue;
      }
      byId.set(id, [...(byId.get(id) ?? []), s]);
    }
    for (const list of byId.values()) list.sort((a, b) => a - b);
    return { byId, without };
  });
}
const rank = (sorted: number[], p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;

describe("items matrix", () => {
  const columns = restaurants.map((r) => ({ restaurantGuid: r.guid }));

  it.each(KITCHEN_LEVELS.map((l) => [l]))(
    "level %i: every cell's records, p50 and p90 equal the raw records' nearest rank",
    (level) => {
      const expected = oracle(level);
      const per = days.map((d) => restaurantItems(d, "fire_to_fulfill", level));
      per.forEach((items, k) => {
        expect(items.withoutMultiLocationId).toBe(expected[k]!.without);
        expect(items.records).toBe([...expected[k]!.byId.values()].reduce((n, l) => n + l.length, 0));
      });
      const rows = itemsMatrixRows(columns, per, { minRestaurants: 1, minRecords: 1 });
      const ids = new Set(expected.flatMap((e) => [...e.byId.keys()]));
      expect(new Set(rows.map((r) => r.multiLocationId))).toEqual(ids);
      if (level === 0) expect(ids.size).toBeGreaterThan(50);
      for (const row of rows) {
        row.cells.forEach((cell, k) => {
          const values = expected[k]!.byId.get(row.multiLocationId);
          expect(
            cell && { records: cell.records, p50: cell.p50, p90: cell.p90 },
            `${row.multiLocationId} ${NAMES[k]}`,
          ).toEqual(values ? { records: values.length, p50: rank(values, 50), p90: rank(values, 90) } : null);
        });
        expect(row.restaurants).toBe(row.cells.filter(Boolean).length);
      }
      // The moved id gathers records of several GUIDs in every restaurant; none of these has a second expediter.
      if (level < 2) expect(rows.find((r) => r.multiLocationId === MOVED)?.restaurants).toBe(3);
      else expect(rows).toEqual([]);
    },
  );

  it("keeps items sold in at least minRestaurants; ranks slowest and fastest by p50 among cells with minRecords, the gap between them", () => {
    const per = days.map((d) => restaurantItems(d, "fire_to_fulfill", 0));
    const rows = itemsMatrixRows(columns, per, { minRestaurants: 2, minRecords: 5 });
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.cells.filter(Boolean).length).toBeGreaterThanOrEqual(2);
      const eligible = row.cells.map((c, k) => ({ c, k })).filter((x) => x.c !== null && x.c.records >= 5);
      for (const { c } of row.cells.map((c) => ({ c }))) if (c) expect(c.fewRecords).toBe(c.records < 5);
      if (eligible.length < 2) {
        expect([row.slowestRestaurantGuid, row.fastestRestaurantGuid, row.gapSeconds]).toEqual([
          null,
          null,
          null,
        ]);
        continue;
      }
      const p50s = eligible.map((x) => x.c!.p50);
      expect(row.gapSeconds).toBe(Math.max(...p50s) - Math.min(...p50s));
      const slowest = eligible.find((x) => x.c!.p50 === Math.max(...p50s))!;
      const slowestCell =
        row.cells[columns.findIndex((c) => c.restaurantGuid === row.slowestRestaurantGuid)]!;
      expect(slowestCell.p50).toBe(slowest.c!.p50);
      expect(row.cells[columns.findIndex((c) => c.restaurantGuid === row.fastestRestaurantGuid)]!.p50).toBe(
        Math.min(...p50s),
      );
    }
    // Largest gap first, rows without one last.
    const gaps = rows.map((r) => r.gapSeconds);
    const firstNull = gaps.indexOf(null);
    const withGap = (firstNull < 0 ? gaps : gaps.slice(0, firstNull)) as number[];
    expect(withGap).toEqual([...withGap].sort((a, b) => b - a));
    if (firstNull >= 0) expect(gaps.slice(firstNull).every((g) => g === null)).toBe(true);
  });

  it("names a row by the name its versions carry most often, each cell by its restaurant's own", () => {
    const per = days.map((d) => restaurantItems(d, "fire_to_fulfill", 0));
    const rows = itemsMatrixRows(columns, per, { minRestaurants: 2, minRecords: 1 });
    for (const row of rows.filter((r) => r.multiLocationId !== MOVED).slice(0, 20)) {
      const counts = new Map<string, number>();
      raw.flat(2).forEach((r) => {
        if (
          r.itemFulfillmentLevel === 0 &&
          r.selectionMenuItemMultiLocationId === row.multiLocationId &&
          r.selectionMenuItemName &&
          secondsOf(r) !== null
        ) {
          counts.set(r.selectionMenuItemName, (counts.get(r.selectionMenuItemName) ?? 0) + 1);
        }
      });
      const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
      expect(row.itemName).toBe(best);
    }
  });
});
