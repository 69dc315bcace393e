import { describe, expect, it } from "vitest";

import { compareSortKeys } from "./table-sorting";

describe("compareSortKeys", () => {
  it("orders numbers by size and text naturally: numbers inside text by value, case and accents aside", () => {
    expect(compareSortKeys(9, 10)).toBeLessThan(0);
    const names = ["Grill 10", "grill 2", "Expo", "Éclair station", "Grill 1"];
    expect([...names].sort((a, b) => compareSortKeys(a, b))).toEqual([
      "Éclair station",
      "Expo",
      "Grill 1",
      "grill 2",
      "Grill 10",
    ]);
    expect(compareSortKeys("fry", "FRY")).toBe(0);
  });

  it("orders plain text as the locale's own comparison does", () => {
    const words = ["b", "a10", "A2", "é", "e", "Z"];
    const expected = [...words].sort((a, b) => a.localeCompare(b));
    expect([...words].sort((a, b) => compareSortKeys(a, b, "plain"))).toEqual(expected);
    // Not the natural order: "a10" before "A2" here.
    expect(expected.indexOf("a10")).toBeLessThan(expected.indexOf("A2"));
  });
});
