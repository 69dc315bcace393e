import { describe, expect, it } from "vitest";

import { groupCsvName, kitchenPageCsvName, overviewRangeWords } from "./csv-file-names";

const base = {
  metric: "fire_to_fulfill",
  level: null,
  station: null,
  behavior: null,
  source: null,
  item: null,
  service: null,
  maxMinutes: null,
  from: "20261113",
  to: "20261119",
} as const;

describe("kitchen CSV file names", () => {
  it("name the period's ISO dates, and no metric for the default fire to fulfill, with no filter", () => {
    expect(kitchenPageCsvName("Harbor Street Kitchen", "kitchen stations", base)).toBe(
      "harbor-street-kitchen_kitchen-stations_2026-11-13_2026-11-19.csv",
    );
  });

  it("put the filters after the dates (the issue's example)", () => {
    expect(
      kitchenPageCsvName(
        "Harbor Street Kitchen",
        "kitchen stations",
        { ...base, level: 0, station: "g-1" },
        {
          station: "Grill",
        },
      ),
    ).toBe("harbor-street-kitchen_kitchen-stations_2026-11-13_2026-11-19_level-0_station-grill.csv");
  });

  it("write one date for a one-day period", () => {
    expect(kitchenPageCsvName("Harbor", "daily", { ...base, from: "20261119", to: "20261119" })).toBe(
      "harbor_daily_2026-11-19.csv",
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
      stuck: "include",
      until: "1424",
    } as const;
    expect(kitchenPageCsvName("Harbor", "items", view, { station: "Grill", item: "Fish Tacos" })).toBe(
      "harbor_items_2026-11-13_2026-11-19_wait-to-start_level-1_station-grill_take-out_no-source_item-fish-tacos_service-late-night_under-45-min_with-left-on-screen_until-1424.csv",
    );
  });

  it("take a CSV route's query as it is parsed: absent fields are not in force", () => {
    expect(
      kitchenPageCsvName("Harbor", "kitchen-summary", { from: "20261113", to: "20261119", station: "g-1" }),
    ).toBe("harbor_kitchen-summary_2026-11-13_2026-11-19_station-g-1.csv");
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
    ).toBe("harbor_ticket-times-fire-to-fulfill-levels-0-1_2026-11-13_2026-11-19.csv");
  });

  it("keep names ASCII: accents dropped, not turned into dashes", () => {
    expect(kitchenPageCsvName("Crème & Brûlée", "stations", base)).toBe(
      "creme-brulee_stations_2026-11-13_2026-11-19.csv",
    );
  });
});

describe("cross-restaurant CSV file names", () => {
  it("span every restaurant's period and add the choices in force", () => {
    expect(
      groupCsvName(
        "kitchen-overview",
        [
          { from: "20261113", to: "20261119" },
          { from: "20261112", to: "20261118" },
          { from: "", to: "" },
        ],
        [overviewRangeWords("7d"), ""],
      ),
    ).toBe("kitchen-overview_2026-11-12_2026-11-19_last-7-days.csv");
    expect(groupCsvName("kitchen-overview", [{ from: "20261119", to: "20261119" }], ["yesterday"])).toBe(
      "kitchen-overview_2026-11-19_yesterday.csv",
    );
    expect(groupCsvName("kitchen-overview", [])).toBe("kitchen-overview.csv");
  });
});

describe("overviewRangeWords", () => {
  it("words every Overview range", () => {
    expect(["yesterday", "lastweek", "7d", "30d"].map((r) => overviewRangeWords(r as never))).toEqual([
      "yesterday",
      "last week",
      "last 7 days",
      "last 30 days",
    ]);
  });
});
