import { describe, expect, it } from "vitest";

import { brandNames } from "@/lib/platform/brand";
import { RateLimitHints } from "@/lib/platform/rate-limit-headers";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { MemoryBudget } from "@/lib/platform/shared-budget";

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

/**
 * A clock with real timers in virtual time: each sleep wakes at its own instant, and `run` moves
 * the clock to the earliest pending wake whenever nothing else can proceed. Several locations'
 * pumps sleep at once, which `fakeClock` (one shared sleeper) cannot model.
 */
function virtualClock() {
  const timers: { at: number; wake: () => void }[] = [];
  const clock = {
    t: 1_000_000,
    now: () => clock.t,
    sleep: (ms: number) => new Promise<void>((wake) => timers.push({ at: clock.t + ms, wake })),
    async run<T>(work: Promise<T>): Promise<T> {
      let done = false;
      const watched = work.finally(() => (done = true));
      for (;;) {
        for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
        if (done || timers.length === 0) return watched;
        timers.sort((x, y) => x.at - y.at);
        const next = timers.shift()!;
        clock.t = Math.max(clock.t, next.at);
        next.wake();
      }
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
    const limiter = new RateLimiter({
      maxRps: 10,
      now: clock.now,
      sleep: (ms) => clock.sleep(ms + (overshoot.shift() ?? 0)),
    });
    const released: number[] = [];
    await Promise.all(
      Array.from({ length: 3 }, () => limiter.acquire().then(() => released.push(clock.t - 1_000_000))),
    );
    expect(released).toEqual([0, 210, 315]);
    expect(limiter.lateSlots).toBe(1);
  });

  it("sends late rather than never when every timer fires late", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ maxRps: 10, now: clock.now, sleep: (ms) => clock.sleep(ms + 100) });
    const released: number[] = [];
    await Promise.all(
      Array.from({ length: 2 }, () => limiter.acquire().then(() => released.push(clock.t - 1_000_000))),
    );
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
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        limiter.acquire().then(
          () => clock.t - 1_000_000,
          (e: unknown) => e,
        ),
      ),
    );
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

