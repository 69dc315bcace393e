import { describe, expect, it } from "vitest";

import {
  ADDRESS_WINDOW_MS,
  BASE_LOCK_MS,
  FREE_FAILURES,
  MAX_LOCK_MS,
  MemoryThrottleStore,
  SignInThrottle,
  type Admission,
  type SignInLimits,
  type Ticket,
} from "./sign-in-throttle";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const OWNER = "owner@b.co";
const ATTACKER = "203.0.113.7";
const OFFICE = "198.51.100.20";

function setup(limits: Partial<SignInLimits> = {}) {
  const c = clock();
  const throttle = new SignInThrottle({
    store: new MemoryThrottleStore(c.now),
    local: new MemoryThrottleStore(c.now),
    limits: { maxAttemptsPerAddressPerMin: 20, maxBcryptPerSecond: 1_000, ...limits },
  });
  /** One attempt that, when admitted, turns out wrong (or right with `ok`). */
  async function attempt(email: string, address: string | null, ok = false): Promise<Admission> {
    const admission = await throttle.admit(email, address);
    // A wrong password needs no report: the admitted attempt already counts as a failure.
    if (admission.admitted && ok) await throttle.succeeded(admission.ticket);
    return admission;
  }
  return { c, throttle, attempt };
}

function refusal(a: Admission): string | null {
  return a.admitted ? null : a.refusal;
}

describe("SignInThrottle per (account, address)", () => {
  it("lets the first failures through, then locks with a doubling window", async () => {
    const { c, throttle, attempt } = setup();
    for (let i = 0; i < FREE_FAILURES; i++) expect(refusal(await attempt(OWNER, ATTACKER))).toBeNull();
    await attempt(OWNER, ATTACKER);
    expect(await throttle.admit(OWNER, ATTACKER)).toEqual({
      admitted: false,
      refusal: "account",
      retryInMs: BASE_LOCK_MS,
    });
    c.advance(BASE_LOCK_MS);
    await attempt(OWNER, ATTACKER);
    expect(await throttle.admit(OWNER, ATTACKER)).toMatchObject({
      refusal: "account",
      retryInMs: 2 * BASE_LOCK_MS,
    });
    c.advance(2 * BASE_LOCK_MS);
    await attempt(OWNER, ATTACKER);
    expect(await throttle.admit(OWNER, ATTACKER)).toMatchObject({
      refusal: "account",
      retryInMs: 4 * BASE_LOCK_MS,
    });
  });

  it("caps the window at 15 minutes", async () => {
    const { c, throttle, attempt } = setup({ maxAttemptsPerAddressPerMin: 1_000 });
    for (let i = 0; i < 40; i++) {
      await attempt(OWNER, ATTACKER);
      c.advance(MAX_LOCK_MS);
    }
    c.advance(-MAX_LOCK_MS);
    expect(await throttle.admit(OWNER, ATTACKER)).toMatchObject({
      refusal: "account",
      retryInMs: MAX_LOCK_MS,
    });
  });

  it("never locks the owner out at another address, however often the attacker fails", async () => {
    const { c, attempt } = setup();
    for (let i = 0; i < 14; i++) {
      await attempt(OWNER, ATTACKER);
      c.advance(70_000); // the 14 failures over 17 minutes
    }
    expect(refusal(await attempt(OWNER, ATTACKER))).toBe("account");
    expect(refusal(await attempt(OWNER, OFFICE, true))).toBeNull();
  });

  it("locks a pair as fast for guesses sent all at once as for guesses sent in turn", async () => {
    const { throttle } = setup({ maxAttemptsPerAddressPerMin: 1_000 });
    const admissions = await Promise.all(Array.from({ length: 12 }, () => throttle.admit(OWNER, ATTACKER)));
    expect(admissions.filter((a) => a.admitted)).toHaveLength(FREE_FAILURES + 1);
    expect(admissions.filter((a) => !a.admitted).map(refusal)).toEqual(
      Array(12 - FREE_FAILURES - 1).fill("account"),
    );
  });

  it("lets a locked pair use up no address or bcrypt slot", async () => {
    const { throttle, attempt } = setup({
      maxAttemptsPerAddressPerMin: FREE_FAILURES + 2,
      maxBcryptPerSecond: FREE_FAILURES + 2,
    });
    for (let i = 0; i <= FREE_FAILURES; i++) await attempt(OWNER, ATTACKER);
    for (let i = 0; i < 10; i++) expect(refusal(await throttle.admit(OWNER, ATTACKER))).toBe("account");
    // One slot of each is left for another account at that address.
    expect(refusal(await throttle.admit("other@b.co", ATTACKER))).toBeNull();
  });

  it("keeps accounts apart, forgets on success and after an hour without failures", async () => {
    const { c, throttle, attempt } = setup();
    for (let i = 0; i <= FREE_FAILURES; i++) await attempt(OWNER, OFFICE);
    expect(refusal(await throttle.admit(OWNER, OFFICE))).toBe("account");
    expect(refusal(await throttle.admit("other@b.co", OFFICE))).toBeNull();
    c.advance(BASE_LOCK_MS);
    await attempt(OWNER, OFFICE, true);
    // Cleared: the next failures are free again.
    for (let i = 0; i < FREE_FAILURES; i++) await attempt(OWNER, OFFICE);
    expect(refusal(await throttle.admit(OWNER, OFFICE))).toBeNull();
    c.advance(61 * 60_000);
    await attempt(OWNER, OFFICE);
    expect(refusal(await throttle.admit(OWNER, OFFICE))).toBeNull();
  });

  it("with an unknown address, counts per account and skips the address limit", async () => {
    const { throttle, attempt } = setup({ maxAttemptsPerAddressPerMin: 2 });
    // Forty accounts from "nowhere": no shared budget for every client without an address to exhaust.
    for (let i = 0; i < 40; i++) expect(refusal(await attempt(`user${i}@b.co`, null))).toBeNull();
    for (let i = 0; i <= FREE_FAILURES; i++) await attempt(OWNER, null);
    expect(refusal(await throttle.admit(OWNER, null))).toBe("account");
  });
});

