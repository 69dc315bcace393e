import { describe, expect, it } from "vitest";

import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { scaledWorld } from "@/lib/sandbox/scaled-world";
import { defaultWorld, worldSchema } from "@/lib/sandbox/world";
import worldJson from "@/lib/sandbox/world.json";

/** The generated larger world of the scale run (bench/scale.ts). */
describe("scaledWorld", () => {
  it("is a valid world, the same for the same seed and different for another, and leaves world.json's world alone", () => {
    const before = JSON.stringify(defaultWorld());
    const a = scaledWorld({ restaurants: 40 });
    expect(worldSchema.parse(a)).toEqual(a);
    expect(JSON.stringify(scaledWorld({ restaurants: 40 }))).toBe(JSON.stringify(a));
    expect(new Set(a.restaurants.map((r) => r.guid)).size).toBe(40);
    expect(new Set(a.restaurants.map((r) => r.name)).size).toBe(40);
    // The kitchen client sees every restaurant; a smaller world is a prefix of a larger one.
    expect(a.clients.find((c) => c.clientId === "kp-partner")?.restaurants).toEqual(
      a.restaurants.map((r) => r.guid),
    );
    expect(scaledWorld({ restaurants: 10 }).restaurants).toEqual(a.restaurants.slice(0, 10));
    expect(scaledWorld({ restaurants: 10, seed: "other" }).restaurants[0]!.guid).not.toBe(
      a.restaurants[0]!.guid,
    );
    expect(JSON.stringify(defaultWorld())).toBe(before);
    expect(defaultWorld()).toEqual(worldSchema.parse(worldJson));
  });

  it("refuses a restaurant count it cannot make", () => {
    expect(() => scaledWorld({ restaurants: 0 })).toThrow(/1 to 10000 restaurants, not 0/);
    expect(() => scaledWorld({ restaurants: 2.5 })).toThrow(/not 2.5/);
  });

  it("generates real volumes: a mean of 300-600 kitchen records a business date", () => {
    const world = scaledWorld({ restaurants: 24 });
    const counts: number[] = [];
    for (const restaurant of world.restaurants) {
      const ctx = { world, restaurant, brand: "Platform" };
      const config = generateRestaurantConfig(ctx);
      for (const date of enumerateBusinessDates("20250303", "20250309"))
        counts.push(generateItemFulfillments(ctx, config, date).length);
    }
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(mean).toBeGreaterThanOrEqual(300);
    expect(mean).toBeLessThanOrEqual(600);
    const sorted = counts.toSorted((x, y) => x - y);
    expect(sorted[Math.floor(counts.length / 2)]).toBeGreaterThan(250);
    expect(sorted[Math.floor(counts.length / 2)]).toBeLessThan(650);
  });
});
