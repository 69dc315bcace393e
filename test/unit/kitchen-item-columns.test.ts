import { describe, expect, it } from "vitest";

import {
  decodeItems,
  decodeItemStations,
  encodeItems,
  encodeItemStations,
} from "@/lib/kitchen/contract/item-columns";
import type { ItemStationFigures, Stats } from "@/lib/kitchen/contract/responses";
import type { KitchenItemsSection } from "@/lib/kitchen/contract/sections";

/**
 * The items section's columns (lib/kitchen/contract/item-columns.ts) on the edges the sandbox's
 * busy weeks rarely hold: null GUIDs and names, a GUID under two names, a row with no values
 * (nulls in the stats), no rows at all. The integration tests hold the real answers to the whole
 * summary byte for byte (kitchen-sections, api-routes).
 */

const stats = (count: number, p50: number | null = count ? 300 : null): Stats => ({
  count,
  excluded: count ? 0 : 2,
  mean: p50 === null ? null : p50 + 0.5,
  p50,
  p75: p50,
  p90: p50,
  p95: p50,
  max: p50,
});
const query = {
  restaurantGuid: "r-1",
  from: "20250310",
  to: "20250316",
  metric: "fire_to_fulfill" as const,
  filters: { level: null, station: null, behavior: null, source: null, item: null, until: null },
};
const items: KitchenItemsSection = {
  ...query,
  items: [
    { itemGuid: "i-1", itemName: "Fish Tacos", level: 0, stats: stats(40) },
    { itemGuid: "i-1", itemName: "Fish Tacos", level: 1, stats: stats(38, 420) },
    { itemGuid: "i-1", itemName: "Fish tacos (renamed)", level: 0, stats: stats(3) },
    { itemGuid: null, itemName: "Open item", level: 0, stats: stats(2) },
    { itemGuid: null, itemName: null, level: 2, stats: stats(0) },
  ],
  itemCount: 812,
  courses: [{ courseGuid: null, courseName: null, level: 0, stats: stats(45) }],
  courseCount: 1,
};
const station = (
  itemGuid: string | null,
  stationGuid: string | null,
  level: 0 | 1 | 2,
  late: number,
): ItemStationFigures => ({
  itemGuid,
  itemName: itemGuid && `Item ${itemGuid}`,
  stationGuid,
  stationName: stationGuid && `Station ${stationGuid}`,
  level,
  stats: stats(late + 5),
  targetSeconds: 600,
  late,
  veryLate: Math.floor(late / 2),
  secondsOverTarget: late * 61,
});
const itemStations = [
  station("i-1", "s-1", 0, 9),
  station("i-2", "s-1", 0, 4),
  station(null, null, 0, 0),
  station("i-1", "s-2", 1, 7),
  station("i-1", null, 1, 1),
];

describe("the items section's columns", () => {
  it("decode to the rows they were made from, key order included, each item and station named once", () => {
    const wire = JSON.parse(JSON.stringify(encodeItems(items))) as ReturnType<typeof encodeItems>;
    expect(JSON.stringify(decodeItems(wire))).toBe(JSON.stringify(items));
    // The same GUID under another name is its own entry; null GUID and name are entries too.
    expect(wire.itemNames.guids).toEqual(["i-1", "i-1", null, null]);
    expect(wire.items.item).toEqual([0, 0, 1, 2, 3]);
    expect(wire.items.stats.p50).toEqual([300, 420, 300, 300, null]);
  });

  it("keep the counts out when the answer has none, as the rows' answer would", () => {
    const { itemCount: _, courseCount: __, ...bare } = items;
    const decoded = decodeItems(encodeItems(bare));
    expect(Object.keys(decoded)).toEqual([...Object.keys(query), "items", "courses"]);
  });

  it("send one level's item × station rows, in the summary's order", () => {
    for (const level of [0, 1, 2] as const) {
      const wire = JSON.parse(JSON.stringify(encodeItemStations(query, itemStations, level)));
      const decoded = decodeItemStations(wire);
      expect(decoded.itemLevel).toBe(level);
      expect(JSON.stringify(decoded.itemStations)).toBe(
        JSON.stringify(itemStations.filter((r) => r.level === level)),
      );
    }
    const wire = encodeItemStations(query, itemStations, 1);
    expect(wire.stationNames).toEqual({ guids: ["s-2", null], names: ["Station s-2", null] });
    expect(wire.itemNames.guids).toEqual(["i-1"]);
  });

  it("refuse columns that do not line up or name no entry, rather than decode wrong rows", () => {
    const wire = encodeItemStations(query, itemStations, 0);
    expect(() => decodeItemStations({ ...wire, itemStations: { ...wire.itemStations, late: [1] } })).toThrow(
      /unequal lengths/,
    );
    const items0 = encodeItems(items);
    expect(() => decodeItems({ ...items0, items: { ...items0.items, item: [0, 0, 1, 2, 9] } })).toThrow(
      /item 9 is not in the dictionary of 4/,
    );
  });
});
