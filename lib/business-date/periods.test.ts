import { describe, expect, it } from "vitest";

import { addBusinessDays, businessDateWeekday, enumerateBusinessDates } from "./business-date";
import { everyPeriodWithin, wholePeriodsWithin } from "./periods";

describe("whole periods within a range", () => {
  it("takes whole months, then whole ISO weeks in what they leave", () => {
    expect(wholePeriodsWithin("20250105", "20250404")).toEqual([
      { kind: "week", start: "20250106", end: "20250112" },
      { kind: "week", start: "20250113", end: "20250119" },
      { kind: "week", start: "20250120", end: "20250126" },
      { kind: "month", start: "20250201", end: "20250228" },
      { kind: "month", start: "20250301", end: "20250331" },
    ]);
    expect(wholePeriodsWithin("20240201", "20240229")).toEqual([
      { kind: "month", start: "20240201", end: "20240229" },
    ]);
    expect(wholePeriodsWithin("20241229", "20250104")).toEqual([]);
    expect(wholePeriodsWithin("20241230", "20250105")).toEqual([
      { kind: "week", start: "20241230", end: "20250105" },
    ]);
  });

  it("never overlaps, stays inside the range, and starts weeks on Mondays, for every range of a year", () => {
    for (let offset = 0; offset < 400; offset += 7) {
      for (const length of [1, 6, 7, 13, 30, 31, 62, 90, 366]) {
        const from = addBusinessDays("20240101", offset);
        const to = addBusinessDays(from, length - 1);
        const seen = new Set<string>();
        for (const p of wholePeriodsWithin(from, to)) {
          expect(p.start >= from && p.end <= to).toBe(true);
          if (p.kind === "week") expect(businessDateWeekday(p.start)).toBe(1);
          else expect(p.start.endsWith("01")).toBe(true);
          for (const d of enumerateBusinessDates(p.start, p.end)) {
            expect(seen.has(d)).toBe(false);
            seen.add(d);
          }
        }
      }
    }
  });
});

describe("every period within a range (what the backfill keeps built)", () => {
  it("holds every period any sub-range would use, and no other", () => {
    const from = "20250105";
    const to = "20250404";
    const every = everyPeriodWithin(from, to);
    expect(every.filter((p) => p.kind === "month").map((p) => p.start)).toEqual(["20250201", "20250301"]);
    // Mondays 6 January to 24 March: the weeks inside months too.
    expect(every.filter((p) => p.kind === "week")).toHaveLength(12);
    const keys = new Set(every.map((p) => `${p.kind}:${p.start}`));
    const dates = enumerateBusinessDates(from, to);
    const used = new Set<string>();
    for (let a = 0; a < dates.length; a += 3)
      for (let b = a; b < dates.length; b += 5)
        for (const p of wholePeriodsWithin(dates[a]!, dates[b]!)) used.add(`${p.kind}:${p.start}`);
    expect([...used].sort()).toEqual([...keys].sort());
  });
});
