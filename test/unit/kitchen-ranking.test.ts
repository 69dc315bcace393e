import { describe, expect, it } from "vitest";

import { compareRanked, hasFewRecords, MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import { HEAT_STEPS, heatCell } from "@/lib/kitchen/present/heat-scale";

/** Issue 34's honest rankings: late items first, never a percentile; a handful of records last. */
describe("ranking comparator", () => {
  const row = (name: string, count: number, late: number | null, secondsOver?: number) => ({
    name,
    count,
    late,
    secondsOver,
  });

  it("never ranks a row with fewer than the minimum records above one with more, however late", () => {
    // The case: "No station" with 6 records, all late, above a grill with 2,300 and 1,159 late.
    const rows = [row("No station", 6, 6), row("Grill", 2300, 1159), row("Salad", 20, 0)];
    expect(rows.sort(compareRanked).map((r) => r.name)).toEqual(["Grill", "Salad", "No station"]);
  });

  it("ranks by late items, then seconds over target, then records, within each group", () => {
    const rows = [
      row("A", 100, 10, 500),
      row("B", 400, 30),
      row("C", 300, 10, 900),
      row("D", 50, 10, 900),
      row("few-late", 5, 4),
      row("few-early", 19, 1),
    ];
    expect(rows.sort(compareRanked).map((r) => r.name)).toEqual([
      "B",
      "C",
      "D",
      "A",
      "few-late",
      "few-early",
    ]);
  });

  it("puts rows without a target (late unknown) after those with one, by records", () => {
    const rows = [row("unknown-big", 900, null), row("known", 30, 0), row("unknown-small", 40, null)];
    expect(rows.sort(compareRanked).map((r) => r.name)).toEqual(["known", "unknown-big", "unknown-small"]);
  });

  it("draws the line at MIN_RANKED_COUNT (20)", () => {
    expect(MIN_RANKED_COUNT).toBe(20);
    expect(hasFewRecords(19)).toBe(true);
    expect(hasFewRecords(20)).toBe(false);
  });
});

describe("heat scale", () => {
  it("colours only what is over its target: a cell within it gets the plain step", () => {
    expect(heatCell(590, 600, 500).label).toBe("within target");
    expect(heatCell(10, 600, 500).background).toBe(HEAT_STEPS[0]!.background);
    expect(heatCell(700, 600, 500).label).toBe("up to a quarter over target");
    expect(heatCell(2000, 600, 500).label).toBe("more than half over target");
  });

  it("never paints a cell of fewer than the minimum records deepest, and marks it few", () => {
    const few = heatCell(2000, 600, 6);
    expect(few.few).toBe(true);
    expect(few.label).toBe("up to a quarter over target");
    expect(few.background).not.toBe(HEAT_STEPS[HEAT_STEPS.length - 1]!.background);
    // Within target stays plain, few or not.
    expect(heatCell(100, 600, 3)).toMatchObject({ few: true, label: "within target" });
    expect(heatCell(2000, 600, 20)).toMatchObject({ few: false, label: "more than half over target" });
  });
});
