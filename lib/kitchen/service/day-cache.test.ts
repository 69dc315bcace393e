import { describe, expect, it } from "vitest";

import { DayCache, typedArrayBytes } from "./day-cache";

describe("DayCache", () => {
  it("serves a day only while its version matches the store's", () => {
    const cache = new DayCache<{ v: Uint8Array }>(1000, typedArrayBytes);
    cache.set("h|20250304", 1, { v: new Uint8Array(10) });
    expect(cache.get("h|20250304", 1)).toBeDefined();
    // The open day was fetched again: the stored version moved on, the old copy is dropped.
    expect(cache.get("h|20250304", 2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps within its byte budget, least recently used out first", () => {
    const cache = new DayCache<{ v: Uint8Array }>(100, typedArrayBytes);
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
    const cache = new DayCache<{ v: Uint8Array }>(0, typedArrayBytes);
    cache.set("a", 1, { v: new Uint8Array(4) });
    expect(cache.get("a", 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
