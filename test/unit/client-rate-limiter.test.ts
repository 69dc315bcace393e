import { describe, expect, it } from "vitest";
import { RateLimiter } from "@/lib/platform/rate-limiter";

/** A clock that moves only when the limiter sleeps, so spacing is measured exactly. */
function fakeClock() {
  const clock = {
    t: 1_000_000,
    sleeps: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      // Yield first so whoever was just let through reads the clock before it moves on.
      await new Promise((resolve) => setImmediate(resolve));
      clock.t += ms;
    },
  };
  return clock;
}

describe("RateLimiter", () => {
  it("spaces requests a second (plus 50 ms for arrival jitter) over maxRps apart", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ maxRps: 20, now: clock.now, sleep: clock.sleep });
    const released: number[] = [];
    await Promise.all(Array.from({ length: 6 }, () => limiter.acquire().then(() => released.push(clock.t))));
    const gaps = released.slice(1).map((t, i) => t - released[i]!);
    expect(gaps).toEqual([52.5, 52.5, 52.5, 52.5, 52.5]);
    expect(released[0]).toBe(1_000_000);
  });

  it("lets a request through at once after a quiet spell", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ maxRps: 10, now: clock.now, sleep: clock.sleep });
    await limiter.acquire();
    clock.t += 500;
    await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
  });

  it("serves waiters in arrival order", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ maxRps: 5, now: clock.now, sleep: clock.sleep });
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map((i) => limiter.acquire().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it("drops an aborted waiter without spending a slot on it", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ maxRps: 10, now: clock.now, sleep: clock.sleep });
    await limiter.acquire(); // t0: takes the first slot
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal);
    const next = limiter.acquire().then(() => clock.t);
    controller.abort(new Error("caller gave up"));
    await expect(aborted).rejects.toThrow("caller gave up");
    // The survivor gets the very next slot, 105 ms after the first, not 210.
    expect(await next).toBe(1_000_105);
    expect(limiter.pending).toBe(0);
  });

  it("gives up a slot it reaches late and sends on the next one, so sends stay spaced", async () => {
    const clock = fakeClock();
    // The second request's timer fires 100 ms late (a busy event loop): sent then, it would go
    // 5 ms before the third, which keeps its slot at 210.
    const overshoot = [100];
    const limiter = new RateLimiter({ maxRps: 10, now: clock.now, sleep: (ms) => clock.sleep(ms + (overshoot.shift() ?? 0)) });
    const released: number[] = [];
    await Promise.all(Array.from({ length: 3 }, () => limiter.acquire().then(() => released.push(clock.t - 1_000_000))));
    expect(released).toEqual([0, 210, 315]);
    expect(limiter.lateSlots).toBe(1);
  });

  it("sends late rather than never when every timer fires late", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ maxRps: 10, now: clock.now, sleep: (ms) => clock.sleep(ms + 100) });
    const released: number[] = [];
    await Promise.all(Array.from({ length: 2 }, () => limiter.acquire().then(() => released.push(clock.t - 1_000_000))));
    // Slots at 105 and 210 are reached 100 ms late and given up; the third, at 315, is sent at 415.
    expect(released).toEqual([0, 415]);
    expect(limiter.lateSlots).toBe(2);
  });

  it("returns a given-up slot's count to the window: a busy process does not use up the window unsent", async () => {
    const clock = fakeClock();
    // Three sends a window. The second request's timer fires 100 ms late, so its slot is given up
    // and another taken: that must not cost the third request its place in the window.
    const overshoot = [100];
    const limiter = new RateLimiter({
      maxRps: 10,
      maxPerWindow: 3,
      windowMs: 1e9,
      maxWaitMs: 1_000,
      now: clock.now,
      sleep: (ms) => clock.sleep(ms + (overshoot.shift() ?? 0)),
    });
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => limiter.acquire().then(() => clock.t - 1_000_000, (e: unknown) => e)));
    expect(outcomes.slice(0, 3)).toEqual([0, 210, 315]);
    expect(limiter.lateSlots).toBe(1);
    // The fourth is over the window's three and is refused, not sent.
    expect(outcomes[3]).toBeInstanceOf(Error);
    expect((outcomes[3] as Error).name).toBe("RateBudgetExhaustedError");
  });

  it("rejects at once when the signal is already aborted", async () => {
    const limiter = new RateLimiter({ maxRps: 1 });
    await expect(limiter.acquire(AbortSignal.abort(new Error("already")))).rejects.toThrow("already");
  });

  it("does not stall when the clock stands still", async () => {
    let slept = 0;
    const limiter = new RateLimiter({ maxRps: 20, now: () => 42, sleep: async () => void (slept += 1) });
    await Promise.all(Array.from({ length: 4 }, () => limiter.acquire()));
    expect(slept).toBe(3);
  });

  it("refuses a rate that is not positive", () => {
    expect(() => new RateLimiter({ maxRps: 0 })).toThrow(RangeError);
  });
});
