import { describe, expect, it } from "vitest";

import { multiLocationId, randomGuid, stableGuid } from "./ids";
import { hashUnit, rngFor } from "./rng";

const UUID_V5_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("deterministic ids and numbers", () => {
  it("derives UUID-shaped GUIDs (version 5, RFC variant) from their key alone", () => {
    const a = stableGuid("seed", "restaurant", "MenuItem", 1);
    expect(a).toMatch(UUID_V5_SHAPE);
    expect(stableGuid("seed", "restaurant", "MenuItem", 1)).toBe(a);
    expect(stableGuid("seed", "restaurant", "MenuItem", 2)).not.toBe(a);
    // Key parts are separated, so moving a space between parts changes the key.
    expect(stableGuid("a b", "c")).not.toBe(stableGuid("a", "b c"));
    const guids = new Set(Array.from({ length: 20_000 }, (_, i) => stableGuid("seed", i)));
    expect(guids.size).toBe(20_000);
  });

  it("draws GUIDs and numbers from a seeded stream that replays identically", () => {
    const a = rngFor("seed", "day");
    const b = rngFor("seed", "day");
    const draws = (r: ReturnType<typeof rngFor>) => [
      randomGuid(r),
      r.next(),
      r.int(1, 5),
      r.normal(),
      r.lognormal(9, 0.4),
    ];
    const first = draws(a);
    expect(draws(b)).toEqual(first);
    expect(first[0]).toMatch(UUID_V5_SHAPE);
    expect(draws(rngFor("seed", "other day"))).not.toEqual(first);
  });

  it("spreads uniform draws over [0, 1) and keeps ints in range", () => {
    const r = rngFor("uniformity");
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 50_000; i++) buckets[Math.floor(r.next() * 10)]! += 1;
    for (const n of buckets) expect(Math.abs(n - 5000)).toBeLessThan(300);
    const ints = new Set(Array.from({ length: 1000 }, () => r.int(1, 5)));
    expect([...ints].sort()).toEqual([1, 2, 3, 4, 5]);
    const u = hashUnit("x", 1);
    expect(u).toBeGreaterThanOrEqual(0);
    expect(u).toBeLessThan(1);
  });

  it("gives a 15-digit multi-location id shared by the same name in the same group", () => {
    const id = multiLocationId("seed", "group-1", "MenuItem", "Classic Burger");
    expect(id).toMatch(/^1\d{14}$/);
    expect(multiLocationId("seed", "group-1", "MenuItem", "Classic Burger")).toBe(id);
    expect(multiLocationId("seed", "group-2", "MenuItem", "Classic Burger")).not.toBe(id);
  });
});
