import { describe, expect, it } from "vitest";

import { createTtlCache } from "./ttl-cache";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createTtlCache", () => {
  it("loads once for concurrent callers and serves the value until its TTL has passed", async () => {
    let now = 1_000;
    const cache = createTtlCache<number>({ ttlMs: 100, max: 10, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([1, 1]);
    now += 100;
    expect(await cache.get("k", load)).toBe(1);
    now += 1;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("keeps null (a value saying 'not found') like any other", async () => {
    const cache = createTtlCache<string | null>({ ttlMs: 1_000, max: 10 });
    let loads = 0;
    const load = async () => (loads++, null);
    expect(await cache.get("k", load)).toBeNull();
    expect(await cache.get("k", load)).toBeNull();
    expect(loads).toBe(1);
  });

  it("does not keep a failed load", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1_000, max: 10 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("answers callers of a load that a set() overtook with what the load found, and keeps the set value", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1_000, max: 10 });
    const slow = deferred<string>();
    const waiting = cache.get("k", () => slow.promise);
    cache.set("k", "set");
    slow.resolve("loaded");
    expect(await waiting).toBe("loaded");
    expect(await cache.get("k", async () => "again")).toBe("set");
  });

  it("holds at most `max` values, dropping the least recently used", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1_000, max: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(await cache.get("a", async () => "reloaded")).toBe("reloaded");
    expect(await cache.get("c", async () => "reloaded")).toBe("c");
  });
});
