import { describe, expect, it } from "vitest";

import type { KitchenSummary } from "@/lib/kitchen/contract/responses";

import { levelDaySeries, sparklineRuns } from "./sparkline";

const stats = (count: number, p50: number | null, p90: number | null) => ({
  count,
  excluded: 0,
  mean: null,
  p50,
  p75: null,
  p90,
  p95: null,
  max: null,
});

describe("a KPI card's sparkline", () => {
  it("spans the box: the highest value at the top, the lowest at the bottom, left to right", () => {
    const [run] = sparklineRuns([10, 20, 30], 100, 20);
    const points = run!.split(" ").map((p) => p.split(",").map(Number));
    expect(points).toEqual([
      [2, 18],
      [50, 10],
      [98, 2],
    ]);
  });

  it("breaks the line at a day without a value rather than drawing a zero", () => {
    const runs = sparklineRuns([5, null, 7, 9], 100, 20);
    expect(runs).toHaveLength(2);
    expect(runs[0]!.split(" ")).toHaveLength(1);
    expect(runs[1]!.split(" ")).toHaveLength(2);
  });

  it("draws a flat series across the middle, and nothing without values", () => {
    const [run] = sparklineRuns([4, 4, 4], 60, 20);
    expect(run!.split(" ").map((p) => Number(p.split(",")[1]))).toEqual([10, 10, 10]);
    expect(sparklineRuns([null, null], 60, 20)).toEqual([]);
    expect(sparklineRuns([], 60, 20)).toEqual([]);
  });
});

describe("one level's figures per day", () => {
  const days: KitchenSummary["days"] = [
    { businessDate: "20251103", level: 0, stats: stats(100, 300, 600), late: 10, veryLate: 2 },
    { businessDate: "20251103", level: 1, stats: stats(50, 100, 200), late: 1, veryLate: 0 },
    { businessDate: "20251105", level: 0, stats: stats(80, 320, 640), late: 20, veryLate: 5 },
  ];

  it("gives every date of the range, in order, with null on a date without records of the level", () => {
    const series = levelDaySeries(days, 0, "20251103", "20251105");
    expect(series.records).toEqual([100, null, 80]);
    expect(series.p50).toEqual([300, null, 320]);
    expect(series.p90).toEqual([600, null, 640]);
    expect(series.late).toEqual([10, null, 20]);
    expect(series.onTime).toEqual([0.9, null, 0.75]);
  });

  it("reads the level asked for only", () => {
    expect(levelDaySeries(days, 1, "20251103", "20251104").records).toEqual([50, null]);
  });
});
