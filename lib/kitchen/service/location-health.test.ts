import { describe, expect, it } from "vitest";

import { MalformedDayError } from "@/lib/kitchen/ingest/fetch-failure";
import {
  PlatformAuthenticationError,
  PlatformBadRequestError,
  PlatformContractError,
  PlatformError,
  PlatformForbiddenError,
  PlatformLoginError,
  PlatformMissingScopeError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUpstreamError,
} from "@/lib/platform/errors";

import { classifyFetchFailure, isServiceWideFailure, transientBackoffMs } from "./location-health";

const endpoint = "GET /kitchen/v1/export/itemFulfillments";
const init = (status?: number) => ({ status, endpoint, code: "x", message: "m" });

describe("classifyFetchFailure", () => {
  it("calls a refusal the Platform would repeat permanent", () => {
    expect(classifyFetchFailure(new PlatformForbiddenError(init(403)))).toBe("permanent");
    expect(classifyFetchFailure(new PlatformBadRequestError(init(400)))).toBe("permanent");
    expect(classifyFetchFailure(new PlatformNotFoundError(init(404)))).toBe("permanent");
    expect(classifyFetchFailure(new PlatformError(init(422)))).toBe("permanent");
    expect(classifyFetchFailure(new PlatformMissingScopeError({ endpoint, scope: "kitchen:read" }))).toBe(
      "permanent",
    );
    expect(classifyFetchFailure(new PlatformContractError({ ...init(200), code: "contract_mismatch" }))).toBe(
      "permanent",
    );
    expect(classifyFetchFailure(new MalformedDayError("records of another restaurant"))).toBe("permanent");
  });

  it("calls an outage, a rate limit, a timeout or a failed sign-in transient", () => {
    expect(classifyFetchFailure(new PlatformUpstreamError({ ...init(503), kind: "http" }))).toBe("transient");
    expect(classifyFetchFailure(new PlatformUpstreamError({ ...init(undefined), kind: "network" }))).toBe(
      "transient",
    );
    expect(classifyFetchFailure(new PlatformUpstreamError({ ...init(undefined), kind: "timeout" }))).toBe(
      "transient",
    );
    expect(classifyFetchFailure(new PlatformRateLimitedError(init(429)))).toBe("transient");
    expect(classifyFetchFailure(new PlatformAuthenticationError(init(401)))).toBe("transient");
    expect(classifyFetchFailure(new PlatformError(init(408)))).toBe("transient");
    // A login refused with 401 or 403 is the credential's trouble, with its own back-off, not the location's.
    const login = new PlatformLoginError({
      status: 403,
      endpoint,
      code: "platform_login_failed",
      message: "m",
      reason: "refused",
      retryAt: 0,
    });
    expect(classifyFetchFailure(login)).toBe("transient");
    expect(classifyFetchFailure(new Error("the day's fetch timed out"))).toBe("transient");
    expect(classifyFetchFailure(undefined)).toBe("transient");
  });

  it("reads the code and status, so an error from another bundle's copy of the class is classified alike", () => {
    const foreign = Object.assign(new Error("403"), { status: 403, code: "forbidden" });
    expect(classifyFetchFailure(foreign)).toBe("permanent");
    expect(classifyFetchFailure(Object.assign(new Error("503"), { status: 503, code: "http" }))).toBe(
      "transient",
    );
  });
});

describe("transientBackoffMs", () => {
  const schedule = (guid: string) =>
    Array.from({ length: 9 }, (_, i) => transientBackoffMs(i + 1, guid, 30_000, 1_800_000));

  it("doubles from the first wait to the cap, each at most a quarter shorter", () => {
    const waits = schedule("a75e32f5");
    const full = [30, 60, 120, 240, 480, 960, 1800, 1800, 1800].map((s) => s * 1000);
    waits.forEach((w, i) => {
      expect(w).toBeLessThanOrEqual(full[i]!);
      expect(w).toBeGreaterThanOrEqual(full[i]! * 0.75);
    });
    expect(waits[3]!).toBeGreaterThan(waits[1]!);
  });

  it("is the same for a location and count every time, and spread between locations", () => {
    expect(schedule("a")).toEqual(schedule("a"));
    const firsts = new Set(
      ["a", "b", "c", "d", "e", "f"].map((g) => transientBackoffMs(1, g, 30_000, 1_800_000)),
    );
    expect(firsts.size).toBeGreaterThan(3);
  });

  it("is no wait at all when the first wait is 0", () => {
    expect(transientBackoffMs(5, "a", 0, 1_800_000)).toBe(0);
  });
});

describe("a service-wide failure (the Platform itself failing, not one location)", () => {
  it("is a 5xx, a network failure, a timeout or a cut body; never a 429, a refusal or a sign-in", () => {
    expect(isServiceWideFailure({ status: 503, code: "http" })).toBe(true);
    expect(isServiceWideFailure({ code: "network" })).toBe(true);
    expect(isServiceWideFailure({ code: "timeout" })).toBe(true);
    expect(isServiceWideFailure({ status: 200, code: "truncated" })).toBe(true);
    expect(isServiceWideFailure({ status: 429, code: "rate_limited" })).toBe(false);
    expect(isServiceWideFailure({ status: 403, code: "forbidden" })).toBe(false);
    expect(isServiceWideFailure({ code: "platform_login_failed" })).toBe(false);
    expect(isServiceWideFailure(undefined)).toBe(false);
  });
});
