import { describe, expect, it } from "vitest";

import { DayCache, heldBytes } from "./day-cache";

describe("DayCache", () => {
  it("serves a day only while its version matches the store's", () => {
    const cache = new DayCache<{ v: Uint8Array }>(1000, heldBytes);
    cache.set("h|20250304", 1, { v: new Uint8Array(10) });
    expect(cache.get("h|20250304", 1)).toBeDefined();
    // The open day was fetched again: the stored version moved on, the old copy is dropped.
    expect(cache.get("h|20250304", 2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps within its byte budget, least recently used out first", () => {
    // Each entry holds 40 bytes of array and its object (16 + 8 a field): two fit in 150, not three.
    const cache = new DayCache<{ v: Uint8Array }>(150, heldBytes);
    cache.set("a", 1, { v: new Uint8Array(40) });
    cache.set("b", 1, { v: new Uint8Array(40) });
    cache.get("a", 1);
    cache.set("c", 1, { v: new Uint8Array(40) });
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBeDefined();
    expect(cache.get("c", 1)).toBeDefined();
    cache.set("huge", 1, { v: new Uint8Array(500) });
    expect(cache.get("huge", 1)).toBeUndefined();
  });

  it("keeps nothing with a budget of 0 (a service that must decode every time)", () => {
    const cache = new DayCache<{ v: Uint8Array }>(0, heldBytes);
    cache.set("a", 1, { v: new Uint8Array(4) });
    expect(cache.get("a", 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("counts hits and misses (a version moved on is a miss) and the bytes it holds", () => {
    const cache = new DayCache<{ v: Uint8Array }>(1000, heldBytes);
    cache.get("a", 1);
    cache.set("a", 1, { v: new Uint8Array(40) });
    cache.get("a", 1);
    cache.get("a", 1);
    cache.get("a", 2);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, budgetBytes: 1000, hits: 2, misses: 2 });
    cache.set("b", 1, { v: new Uint8Array(40) });
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 64 });
  });
});

describe("heldBytes", () => {
  it("counts the dictionaries' strings beside the typed arrays, a shared array once", () => {
    const shared = new Uint32Array(100);
    const bare = heldBytes({ a: shared, b: shared });
    expect(bare).toBe(16 + 2 * 8 + 400);
    const named = heldBytes({ a: shared, b: shared, names: ["x".repeat(1000), "y".repeat(1000)] });
    expect(named - bare).toBe(8 + 16 + 2 * 8 + 2 * (16 + 2000));
  });
});
