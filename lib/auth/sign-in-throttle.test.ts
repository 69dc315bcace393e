import { describe, expect, it } from "vitest";
import { BASE_LOCK_MS, FREE_FAILURES, MAX_LOCK_MS, SignInThrottle } from "./sign-in-throttle";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("SignInThrottle", () => {
  it("lets the first failures through, then locks with a doubling window", () => {
    const c = clock();
    const t = new SignInThrottle(c.now);
    for (let i = 0; i < FREE_FAILURES; i++) t.recordFailure("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBe(0);
    t.recordFailure("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBe(BASE_LOCK_MS);
    c.advance(BASE_LOCK_MS);
    t.recordFailure("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBe(2 * BASE_LOCK_MS);
    c.advance(2 * BASE_LOCK_MS);
    t.recordFailure("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBe(4 * BASE_LOCK_MS);
  });

  it("caps the window", () => {
    const c = clock();
    const t = new SignInThrottle(c.now);
    for (let i = 0; i < 40; i++) t.recordFailure("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBe(MAX_LOCK_MS);
  });

  it("keeps accounts apart and forgets on success", () => {
    const t = new SignInThrottle(clock().now);
    for (let i = 0; i <= FREE_FAILURES; i++) t.recordFailure("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBeGreaterThan(0);
    expect(t.retryAfterMs("c@d.co")).toBe(0);
    t.recordSuccess("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBe(0);
  });

  it("forgets old failures after an hour", () => {
    const c = clock();
    const t = new SignInThrottle(c.now);
    for (let i = 0; i < FREE_FAILURES; i++) t.recordFailure("a@b.co");
    c.advance(61 * 60_000);
    t.recordFailure("a@b.co");
    expect(t.retryAfterMs("a@b.co")).toBe(0);
  });
});
