import { describe, expect, it } from "vitest";

import { addBusinessDays, enumerateBusinessDates } from "@/lib/business-date/business-date";

import { ITEM_QUIET_DAYS, itemMarkers, itemMarkerWindow, type ItemDays } from "./item-markers";

/** Days from `from` for `n` dates, each selling the items `sells(date, i)` names (null: not stored). */
function history(from: string, n: number, sells: (i: number) => string[] | null): ItemDays {
  const to = addBusinessDays(from, n - 1);
  return new Map(
    enumerateBusinessDates(from, to).map((date, i) => {
      const items = sells(i);
      return [date, items === null ? null : new Map(items.map((name) => [`guid-${name}`, name]))];
    }),
  );
}

const START = "20260101";
const day = (i: number) => addBusinessDays(START, i);

describe("menu items first and last sold", () => {
  it("mark the date a regular item starts and the date it stops, after four quiet weeks on either side", () => {
    // Burger every day; Tacos from day 40 to day 69; Soup once on day 45 only.
    const days = history(START, 120, (i) => [
      "Burger",
      ...(i >= 40 && i < 70 ? ["Tacos"] : []),
      ...(i === 45 ? ["Soup"] : []),
    ]);
    expect(itemMarkers(days, day(28), day(91))).toEqual([
      { id: null, date: day(40), kind: "item-first-sold", text: "First sold: “Tacos”" },
      { id: null, date: day(69), kind: "item-last-sold", text: "Last sold: “Tacos”" },
    ]);
  });

  it("say nothing where the history is too short or has a gap to tell a launch from", () => {
    const days = history(START, 120, (i) =>
      i === 20 ? null : ["Burger", ...(i >= 40 && i < 70 ? ["Tacos"] : [])],
    );
    // Day 40's quiet weeks before it hold a date with no stored day: not known to be a launch.
    expect(itemMarkers(days, day(0), day(119)).map((a) => [a.date, a.kind])).toEqual([
      [day(69), "item-last-sold"],
    ]);
    // Burger's first stored day is the history's first: nothing before it is known.
    expect(itemMarkers(days, day(0), day(5))).toEqual([]);
  });

  it("name three items and count the rest, one marker per date and kind", () => {
    const launch = ["Ramen", "Gyoza", "Bao", "Udon", "Mochi"];
    const days = history(START, 80, (i) => ["Burger", ...(i >= 40 ? launch : [])]);
    expect(itemMarkers(days, day(40), day(40))).toEqual([
      {
        id: null,
        date: day(40),
        kind: "item-first-sold",
        text: "First sold: “Bao”, “Gyoza”, “Mochi” and 2 more",
      },
    ]);
  });

  it("read the quiet weeks around the range", () => {
    expect(itemMarkerWindow("20260301", "20260310")).toEqual({
      from: addBusinessDays("20260301", -ITEM_QUIET_DAYS),
      to: addBusinessDays("20260310", ITEM_QUIET_DAYS),
    });
  });
});
