import { describe, expect, it } from "vitest";

import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { comparisonFor, isOpenDayOnly } from "@/lib/kitchen/contract/today-comparison";
import { itemChoices, matchingChoices } from "@/lib/kitchen/present/item-choices";
import type { MenuModel } from "@/lib/menu/menu-model";

const la = { timeZone: "America/Los_Angeles", closeoutHour: 3 };
const today = "20261123"; // a Monday

describe("today's like-for-like comparison", () => {
  it("compares today so far with the same weekday a week earlier, or yesterday, up to the second today was counted at", () => {
    // 14:24:37 in Los Angeles (PST, UTC-8).
    const countedAt = "2026-11-23T22:24:37.000Z";
    expect(comparisonFor({ from: today, to: today }, today, "week", la, countedAt)).toEqual({
      range: { from: "20261116", to: "20261116" },
      until: "142437",
      label: "Today until 2:24 PM vs Mon, Nov 16, 2026 until 2:24 PM",
      waiting: false,
    });
    expect(comparisonFor({ from: today, to: today }, today, "yesterday", la, countedAt)).toMatchObject({
      range: { from: "20261122", to: "20261122" },
      until: "142437",
      label: "Today until 2:24 PM vs Sun, Nov 22, 2026 until 2:24 PM",
    });
    // 01:10 the next calendar day is still today's business date (closeout 03:00).
    expect(
      comparisonFor({ from: today, to: today }, today, "week", la, "2026-11-24T09:10:00.000Z"),
    ).toMatchObject({ until: "011000", label: "Today until 1:10 AM vs Mon, Nov 16, 2026 until 1:10 AM" });
  });

  it("waits for today's figures, compares whole days once today has closed, and keeps the previous period for other ranges", () => {
    expect(comparisonFor({ from: today, to: today }, today, "week", la, undefined)).toMatchObject({
      waiting: true,
      label: null,
    });
    expect(comparisonFor({ from: today, to: today }, today, "week", la, "2026-11-24T11:30:00.000Z")).toEqual({
      range: { from: "20261116", to: "20261116" },
      label: "Today vs Mon, Nov 16, 2026, whole days",
      waiting: false,
    });
    expect(
      comparisonFor({ from: "20261117", to: "20261123" }, today, "week", la, "2026-11-23T22:24:37.000Z"),
    ).toEqual({
      range: { from: "20261110", to: "20261116" },
      label: null,
      waiting: false,
    });
    expect(isOpenDayOnly({ from: "20261122", to: today }, today)).toBe(false);
  });
});

describe("the item picker's choices", () => {
  const menu = {
    groups: {
      g1: { guid: "g1", name: "Pizzas", items: ["a", "b"], itemCount: 2 },
      g2: { guid: "g2", name: "Lunch", items: ["a"], itemCount: 1 },
    },
    items: {
      a: { guid: "a", name: "Margherita" },
      b: { guid: "b", name: "Crème brûlée" },
      mod: { guid: "mod", name: "Extra cheese" },
    },
  } as unknown as MenuModel;
  const summary = {
    items: [
      { itemGuid: "gone", itemName: "Old special", level: 0 },
      { itemGuid: "a", itemName: "Margherita", level: 0 },
    ],
  } as unknown as KitchenSummary;

  it("lists the menu's placed items with their groups and the sold items the menu no longer has, by name", () => {
    expect(itemChoices(menu, summary)).toEqual([
      { guid: "b", name: "Crème brûlée", detail: "Pizzas" },
      { guid: "a", name: "Margherita", detail: "Pizzas, Lunch" },
      { guid: "gone", name: "Old special", detail: "not on the menu now" },
    ]);
  });

  it("matches every typed word in the name, group or GUID, accents and case ignored", () => {
    const choices = itemChoices(menu, summary);
    expect(matchingChoices(choices, "creme").map((c) => c.guid)).toEqual(["b"]);
    expect(matchingChoices(choices, "MAR lunch").map((c) => c.guid)).toEqual(["a"]);
    expect(matchingChoices(choices, "  ").length).toBe(3);
    expect(matchingChoices(choices, "pizza xyz")).toEqual([]);
  });
});
