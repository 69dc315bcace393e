import { beforeEach, describe, expect, it } from "vitest";

import { cachedRead, CONFIG_READ_TTL_MS, createConfigReadCache } from "./read-cache";

describe("cachedRead", () => {
  // Not 0: lru-cache takes a start time of 0 for "no TTL".
  let now = 1_000;
  let cache = createConfigReadCache(() => now);
  beforeEach(() => {
    now = 1_000;
    cache = createConfigReadCache(() => now);
  });

  it("shares one read between concurrent callers and keeps it for a minute from its arrival", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const first = cachedRead("r1", "k", load, cache);
    now = 1_010;
    const [a, b] = await Promise.all([first, cachedRead("r1", "k", load, cache)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 1_010 + CONFIG_READ_TTL_MS;
    expect(await cachedRead("r1", "k", load, cache)).toBe(1);
    now = 1_011 + CONFIG_READ_TTL_MS;
    expect(await cachedRead("r1", "k", load, cache)).toBe(2);
  });

  it("never shares a read between restaurants", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedRead("r1", "k", load, cache)).toBe(1);
    expect(await cachedRead("r2", "k", load, cache)).toBe(2);
  });

  it("forgets a failed read so the next request tries again", async () => {
    await expect(cachedRead("r1", "k", () => Promise.reject(new Error("down")), cache)).rejects.toThrow(
      "down",
    );
    await Promise.resolve();
    now = 1_001;
    expect(await cachedRead("r1", "k", async () => "up", cache)).toBe("up");
  });
});
