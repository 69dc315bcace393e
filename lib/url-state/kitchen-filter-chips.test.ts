import { describe, expect, it } from "vitest";

import type { FilterOptions } from "@/lib/kitchen/contract/responses";

import { filterChips } from "./kitchen-filter-chips";
import { DEFAULT_METRIC, type KitchenView } from "./kitchen-view";

const base: KitchenView = {
  range: "7d",
  from: "20251101",
  to: "20251107",
  compare: true,
  compareWith: "week",
  metric: DEFAULT_METRIC,
  level: null,
  station: null,
  behavior: null,
  channel: null,
  source: null,
  item: null,
  service: null,
  maxMinutes: null,
  stuck: "exclude",
  histStation: null,
  histLevel: 0,
};

const options: FilterOptions = {
  stations: [
    { stationGuid: "grill-guid-0001", stationName: "Grill" },
    { stationGuid: null, stationName: null },
  ],
  behaviors: ["DINE_IN", null],
  sources: ["Online"],
  levels: [0, 1],
};

describe("the Kitchen toolbar's filter chips", () => {
  it("has none for the default view", () => {
    expect(filterChips(base, options)).toEqual([]);
  });

  it("names each active filter in words, in the panel's order, each removing itself alone", () => {
    const chips = filterChips(
      {
        ...base,
        metric: "wait_to_start",
        level: 1,
        station: "grill-guid-0001",
        behavior: "DINE_IN",
        channel: "drive-thru",
        service: "Lunch",
        item: "item-guid",
        maxMinutes: 60,
        stuck: "include",
      },
      options,
      "Burger",
    );
    expect(chips.map((c) => c.label)).toEqual([
      "Wait to start",
      expect.stringMatching(/^Level 1 · /),
      "Station: Grill",
      "Dine in",
      "Channel: Drive-thru",
      "Service: Lunch",
      "Item: Burger",
      "Under 60 min",
      "Items left on screen counted",
    ]);
    expect(chips.map((c) => c.remove)).toEqual([
      { metric: DEFAULT_METRIC },
      { level: null },
      { station: null },
      { behavior: null },
      { channel: null },
      { service: null },
      { item: null },
      { maxMinutes: null },
      { stuck: "exclude" },
    ]);
  });

  it("says 'no prep station' for the none filter, and the GUID's start before the options load", () => {
    expect(filterChips({ ...base, station: "(none)" }, options)[0]!.label).toBe("Station: No prep station");
    expect(filterChips({ ...base, station: "abcdef1234567890" }, undefined)[0]!.label).toBe(
      "Station: abcdef12",
    );
  });
});
