import { describe, expect, it } from "vitest";

import type { KitchenSummary, Stats } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { coverageNotes, listDates } from "@/lib/kitchen/present/coverage-notes";
import {
  behaviorLabel,
  businessHours,
  dayRows,
  heatData,
  histogramRows,
  isEmptySummary,
  levelsPresent,
  stationRows,
} from "@/lib/kitchen/present/summary-shapes";

import { noStats } from "../support/no-stats";

function stats(p90: number, count = 10): Stats {
  return {
    count,
    excluded: 0,
    mean: p90 / 2,
    p50: p90 / 2,
    p75: p90 * 0.75,
    p90,
    p95: p90 * 1.1,
    max: p90 * 2,
  };
}

const empty = noStats(3);

function summary(overrides: Partial<KitchenSummary> = {}): KitchenSummary {
  const station = (guid: string, name: string, level: KitchenLevel, p90: number) => ({
    stationGuid: guid,
    stationName: name,
    level,
    stats: stats(p90),
    targetSeconds: 600,
    late: 0,
    veryLate: 0,
  });
  return {
    restaurantGuid: "r",
    restaurantName: "R",
    timeZone: "America/New_York",
    from: "20250303",
    to: "20250305",
    metric: "fire_to_fulfill",
    filters: { level: null, station: null, behavior: null, source: null, item: null, until: null },
    itemName: null,
    outliers: null,
    stuck: { maxMinutes: 240, records: 0, included: false },
    coverage: {
      complete: ["20250303", "20250304", "20250305"],
      notEntitled: [],
      failed: [],
      open: [],
      pending: [],
      provisional: [],
      beforeData: [],
    },
    levels: [
      { level: 0, items: 0, stats: stats(600) },
      { level: 1, items: 0, stats: stats(700) },
      { level: 2, items: 0, stats: empty },
    ],
    stations: [
      station("g", "Grill", 0, 500),
      station("f", "Fry", 0, 800),
      station("g", "Grill", 1, 900),
      station("c", "Cold", 1, 100),
    ],
    hours: [],
    hourStations: [
      { hour: 18, stationGuid: "g", stationName: "Grill", level: 0, stats: stats(500) },
      { hour: 2, stationGuid: "f", stationName: "Fry", level: 0, stats: stats(800) },
      { hour: 23, stationGuid: "f", stationName: "Fry", level: 0, stats: stats(800) },
      { hour: 12, stationGuid: "g", stationName: "Grill", level: 1, stats: stats(800) },
    ],
    days: [
      { businessDate: "20250303", level: 0, stats: stats(600), late: 0, veryLate: 0 },
      { businessDate: "20250305", level: 0, stats: stats(650), late: 0, veryLate: 0 },
    ],
    items: [],
    itemStations: [],
    behaviors: [],
    sources: [],
    courses: [],
    histogram: { level: null, station: null, binSeconds: 60, bins: [] },
    withinTarget: [],
    tickets: [],
    ticketHours: [],
    ticketDays: [],
    options: { stations: [], behaviors: [], sources: [], levels: [0, 1] },
    ...overrides,
  };
}

describe("summary shapes", () => {
  it("lists only the levels that have items, or the filtered one", () => {
    expect(levelsPresent(summary())).toEqual([0, 1]);
    expect(
      levelsPresent(
        summary({
          filters: { level: 2, station: null, behavior: null, source: null, item: null, until: null },
        }),
      ),
    ).toEqual([2]);
  });

  it("puts the slowest station (by p90 at the first level) on top, levels side by side", () => {
    const rows = stationRows(summary());
    expect(rows.map((r) => r.label)).toEqual(["Fry", "Grill", "Cold"]);
    expect(rows[1]?.byLevel[1]?.p90).toBe(900);
  });

  it("keeps every date of the range, with a gap where a date has no items", () => {
    const days = dayRows(summary());
    expect(days.map((d) => d.key)).toEqual(["20250303", "20250304", "20250305"]);
    expect(days[1]?.byLevel).toEqual({});
  });

  it("orders the heatmap's hours from the closeout hour and trims empty hours at the ends", () => {
    expect(businessHours([18, 2, 23], 4)).toEqual([18, 19, 20, 21, 22, 23, 0, 1, 2]);
    expect(businessHours([], 4)).toEqual([]);
    const heat = heatData(summary(), 0, 4);
    expect(heat.stations.map((s) => s.label)).toEqual(["Fry", "Grill"]);
    expect(heat.cell("f", 2)?.p90).toBe(800);
    expect(heat.cell("g", 2)).toBeNull();
  });

  it("turns histogram bins into shares that add up", () => {
    const rows = histogramRows([
      { from: 0, to: 60, count: 1 },
      { from: 60, to: 120, count: 3 },
      { from: 120, to: null, count: 0 },
    ]);
    expect(rows.map((r) => r.share)).toEqual([0.25, 0.75, 0]);
    expect(rows.at(-1)?.cumulative).toBe(1);
  });

  it("knows an empty range and names dining behaviors in words", () => {
    expect(isEmptySummary(summary())).toBe(false);
    expect(isEmptySummary(summary({ levels: [{ level: 0, items: 0, stats: empty }] }))).toBe(true);
    expect(behaviorLabel("TAKE_OUT")).toBe("Take out");
    expect(behaviorLabel(null)).toBe("No dining option");
  });
});

describe("coverage notes", () => {
  it("calls a range not entitled only when no date has data", () => {
    const none = {
      complete: [],
      notEntitled: ["20250303", "20250304"],
      failed: [],
      open: [],
      pending: [],
      provisional: [],
      beforeData: [],
    };
    expect(coverageNotes(none).notEntitled).toBe(true);
    const partly = { ...none, complete: ["20250305"] };
    expect(coverageNotes(partly).notEntitled).toBe(false);
    expect(coverageNotes(partly).missing.map((m) => m.date)).toEqual(["20250303", "20250304"]);
  });

  it("names failed dates in a sentence", () => {
    expect(listDates(["20250303"])).toBe("Mar 3");
    expect(listDates(["20250303", "20250304", "20250309"])).toBe("Mar 3, Mar 4 and Mar 9");
    expect(listDates(["20250301", "20250302", "20250303"], 2)).toBe("Mar 1, Mar 2 and 1 more");
  });
});