describe("SignInThrottle per address", () => {
  it("refuses a spray across accounts from attempt 21 within the minute, then lets it go on as the minute slides", async () => {
    const { c, attempt } = setup();
    const results: (string | null)[] = [];
    for (let i = 0; i < 40; i++) {
      results.push(refusal(await attempt(`user${i}@b.co`, ATTACKER)));
      c.advance(1_000);
    }
    expect(results.slice(0, 20)).toEqual(Array(20).fill(null));
    expect(results.slice(20)).toEqual(Array(20).fill("address"));
    // The first admitted attempt was at t=0, so at t=60 s one slot is free again, and one only.
    c.advance(ADDRESS_WINDOW_MS - 40_000);
    expect(refusal(await attempt("late@b.co", ATTACKER))).toBeNull();
    expect(refusal(await attempt("later@b.co", ATTACKER))).toBe("address");
  });

  it("allows no more than the limit in any 60 s, whatever the alignment (no window boundary doubling)", async () => {
    const { c, attempt } = setup();
    c.advance(59_000);
    for (let i = 0; i < 20; i++) await attempt(`a${i}@b.co`, ATTACKER);
    c.advance(2_000); // across any minute boundary
    expect(refusal(await attempt("b@b.co", ATTACKER))).toBe("address");
  });

  it("tells how long until the next slot", async () => {
    const { c, throttle, attempt } = setup({ maxAttemptsPerAddressPerMin: 2 });
    await attempt("a@b.co", ATTACKER);
    c.advance(10_000);
    await attempt("b@b.co", ATTACKER);
    expect(await throttle.admit("c@b.co", ATTACKER)).toEqual({
      admitted: false,
      refusal: "address",
      retryInMs: 50_000,
    });
  });

  it("gives the slot back on success, so many people behind one address sign in", async () => {
    const { attempt } = setup({ maxAttemptsPerAddressPerMin: 3 });
    for (let i = 0; i < 30; i++) expect(refusal(await attempt(`cook${i}@b.co`, OFFICE, true))).toBeNull();
    for (let i = 0; i < 3; i++) await attempt(`guess${i}@b.co`, OFFICE);
    expect(refusal(await attempt("cook0@b.co", OFFICE, true))).toBe("address");
  });

  it("counts concurrent attempts before any is answered", async () => {
    const { throttle } = setup({ maxAttemptsPerAddressPerMin: 5 });
    const admissions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => throttle.admit(`u${i}@b.co`, ATTACKER)),
    );
    expect(admissions.filter((a) => a.admitted)).toHaveLength(5);
  });

  it("keeps addresses apart", async () => {
    const { attempt } = setup({ maxAttemptsPerAddressPerMin: 2 });
    await attempt("a@b.co", ATTACKER);
    await attempt("b@b.co", ATTACKER);
    expect(refusal(await attempt("c@b.co", ATTACKER))).toBe("address");
    expect(refusal(await attempt("c@b.co", OFFICE))).toBeNull();
  });
});

describe("SignInThrottle's cap on bcrypt work", () => {
  it("admits at most maxBcryptPerSecond comparisons in any second, from any addresses", async () => {
    const { c, throttle } = setup({ maxBcryptPerSecond: 3 });
    const tickets: Ticket[] = [];
    const results: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await throttle.admit(`u${i}@b.co`, `192.0.2.${i}`);
      if (a.admitted) tickets.push(a.ticket);
      results.push(refusal(a));
      c.advance(100);
    }
    expect(results).toEqual([null, null, null, "busy", "busy"]);
    c.advance(500); // t = 1000 ms: the first comparison's second has passed
    expect(refusal(await throttle.admit("u9@b.co", "192.0.2.9"))).toBeNull();
    expect(refusal(await throttle.admit("u10@b.co", "192.0.2.10"))).toBe("busy");
  });

  it("leaves the address its slot when the process was too busy to compare", async () => {
    const { c, throttle } = setup({ maxAttemptsPerAddressPerMin: 2, maxBcryptPerSecond: 1 });
    expect(refusal(await throttle.admit("a@b.co", ATTACKER))).toBeNull();
    expect(refusal(await throttle.admit("b@b.co", OFFICE))).toBe("busy");
    expect(refusal(await throttle.admit("c@b.co", OFFICE))).toBe("busy");
    c.advance(1_000);
    expect(refusal(await throttle.admit("d@b.co", OFFICE))).toBeNull();
    c.advance(1_000);
    expect(refusal(await throttle.admit("e@b.co", OFFICE))).toBeNull();
  });
});
