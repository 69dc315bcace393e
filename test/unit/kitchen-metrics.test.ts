import { describe, expect, it } from "vitest";

import { durationSeconds, parseInstant, recordDurations, wholeSeconds } from "@/lib/kitchen/ingest/durations";
import { denseStats, meanOneDecimal } from "@/lib/kitchen/query/dense-histograms";
import { nearestRank, percentileOf } from "@/lib/kitchen/query/nearest-rank";

import { noStats } from "../support/no-stats";

const at = (iso: string) => Date.parse(iso);

describe("durations", () => {
  it("rounds the millisecond difference half up to whole seconds", () => {
    expect(wholeSeconds(0)).toBe(0);
    expect(wholeSeconds(499)).toBe(0);
    expect(wholeSeconds(500)).toBe(1);
    expect(wholeSeconds(1499)).toBe(1);
    expect(wholeSeconds(1500)).toBe(2);
    expect(wholeSeconds(59_999)).toBe(60);
    expect(durationSeconds(at("2025-03-01T12:00:00.000Z"), at("2025-03-01T12:05:30.500Z"))).toBe(331);
    expect(durationSeconds(at("2025-03-01T12:00:00.250Z"), at("2025-03-01T12:00:01.749Z"))).toBe(1);
  });

  it("excludes a negative difference, even one that would round to zero", () => {
    expect(wholeSeconds(-1)).toBeNull();
    expect(wholeSeconds(-400)).toBeNull();
    expect(durationSeconds(at("2025-03-01T12:00:10Z"), at("2025-03-01T12:00:00Z"))).toBeNull();
  });

  it("computes the three metrics from their own timestamps and excludes a metric whose timestamp is missing", () => {
    const d = recordDurations({
      ticketFiredAt: "2025-03-01T12:00:00.000Z",
      itemStartedAt: "2025-03-01T12:01:00.400Z",
      itemFulfilledAt: "2025-03-01T12:07:00.600Z",
    });
    expect(d).toEqual({ fire_to_fulfill: 421, start_to_fulfill: 360, wait_to_start: 60 });

    const noStart = recordDurations({
      ticketFiredAt: "2025-03-01T12:00:00Z",
      itemStartedAt: null,
      itemFulfilledAt: "2025-03-01T12:10:00Z",
    });
    expect(noStart).toEqual({ fire_to_fulfill: 600, start_to_fulfill: null, wait_to_start: null });

    const garbled = recordDurations({
      ticketFiredAt: "not a time",
      itemStartedAt: "2025-03-01T12:00:00Z",
      itemFulfilledAt: "2025-03-01T11:59:00Z",
    });
    expect(garbled).toEqual({ fire_to_fulfill: null, start_to_fulfill: null, wait_to_start: null });
  });

  it("reads timestamps with a numeric offset as the same instant", () => {
    const d = recordDurations({
      ticketFiredAt: "2025-03-01T07:00:00.000-05:00",
      itemStartedAt: "2025-03-01T12:00:00.000Z",
      itemFulfilledAt: "2025-03-01T13:02:00.000+0100",
    });
    expect(d.fire_to_fulfill).toBe(120);
  });
});

describe("timestamps", () => {
  it("reads every ISO-8601 form exactly as Date.parse does, and refuses what it refuses", () => {
    const cases = [
      "2025-03-04T16:15:12.589Z",
      "2025-03-04T16:15:12Z",
      "2025-03-04T16:15:12.5Z",
      "2025-03-04T16:15:12.58Z",
      "2025-03-04T16:15:12.5891Z",
      "2025-03-04T16:15:12.589+01:00",
      "2025-03-04T16:15:12.589-0530",
      "2024-02-29T23:59:59.999-12:00",
      "1969-12-31T23:59:59.999Z",
      "2025-02-30T10:00:00Z",
      "2025-13-01T00:00:00Z",
      "2025-03-04T24:00:00Z",
      "2025-03-04T16:15:60Z",
      "2025-03-04T16:15:12.Z",
      "2025-03-04T16:15:12.589+01:0x",
      "2025-03-04 16:15:12Z",
      "not a time",
    ];
    for (const c of cases) {
      const expected = Number.isNaN(Date.parse(c)) ? null : Date.parse(c);
      expect(parseInstant(c), c).toBe(expected);
    }
    for (let ms = -86_400_000; ms < 4e12; ms += 7_654_321_987) {
      const iso = new Date(ms).toISOString();
      expect(parseInstant(iso)).toBe(ms);
      expect(parseInstant(iso.replace("Z", "-07:30"))).toBe(ms + 7.5 * 3_600_000);
    }
    expect(parseInstant(null)).toBeNull();
    expect(parseInstant("")).toBeNull();
  });
});

describe("nearest-rank percentiles", () => {
  it("takes the smallest value with at least p% of the values at or below it", () => {
    const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(percentileOf(ten, 50)).toBe(5);
    expect(percentileOf(ten, 75)).toBe(8);
    expect(percentileOf(ten, 90)).toBe(9);
    expect(percentileOf(ten, 95)).toBe(10);
    expect(percentileOf([42], 50)).toBe(42);
    expect(percentileOf([], 50)).toBeNull();
  });

  it("hits whole-number ranks exactly (p95 of 20 values is the 19th)", () => {
    expect(nearestRank(20, 95)).toBe(19);
    expect(nearestRank(20, 50)).toBe(10);
    expect(nearestRank(3, 50)).toBe(2);
    expect(nearestRank(3, 75)).toBe(3); // 2.25 -> 3: at least 75% means all three
    expect(nearestRank(7, 90)).toBe(7);
    expect(nearestRank(19, 95)).toBe(19);
    expect(nearestRank(100, 90)).toBe(90);
    expect(nearestRank(101, 90)).toBe(91);
    expect(nearestRank(1, 95)).toBe(1);
  });

  it("reports the same statistics from a dense histogram, from pairs beyond it and from the raw values", () => {
    const values = [0, 0, 3, 3, 3, 7, 12, 12, 400, 9000];
    const dense = new Array<number>(9001).fill(0);
    for (const v of values) dense[v]!++;
    const expected = {
      count: 10,
      excluded: 2,
      mean: meanOneDecimal(
        values.reduce((a, b) => a + b, 0),
        10,
      ),
      p50: percentileOf(values, 50),
      p75: percentileOf(values, 75),
      p90: percentileOf(values, 90),
      p95: percentileOf(values, 95),
      max: 9000,
    };
    expect(expected.mean).toBe(944);
    expect(denseStats(dense, 0, dense.length, 2)).toEqual(expected);
    expect(denseStats([7, 7, ...dense], 2, dense.length, 2)).toEqual(expected);
    const sorted = [...values].sort((a, b) => a - b);
    // All of them beyond the dense part, and split between the two.
    expect(
      denseStats(
        [],
        0,
        0,
        2,
        sorted,
        sorted.map(() => 1),
      ),
    ).toEqual(expected);
    expect(denseStats(dense, 0, 13, 2, [400, 9000], [1, 1])).toEqual(expected);
    expect(denseStats([0, 0], 0, 2, 5)).toEqual(noStats(5));
  });

  it("rounds the mean half up to one decimal without floating-point slips", () => {
    expect(meanOneDecimal(9, 4)).toBe(2.3); // 2.25
    expect(meanOneDecimal(1, 3)).toBe(0.3);
    expect(meanOneDecimal(2, 3)).toBe(0.7);
    expect(meanOneDecimal(201, 20)).toBe(10.1); // 10.05
    expect(meanOneDecimal(0, 7)).toBe(0);
  });
});
