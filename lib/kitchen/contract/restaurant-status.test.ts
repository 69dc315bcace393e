import { describe, expect, it } from "vitest";

import { businessDateWeekday } from "@/lib/business-date/business-date";
import { presetRange, previousPeriod } from "@/lib/kitchen/contract/date-range";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";

import {
  ACT_LATE_SHARE,
  biggestMovers,
  MOVER_POINTS,
  MOVERS_SHOWN,
  previousPeriodLabel,
  rankRestaurants,
  restaurantVerdict,
  WATCH_LATE_SHARE,
  WORSE_P90_SECONDS,
  WORSE_POINTS,
  worstStation,
  type RankedRow,
  type StatusFigures,
} from "./restaurant-status";

const figures = (records: number, late: number, p90: number | null = 600): StatusFigures => ({
  records,
  late,
  p90,
});

describe("restaurantVerdict (the status rule)", () => {
  it("acts on a share late at or over the act line whatever the trend, and says why in words", () => {
    const v = restaurantVerdict(figures(1000, ACT_LATE_SHARE * 1000), figures(1000, 350), "previous week");
    expect(v.status).toBe("act");
    expect(v.reason).toBe("300 late items, 30.0% late at level 0 (−5.0 pts), ±0 s p90 vs previous week");
  });

  it("watches a share late at the watch line that is not getting worse, acts once it is", () => {
    const steady = restaurantVerdict(figures(4527, 905, 700), figures(4527, 905, 700), "previous week");
    expect(steady).toEqual({
      status: "watch",
      reason: "905 late items, 20.0% late at level 0 (±0.0 pts), ±0 s p90 vs previous week",
    });
    // The case: the one kitchen whose p90 rose is the one to act on.
    const slower = restaurantVerdict(
      figures(4527, 905, 724),
      figures(4527, 905, 724 - WORSE_P90_SECONDS),
      "previous week",
    );
    expect(slower.status).toBe("act");
    expect(slower.reason).toBe(
      "905 late items, 20.0% late at level 0 (±0.0 pts), +20 s p90 vs previous week",
    );
    const moreLate = restaurantVerdict(
      figures(1000, WATCH_LATE_SHARE * 1000 + WORSE_POINTS * 10),
      figures(1000, WATCH_LATE_SHARE * 1000),
      "previous week",
    );
    expect(moreLate.status).toBe("act");
  });

  it("watches a restaurant under the watch line that is getting worse; on track otherwise", () => {
    const under = WATCH_LATE_SHARE * 1000 - 1;
    expect(
      restaurantVerdict(figures(1000, 50), figures(1000, 50 - WORSE_POINTS * 10), "previous day").status,
    ).toBe("watch");
    const before = 611;
    const p90Rise = (seconds: number) =>
      restaurantVerdict(figures(1000, 50, before + seconds), figures(1000, 50, before), "previous day")
        .status;
    expect(p90Rise(WORSE_P90_SECONDS - 1)).toBe("on_track");
    expect(p90Rise(WORSE_P90_SECONDS)).toBe("watch");
    expect(restaurantVerdict(figures(1000, under), figures(1000, under), "previous day").status).toBe(
      "on_track",
    );
  });

  it("judges no trend against a previous period with too few records, and no status on too few records", () => {
    const noBefore = restaurantVerdict(figures(1000, 50), figures(MIN_RANKED_COUNT - 1, 19), "previous week");
    expect(noBefore).toEqual({
      status: "on_track",
      reason: "50 late items, 5.0% late at level 0, no previous week to compare",
    });
    expect(restaurantVerdict(figures(1000, 50), null, "previous week").status).toBe("on_track");
    const tiny = restaurantVerdict(figures(6, 6), figures(1000, 10), "previous week");
    expect(tiny).toEqual({
      status: "on_track",
      reason: "6 late items of 6 records at level 0: too few to judge",
    });
  });
});

const row = (
  name: string,
  current: StatusFigures,
  previous: StatusFigures | null,
  ready = true,
): RankedRow => ({
  restaurantGuid: name.toLowerCase(),
  restaurantName: name,
  ready,
  current,
  previous,
});

describe("rankRestaurants", () => {
  it("puts the most late items first, not the slowest p90; ties by share late, then name; no figures last", () => {
    const rows = [
      row("Slow but few", figures(200, 30, 1500), null),
      row("Pending", figures(0, 0, null), null, false),
      row("Busy", figures(5000, 400, 700), null),
      row("Small share", figures(10000, 400, 650), null),
      row("Also pending", figures(0, 0, null), null, false),
      row("Alpha", figures(200, 30, 500), null),
    ];
    expect(rankRestaurants(rows).map((r) => r.restaurantName)).toEqual([
      "Busy",
      "Small share",
      "Alpha",
      "Slow but few",
      "Also pending",
      "Pending",
    ]);
  });
});

