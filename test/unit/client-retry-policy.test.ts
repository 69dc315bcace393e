import { describe, expect, it } from "vitest";

import { backoffDelay, isRetryableStatus, parseRetryAfter } from "@/lib/platform/retry-policy";

describe("backoffDelay", () => {
  const noJitter = () => 0;
  const fullJitter = () => 0.999999;

  it("doubles from the initial delay on each retry", () => {
    const delays = [0, 1, 2, 3].map((retry) =>
      backoffDelay(retry, noJitter, { initialDelayMs: 500, maxDelayMs: 60_000 }),
    );
    expect(delays).toEqual([500, 1000, 2000, 4000]);
  });

  it("stops growing at the cap", () => {
    expect(backoffDelay(10, noJitter, { initialDelayMs: 500, maxDelayMs: 8000 })).toBe(8000);
  });

  it("shortens the delay by at most a quarter at random", () => {
    const options = { initialDelayMs: 1000, maxDelayMs: 8000 };
    expect(backoffDelay(0, fullJitter, options)).toBe(750);
    expect(backoffDelay(0, () => 0.5, options)).toBe(875);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(2, Math.random, options);
      expect(delay).toBeGreaterThanOrEqual(3000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-03-01T12:00:00.000Z");

  it("reads delay-seconds, whole and fractional", () => {
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
  });

  it("reads an HTTP date as the time left until it", () => {
    expect(parseRetryAfter("Sat, 01 Mar 2025 12:00:03 GMT", now)).toBe(3000);
  });

  it("treats an HTTP date in the past as no wait", () => {
    expect(parseRetryAfter("Sat, 01 Mar 2025 11:59:00 GMT", now)).toBe(0);
  });

  it("ignores an absent or unreadable value", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-3", now)).toBeUndefined();
  });
});

describe("isRetryableStatus", () => {
  it("retries 429 and 5xx and no other status", () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});