describe("RateLimiter per location", () => {
  const A = "restaurant-a";
  const B = "restaurant-b";

  it("spaces each location's requests on its own, so two locations together send twice the rate", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ maxRps: 20, now: clock.now, sleep: clock.sleep });
    const released: Record<string, number[]> = { [A]: [], [B]: [] };
    await clock.run(
      Promise.all(
        [A, B, A, B, A, B, A, B].map((key) =>
          limiter.acquire(undefined, key).then(() => released[key]!.push(clock.t - 1_000_000)),
        ),
      ),
    );
    // Each location: 52.5 ms apart; B's first goes at once, not behind A's queue.
    expect(released[A]).toEqual([0, 52.5, 105, 157.5]);
    expect(released[B]).toEqual([0, 52.5, 105, 157.5]);
  });

  it("counts each location's window apart: one location's spent window refuses only its own requests", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({
      maxRps: 100,
      maxPerWindow: 2,
      windowMs: 1e9,
      maxWaitMs: 1_000,
      now: clock.now,
      sleep: clock.sleep,
    });
    const outcome = (key: string) =>
      limiter.acquire(undefined, key).then(
        () => "sent",
        (e: unknown) => (e as Error).name,
      );
    const results = await clock.run(
      Promise.all([outcome(A), outcome(A), outcome(A), outcome(B), outcome(B), outcome(B)]),
    );
    expect(results).toEqual([
      "sent",
      "sent",
      "RateBudgetExhaustedError",
      "sent",
      "sent",
      "RateBudgetExhaustedError",
    ]);
  });

  it("does not hold other locations behind a location that waits for its window", async () => {
    // Long waits never end on their own here: location A's second request waits for its window
    // (one request a window of 10 s) for the whole test, and B must not wait behind it.
    let t = 0;
    const held: number[] = [];
    const sleep = async (ms: number) => {
      if (ms >= 1_000) {
        held.push(ms);
        return new Promise<void>(() => {});
      }
      t += ms;
    };
    const limiter = new RateLimiter({ maxRps: 20, maxPerWindow: 1, windowMs: 10_000, now: () => t, sleep });
    await limiter.acquire(undefined, A);
    let aSent = false;
    void limiter.acquire(undefined, A).then(() => (aSent = true));
    await new Promise((r) => setImmediate(r));
    expect(held).toEqual([10_000]);
    await limiter.acquire(undefined, B);
    await limiter.acquire(undefined, "");
    expect(aSent).toBe(false);
    expect(limiter.waiting()).toEqual(new Map([[A, 1]]));
  });

  it("does not hold other locations behind one whose rate-limit headers say its slice is spent", async () => {
    const clock = virtualClock();
    const hints = new RateLimitHints(brandNames("Platform"));
    const limiter = new RateLimiter({ maxRps: 20, hints, now: clock.now, sleep: clock.sleep });
    // A's slice is spent for 30 s (a Reset this small reads as seconds to wait).
    hints.observe(
      A,
      new Headers({ "X-Platform-RateLimit-Remaining": "0", "X-Platform-RateLimit-Reset": "30" }),
      clock.t,
    );
    const order: string[] = [];
    const start = clock.t;
    const a = limiter.acquire(undefined, A).then(() => order.push(`A+${clock.t - start}`));
    const b = limiter.acquire(undefined, B).then(() => order.push(`B+${clock.t - start}`));
    await clock.run(Promise.all([a, b]));
    expect(order).toEqual(["B+0", "A+30000"]);
  });

  it("keeps every location together within the account cap when one is set", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({
      maxRps: 20,
      account: { maxPerSecond: 10, maxPerWindow: 5 },
      windowMs: 1e9,
      maxWaitMs: 1_000,
      now: clock.now,
      sleep: clock.sleep,
    });
    const sent: number[] = [];
    const outcomes = await clock.run(
      Promise.all(
        [A, B, A, B, A, B].map((key) =>
          limiter.acquire(undefined, key).then(
            () => void sent.push(clock.t - 1_000_000),
            (e: unknown) => (e as Error).name,
          ),
        ),
      ),
    );
    // Spaced at the account's 10 a second (105 ms), not each location's 20; five in the window.
    expect(sent).toEqual([0, 105, 210, 315, 420]);
    expect(outcomes.filter((o) => o === "RateBudgetExhaustedError")).toHaveLength(1);
  });

  it("falls back to this process's own per-location budget when the shared one cannot answer", async () => {
    const clock = virtualClock();
    const broken = new MemoryBudget({}, clock.now);
    broken.reserve = () => Promise.reject(new Error("database down"));
    const warn = console.warn;
    console.warn = () => {};
    try {
      const limiter = new RateLimiter({ maxRps: 20, budget: broken, now: clock.now, sleep: clock.sleep });
      const released: Record<string, number[]> = { [A]: [], [B]: [] };
      await clock.run(
        Promise.all(
          [A, A, B, B].map((key) =>
            limiter.acquire(undefined, key).then(() => released[key]!.push(clock.t - 1_000_000)),
          ),
        ),
      );
      expect(released).toEqual({ [A]: [0, 52.5], [B]: [0, 52.5] });
    } finally {
      console.warn = warn;
    }
  });
});

describe("MemoryBudget per location", () => {
  it("reports the current window's count per location and the account cap's", async () => {
    let t = 5_000;
    const budget = new MemoryBudget({ maxPerSecond: 1_000, windowMs: 10_000 }, () => t, {
      maxPerWindow: 100,
    });
    await budget.reserve("a");
    await budget.reserve("a");
    const given = await budget.reserve("b");
    if (!given.granted) throw new Error("expected a slot");
    await budget.release(given);
    await budget.reserve("");
    expect(await budget.usage()).toEqual({
      windowMs: 10_000,
      windowStart: 0,
      limits: { maxPerSecond: 1_000, maxPerWindow: 10_000 },
      locations: [
        { location: "a", used: 2 },
        { location: "", used: 1 },
      ],
      account: { maxPerWindow: 100, used: 3 },
    });
    t = 10_000; // the next window: nothing counted yet
    expect((await budget.usage()).locations).toEqual([]);
  });

  it("refuses an account cap that is not a positive number", () => {
    expect(() => new MemoryBudget({}, Date.now, { maxPerSecond: 0 })).toThrow(RangeError);
  });
});
