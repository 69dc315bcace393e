import { describe, expect, it } from "vitest";

import type { MenuLoadItem } from "@/lib/kitchen/contract/menu-load";

import { menuLoadHeadline, quadrantRule } from "./menu-load-words";

const station = (guid: string | null, name: string | null, seconds: number, share: number) => ({
  stationGuid: guid,
  stationName: name,
  records: 1,
  seconds,
  shareOfStation: share,
});
const item = (name: string, fewRecords: boolean, stations: MenuLoadItem["stations"]): MenuLoadItem => ({
  itemGuid: name,
  itemName: name,
  selections: 1,
  records: fewRecords ? 3 : 40,
  excluded: 0,
  p50: 60,
  p90: 90,
  seconds: stations.reduce((n, s) => n + s.seconds, 0),
  minutes: 0,
  share: 0,
  fewRecords,
  quadrant: fewRecords ? "few" : "popular_quick",
  stations,
});

describe("menu load words", () => {
  it("names the item with the largest share of one station's time, items with enough records first", () => {
    const load = {
      stations: [
        { stationGuid: "g", stationName: "Grill", records: 10, seconds: 80_000 },
        { stationGuid: "f", stationName: "Fry", records: 10, seconds: 10_000 },
      ],
      items: [
        item("Burger", false, [station("g", "Grill", 24_800, 0.31)]),
        item("Fries", false, [station("f", "Fry", 2_000, 0.2)]),
        // 90% of Fry, but on three records: not a finding while a ranked item has one.
        item("Onion rings", true, [station("f", "Fry", 9_000, 0.9)]),
      ],
    };
    expect(menuLoadHeadline(load)).toBe("Burger uses 31% of Grill's minutes (413.3 of 1,333.3 min).");
    expect(menuLoadHeadline({ ...load, items: [load.items[2]!] })).toBe(
      "Onion rings uses 90% of Fry's minutes (150 of 166.7 min).",
    );
    // A named station before the records without one, whatever the share.
    const unrouted = item("Salad", false, [station(null, null, 5_000, 0.95)]);
    expect(menuLoadHeadline({ ...load, items: [unrouted, ...load.items] })).toContain("Burger uses 31%");
    expect(menuLoadHeadline({ stations: [], items: [unrouted] })).toBe(
      "Salad uses 95% of the minutes of the records without a station (83.3 of 83.3 min).",
    );
    expect(menuLoadHeadline({ stations: [], items: [] })).toBeNull();
  });

  it("states the quadrants' medians, or that no item has enough records", () => {
    expect(quadrantRule({ medians: { selections: 40, p90: 725, rankedItems: 12 }, minRankedCount: 20 })).toBe(
      "Against the medians of the 12 items with at least 20 records: popular = at least 40 selections, slow = p90 over 12m 05s.",
    );
    expect(
      quadrantRule({ medians: { selections: null, p90: null, rankedItems: 0 }, minRankedCount: 20 }),
    ).toBe("No item has 20 records yet: none is placed in a quadrant.");
  });
});
