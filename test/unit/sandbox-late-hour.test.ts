import { describe, expect, it } from "vitest";

import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { LATE_HOUR } from "@/lib/sandbox/generate/kitchen-timing";
import { defaultWorld } from "@/lib/sandbox/world";

import { wallParts } from "../support/wall-clock";

/**
 * The sandbox's late hour (issue 35): the noodle restaurant's items of the tickets fired 19:00 to
 * 20:00 local take LATE_HOUR.factor times their usual time, every day, and no other restaurant's.
 */

const world = defaultWorld();

function levelZeroByFireHour(name: string, date: string): Map<number, number[]> {
  const r = world.restaurants.find((x) => x.name === name)!;
  const ctx = { world, restaurant: r, brand: "Platform" };
  const out = new Map<number, number[]>();
  for (const rec of generateItemFulfillments(ctx, generateRestaurantConfig(ctx), date)) {
    if (rec.itemFulfillmentLevel !== 0 || !rec.ticketFiredAt || !rec.itemFulfilledAt) continue;
    const hour = Number(wallParts(r.timeZone, rec.ticketFiredAt).hour);
    const minutes = (Date.parse(rec.itemFulfilledAt) - Date.parse(rec.ticketFiredAt)) / 60_000;
    if (minutes > 0) out.set(hour, [...(out.get(hour) ?? []), minutes]);
  }
  return out;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("the sandbox's late hour", () => {
  it("slows the noodle restaurant's 19:00 tickets and no one else's", () => {
    expect(LATE_HOUR.startMinutes).toBe(19 * 60);
    for (const date of ["20261119", "20261122"]) {
      const noodle = levelZeroByFireHour("Northside Noodle Bar", date);
      expect(median(noodle.get(19)!) / median(noodle.get(18)!)).toBeGreaterThan(1.7);
      expect(median(noodle.get(21)!) / median(noodle.get(18)!)).toBeLessThan(1.4);
      const harbor = levelZeroByFireHour("Harbor Street Kitchen", date);
      expect(median(harbor.get(19)!) / median(harbor.get(18)!)).toBeLessThan(1.4);
    }
  });
});
