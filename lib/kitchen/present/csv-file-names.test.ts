import { describe, expect, it } from "vitest";

import { kitchenPageCsvName } from "./csv-file-names";

const base = {
  metric: "fire_to_fulfill",
  level: null,
  station: null,
  behavior: null,
  source: null,
  item: null,
  service: null,
  maxMinutes: null,
  from: "20250303",
  to: "20250309",
} as const;

describe("kitchen CSV file names", () => {
  it("name the metric and the dates with no filter", () => {
    expect(kitchenPageCsvName("Harbor Street Kitchen", "stations", base)).toBe(
      "harbor-street-kitchen_stations_fire-to-fulfill_20250303_20250309.csv",
    );
  });

  it("name every filter in force, with the station's and item's words", () => {
    const view = {
      ...base,
      metric: "wait_to_start",
      level: 1,
      station: "g-1",
      behavior: "TAKE_OUT",
      source: "(none)",
      item: "i-1",
      service: "Late Night",
      maxMinutes: 45,
    } as const;
    expect(kitchenPageCsvName("Harbor", "items", view, { station: "Grill", item: "Fish Tacos" })).toBe(
      "harbor_items_wait-to-start_level-1_station-grill_take-out_no-source_item-fish-tacos_service-late-night_under-45-min_20250303_20250309.csv",
    );
  });

  it("tell apart two downloads of one card under different views", () => {
    const a = kitchenPageCsvName("Harbor", "daily", base);
    const b = kitchenPageCsvName("Harbor", "daily", { ...base, level: 2 });
    const c = kitchenPageCsvName("Harbor", "daily", { ...base, metric: "start_to_fulfill" });
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it("leave out the page's metric when the figure names its own", () => {
    expect(
      kitchenPageCsvName("Harbor", "ticket times fire to fulfill levels 0 1", {
        ...base,
        metric: "wait_to_start",
      }),
    ).toBe("harbor_ticket-times-fire-to-fulfill-levels-0-1_20250303_20250309.csv");
  });
});