describe("biggestMovers", () => {
  it("names the largest changes of the share late each way, and a p90 rise or fall of the status rule's size", () => {
    const rows = [
      row("Worse by 3", figures(1000, 80, 700), figures(1000, 50, 676)),
      row("Worse by 1.5", figures(1000, 65), figures(1000, 50)),
      row("Flat-ish", figures(1000, 50 + MOVER_POINTS * 10 - 1), figures(1000, 50)),
      row("Slower", figures(1000, 52, 600 + WORSE_P90_SECONDS), figures(1000, 50, 600)),
      row("Slower but fewer late", figures(1000, 40, 600 + WORSE_P90_SECONDS), figures(1000, 50, 600)),
      row("Faster", figures(1000, 50, 600 - WORSE_P90_SECONDS), figures(1000, 50, 600)),
      row("Better by 2", figures(1000, 30), figures(1000, 50)),
      row("Thin before", figures(1000, 200), figures(MIN_RANKED_COUNT - 1, 0)),
      row("Not ready", figures(0, 0), null, false),
    ];
    const mover = (name: string, latePoints: number, p90Seconds: number) => ({
      restaurantGuid: name.toLowerCase(),
      restaurantName: name,
      latePoints,
      p90Seconds,
    });
    expect(biggestMovers(rows)).toEqual({
      worse: [
        mover("Worse by 3", 3, 24),
        mover("Worse by 1.5", 1.5, 0),
        mover("Slower", 0.2, WORSE_P90_SECONDS),
      ],
      better: [
        mover("Better by 2", -2, 0),
        mover("Slower but fewer late", -1, WORSE_P90_SECONDS),
        mover("Faster", 0, -WORSE_P90_SECONDS),
      ],
    });
  });

  it("names at most MOVERS_SHOWN each way", () => {
    const rows = Array.from({ length: MOVERS_SHOWN + 2 }, (_, i) =>
      row(`R${i}`, figures(1000, 100 + i * 10), figures(1000, 50)),
    );
    const { worse } = biggestMovers(rows);
    expect(worse.map((m) => m.restaurantName)).toEqual(
      Array.from({ length: MOVERS_SHOWN }, (_, i) => `R${MOVERS_SHOWN + 1 - i}`),
    );
  });
});

describe("worstStation", () => {
  it("ranks stations by late items and never puts one under the minimum count first", () => {
    const stations = [
      { stationGuid: null, stationName: null, records: 6, late: 6 },
      { stationGuid: "g", stationName: "Grill", records: 2300, late: 1159 },
      { stationGuid: "f", stationName: "Fry", records: 1900, late: 1100 },
      { stationGuid: "s", stationName: "Salad", records: MIN_RANKED_COUNT, late: 2000 },
    ];
    expect(worstStation(stations)?.stationName).toBe("Salad");
    expect(worstStation(stations.slice(0, 3))?.stationName).toBe("Grill");
    expect(worstStation([stations[0]!])).toBeNull();
    expect(worstStation([{ stationGuid: "x", stationName: "X", records: 100, late: 0 }])).toBeNull();
  });
});

describe("last week (Mon–Sun)", () => {
  it("is the previous full Monday-Sunday on every weekday, and the week before is its previous period", () => {
    // 20261123 is a Monday.
    for (const [today, from] of [
      ["20261123", "20261116"],
      ["20261125", "20261116"],
      ["20261129", "20261116"],
      ["20261130", "20261123"],
    ] as const) {
      const week = presetRange("lastweek", today);
      expect(week, today).toEqual({ from, to: String(Number(from) + 6) });
      expect(businessDateWeekday(week.from)).toBe(1);
      expect(businessDateWeekday(week.to)).toBe(0);
    }
    expect(presetRange("lastweek", "20260301")).toEqual({ from: "20260216", to: "20260222" });
    expect(previousPeriod(presetRange("lastweek", "20261123"))).toEqual({ from: "20261109", to: "20261115" });
  });

  it("names the period before by its length", () => {
    expect([1, 7, 30].map(previousPeriodLabel)).toEqual([
      "previous day",
      "previous week",
      "previous 30 days",
    ]);
  });
});
