import { describe, expect, it } from "vitest";

import { backfillMaxInFlight, backfillStartsPerSecond } from "@/lib/kitchen/service/backfill-pace";
import { logAttempt, type AttemptRecord } from "@/lib/platform/attempt-log";

function recorder() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const at = (level: string) => (fields: object, message: string) =>
    void lines.push({ level, fields, message });
  return { lines, logger: { debug: at("debug"), info: at("info"), warn: at("warn") } };
}

const base: AttemptRecord = {
  location: "6a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  endpoint: "GET /config/v2/menus",
  ms: 12.4,
  attempt: 1,
  budgetWaitMs: 3,
};

describe("logAttempt", () => {
  it("logs an answer at debug, a refusal at info, and a failure or a 429/5xx at warn", () => {
    const { lines, logger } = recorder();
    logAttempt(logger, { ...base, status: 200 });
    logAttempt(logger, { ...base, status: 204 });
    logAttempt(logger, { ...base, status: 403 });
    logAttempt(logger, { ...base, status: 409 });
    logAttempt(logger, { ...base, status: 429, willRetry: true });
    logAttempt(logger, { ...base, status: 503, willRetry: false });
    logAttempt(logger, { ...base, failure: "timeout" });
    logAttempt(logger, { ...base, status: 200, failure: "contract" });
    logAttempt(logger, { ...base, failure: "aborted" });
    expect(lines.map((l) => l.level)).toEqual([
      "debug",
      "debug",
      "info",
      "info",
      "warn",
      "warn",
      "warn",
      "warn",
      "debug",
    ]);
  });

  it("writes the fields given and a readable message, leaving out the ones not known", () => {
    const { lines, logger } = recorder();
    logAttempt(logger, { ...base, location: null, status: 503, willRetry: true, requestId: "r-1" });
    expect(lines[0]!.fields).toEqual({
      location: null,
      endpoint: "GET /config/v2/menus",
      status: 503,
      ms: 12.4,
      attempt: 1,
      budgetWaitMs: 3,
      willRetry: true,
      requestId: "r-1",
    });
    expect(lines[0]!.message).toBe("platform GET /config/v2/menus 503 in 12 ms (attempt 1)");
  });

  it("logs nothing without a logger", () => {
    expect(() => logAttempt(undefined, { ...base, status: 200 })).not.toThrow();
  });
});

describe("backfillStartsPerSecond", () => {
  const env = {
    PLATFORM_MAX_RPS: 20,
    PLATFORM_MAX_PER_15_MIN: 10_000,
    PLATFORM_ACCOUNT_MAX_RPS: undefined,
    PLATFORM_ACCOUNT_MAX_PER_15_MIN: undefined,
    KITCHEN_BACKFILL_SHARE: 0.25,
  };

  it("takes its share of every location's sustained limit (10,000 per 15 minutes binds, not 20 a second)", () => {
    expect(backfillStartsPerSecond(env, 1)).toBeCloseTo((10_000 / 900) * 0.25);
    expect(backfillStartsPerSecond(env, 50)).toBeCloseTo((50 * 10_000 * 0.25) / 900);
    // No restaurant listed yet still paces as one location, never 0 (a division by zero downstream).
    expect(backfillStartsPerSecond(env, 0)).toBeCloseTo((10_000 / 900) * 0.25);
  });

  it("stays within the account cap when one is set", () => {
    expect(backfillStartsPerSecond({ ...env, PLATFORM_ACCOUNT_MAX_RPS: 8 }, 50)).toBeCloseTo(2);
    expect(backfillStartsPerSecond({ ...env, PLATFORM_ACCOUNT_MAX_PER_15_MIN: 9_000 }, 50)).toBeCloseTo(2.5);
  });
});

describe("backfillMaxInFlight", () => {
  const unset = { KITCHEN_BACKFILL_MAX_IN_FLIGHT: undefined, KITCHEN_BACKFILL_PER_LOCATION: 2 };

  it("unset, leaves room for every location's lanes, so our cap never binds before the service's limits", () => {
    expect(backfillMaxInFlight(unset, 50)).toBe(100);
    expect(backfillMaxInFlight({ ...unset, KITCHEN_BACKFILL_PER_LOCATION: 3 }, 10)).toBe(30);
    // No restaurant listed yet: room for one location, never 0 (no slot would ever open).
    expect(backfillMaxInFlight(unset, 0)).toBe(2);
  });

  it("unset, stops at a ceiling for memory at hundreds of locations", () => {
    expect(backfillMaxInFlight(unset, 500)).toBe(200);
  });

  it("set, is the variable's value whatever the count", () => {
    expect(backfillMaxInFlight({ ...unset, KITCHEN_BACKFILL_MAX_IN_FLIGHT: 16 }, 50)).toBe(16);
  });
});
