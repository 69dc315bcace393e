import { describe, expect, it } from "vitest";

import {
  formatChange,
  formatCount,
  formatDuration,
  formatHour,
  formatShare,
} from "@/lib/kitchen/present/format";
import { contrastRatio, HEAT_STEPS, heatStep } from "@/lib/kitchen/present/heat-scale";

describe("formatting", () => {
  it("writes durations the way a kitchen reads them", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(45)).toBe("45s");
    expect(formatDuration(545)).toBe("9m 05s");
    expect(formatDuration(3725)).toBe("1h 02m");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(-30)).toBe("−30s");
  });

  it("writes shares, counts and hours", () => {
    expect(formatShare(0.8734)).toBe("87.3%");
    expect(formatShare(1)).toBe("100.0%");
    expect(formatShare(null)).toBe("—");
    expect(formatCount(12345)).toBe("12,345");
    expect(formatHour(0)).toBe("12 AM");
    expect(formatHour(13)).toBe("1 PM");
    expect(formatHour(12)).toBe("12 PM");
  });

  it("writes counts as Intl en-US does: grouping, sign, at most three decimals, rounded alike", () => {
    const intl = new Intl.NumberFormat("en-US");
    const values = [
      0, -0, 1, 7, 999, 1000, 1001, 12345, 999999, 1000000, 123456789, 9007199254740991, -1, -1234, -1234567,
      0.5, 0.0005, 0.0004, -0.0004, 1.2345, 1.2355, 2.675, 1234.5678, -9876.54321, 0.125, 10.1, 1e21, -2.5e22,
    ];
    // A fixed spread of integers and fractions across magnitudes (a seeded walk, so a failure repeats).
    let x = 1;
    for (let i = 0; i < 2000; i++) {
      x = (x * 48271) % 2147483647;
      values.push(x % 100000, (x % 10000000) / 1000, -(x % 1000000), (x / 7) % 1000, x * 977);
    }
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
    expect(formatCount(null)).toBe("—");
    expect(formatCount(Number.NaN)).toBe("—");
  });
});

describe("changes against the previous period", () => {
  it("calls a longer time bad and a shorter one good", () => {
    const slower = formatChange(560, 545, "duration", "lower-is-better");
    expect(slower).toMatchObject({ text: "+15s", direction: "up", tone: "bad" });
    expect(slower.description).toBe("15s slower than the previous period");
    expect(formatChange(500, 545, "duration", "lower-is-better")).toMatchObject({
      text: "−45s",
      tone: "good",
    });
  });

  it("reports shares in percentage points, higher being better", () => {
    expect(formatChange(0.9, 0.85, "share", "higher-is-better")).toMatchObject({
      text: "+5.0 pts",
      tone: "good",
    });
    expect(formatChange(0.8, 0.85, "share", "higher-is-better")).toMatchObject({
      text: "−5.0 pts",
      tone: "bad",
    });
    // A move that rounds to nothing is no change, not a red "−0.0 pts".
    expect(formatChange(0.591, 0.5914, "share", "higher-is-better")).toMatchObject({
      text: "±0.0 pts",
      direction: "flat",
      tone: "neutral",
    });
    expect(formatChange(0.5904, 0.5914, "share", "higher-is-better")).toMatchObject({
      text: "−0.1 pts",
      tone: "bad",
    });
  });

  it("reports counts as a neutral percentage, and nothing without a previous figure", () => {
    expect(formatChange(110, 100, "count", "neutral")).toMatchObject({ text: "+10.0%", tone: "neutral" });
    expect(formatChange(10, 0, "count", "neutral").text).toBe("+10");
    expect(formatChange(10, null, "count", "neutral")).toMatchObject({ text: null, direction: "none" });
    expect(formatChange(545, 545, "duration", "lower-is-better")).toMatchObject({
      direction: "flat",
      tone: "neutral",
    });
  });
});

describe("heatmap scale", () => {
  it("keeps every cell's text readable (WCAG AA 4.5:1)", () => {
    for (const step of HEAT_STEPS)
      expect(contrastRatio(step.background, step.color)).toBeGreaterThanOrEqual(4.5);
  });

  it("turns warm only beyond the target", () => {
    expect(heatStep(600, 600).label).toBe("within target");
    expect(heatStep(601, 600).label).toBe("up to a quarter over target");
    expect(heatStep(2000, 600)).toBe(HEAT_STEPS[HEAT_STEPS.length - 1]);
    expect(heatStep(100, 600)).toBe(HEAT_STEPS[0]);
  });
});
