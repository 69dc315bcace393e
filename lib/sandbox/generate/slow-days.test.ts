import { describe, expect, it } from "vitest";

import type { ItemFulfillment } from "@/lib/platform/schemas";

import { defaultWorld } from "../world";
import { splitBusinessDate } from "./business-day";
import { generateItemFulfillments, generateRestaurantConfig } from "./index";
import { slowFactor, slowSpells } from "./kitchen-timing";

/**
 * The sandbox's unusual days (kitchen-timing.ts `slowSpells`), which the summary's anomalies
 * exist to find: deterministic, a slow Friday dinner every 4 weeks at the restaurants that have
 * them, and the slowness shows in the records of that service only.
 */
const world = defaultWorld();
const diner = world.restaurants.find((r) => r.name === "Lakeside Diner")!;
const KINDS = ["grill", "fry", "cold", "saute", "bar"] as const;

const spellsOn = (date: string) => slowSpells(world.seed, diner.guid, splitBusinessDate(date), KINDS);

/** Median fire to fulfill (ms) of level-0 records fired between the two UTC hours. */
function medianBetween(records: readonly ItemFulfillment[], fromHourUtc: number, toHourUtc: number): number {
  const values = records
    .filter((r) => r.itemFulfillmentLevel === 0 && r.ticketFiredAt && r.itemFulfilledAt)
    .filter((r) => {
      const h = new Date(r.ticketFiredAt!).getUTCHours();
      return h >= fromHourUtc && h < toHourUtc;
    })
    .map((r) => Date.parse(r.itemFulfilledAt!) - Date.parse(r.ticketFiredAt!))
    .sort((a, b) => a - b);
  return values[values.length >> 1]!;
}

describe("the sandbox's slow days", () => {
  it("slows one Friday dinner in four at Lakeside Diner, and no other weekday's dinner", () => {
    const slowDinners = [];
    for (
      let d = new Date(Date.UTC(2024, 10, 1));
      d < new Date(Date.UTC(2025, 3, 1));
      d.setUTCDate(d.getUTCDate() + 1)
    ) {
      const date = d.toISOString().slice(0, 10).replaceAll("-", "");
      if (spellsOn(date).some((s) => s.service === "Dinner")) slowDinners.push(date);
    }
    expect(slowDinners).toContain("20250131");
    expect(slowDinners).toContain("20250228");
    for (const date of slowDinners) expect(splitBusinessDate(date).weekday).toBe("friday");
    for (let i = 1; i < slowDinners.length; i++)
      expect(
        Date.parse(
          `${slowDinners[i]!.slice(0, 4)}-${slowDinners[i]!.slice(4, 6)}-${slowDinners[i]!.slice(6)}`,
        ) -
          Date.parse(
            `${slowDinners[i - 1]!.slice(0, 4)}-${slowDinners[i - 1]!.slice(4, 6)}-${slowDinners[i - 1]!.slice(6)}`,
          ),
      ).toBe(28 * 86_400_000);
    expect(spellsOn("20250131")).toEqual(spellsOn("20250131"));
  });

  it("applies a spell to its service and line only", () => {
    const spells = [
      { service: "Dinner", kind: null, factor: 1.6 },
      { service: null, kind: "fry" as const, factor: 1.8 },
    ];
    expect(slowFactor(spells, "Lunch", "grill")).toBe(1);
    expect(slowFactor(spells, "Dinner", "grill")).toBe(1.6);
    expect(slowFactor(spells, "Lunch", "fry")).toBe(1.8);
    expect(slowFactor(spells, "Dinner", "fry")).toBeCloseTo(1.6 * 1.8, 12);
    expect(slowFactor(spells, null, "grill")).toBe(1);
  });

  it("shows in the slow Friday's dinner records, not in its lunch", () => {
    const ctx = { world, restaurant: diner, brand: "Platform" };
    const config = generateRestaurantConfig(ctx);
    const slow = generateItemFulfillments(ctx, config, "20250131");
    const usual = generateItemFulfillments(ctx, config, "20250124");
    // Chicago in winter is UTC-6: 11:00-14:00 of lunch is 17-20 UTC, 17:00-18:00 of dinner 23-24 UTC.
    const dinner = (rs: ItemFulfillment[]) => Math.max(medianBetween(rs, 23, 24), 1);
    const lunch = (rs: ItemFulfillment[]) => medianBetween(rs, 17, 20);
    expect(dinner(slow) / dinner(usual)).toBeGreaterThan(1.35);
    expect(lunch(slow) / lunch(usual)).toBeGreaterThan(0.8);
    expect(lunch(slow) / lunch(usual)).toBeLessThan(1.25);
  });
});
