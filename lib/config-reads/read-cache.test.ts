import { beforeEach, describe, expect, it } from "vitest";
import { cachedRead, clearConfigReadCache } from "./config-cache";

describe("cachedRead", () => {
  beforeEach(() => clearConfigReadCache());

  it("shares one read between concurrent callers and keeps it for a minute", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cachedRead("r1", "k", load, 0), cachedRead("r1", "k", load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cachedRead("r1", "k", load, 59_999)).toBe(1);
    expect(await cachedRead("r1", "k", load, 60_000)).toBe(2);
  });

  it("never shares a read between restaurants", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedRead("r1", "k", load, 0)).toBe(1);
    expect(await cachedRead("r2", "k", load, 0)).toBe(2);
  });

  it("forgets a failed read so the next request tries again", async () => {
    await expect(cachedRead("r1", "k", () => Promise.reject(new Error("down")), 0)).rejects.toThrow("down");
    await Promise.resolve();
    expect(await cachedRead("r1", "k", async () => "up", 1)).toBe("up");
  });
});
