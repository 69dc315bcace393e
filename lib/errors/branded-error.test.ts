import { afterEach, describe, expect, it, vi } from "vitest";

import type * as ApiErrorModule from "@/lib/api/api-error";
import type * as ErrorResponseModule from "@/lib/api/error-response";
import type * as DatabaseModule from "@/lib/db/database";
import type * as InvalidInputModule from "@/lib/errors/invalid-input-error";
import type * as FetchFailureModule from "@/lib/kitchen/ingest/fetch-failure";
import type * as PlatformErrorsModule from "@/lib/platform/errors";
import type * as RateLimiterModule from "@/lib/platform/rate-limiter";

/**
 * Next bundles each entry (instrumentation, every route handler) with its own copy of a module, and
 * the process singletons (kitchen service, Platform client, database) belong to whichever bundle
 * built them first. Two module graphs stand for two bundles here: `vi.resetModules()` between two
 * dynamic imports gives every module, lib/errors/branded-error.ts included, a second instance with
 * classes of its own. An error made by one copy must be recognised by the other's `instanceof` and
 * answered with its status by the other's toErrorResponse.
 */
interface Copy {
  errors: typeof PlatformErrorsModule;
  invalidInput: typeof InvalidInputModule;
  apiError: typeof ApiErrorModule;
  database: typeof DatabaseModule;
  rateLimiter: typeof RateLimiterModule;
  fetchFailure: typeof FetchFailureModule;
  response: typeof ErrorResponseModule;
}

async function loadCopy(): Promise<Copy> {
  vi.resetModules();
  return {
    errors: await import("@/lib/platform/errors"),
    invalidInput: await import("@/lib/errors/invalid-input-error"),
    apiError: await import("@/lib/api/api-error"),
    database: await import("@/lib/db/database"),
    rateLimiter: await import("@/lib/platform/rate-limiter"),
    fetchFailure: await import("@/lib/kitchen/ingest/fetch-failure"),
    response: await import("@/lib/api/error-response"),
  };
}

/** The route's bundle (`route`) and the bundle that built the singleton and throws (`thrower`). */
async function twoBundles(): Promise<{ route: Copy; thrower: Copy }> {
  const route = await loadCopy();
  const thrower = await loadCopy();
  // Two copies indeed: otherwise the test proves nothing.
  expect(thrower.invalidInput.InvalidInputError).not.toBe(route.invalidInput.InvalidInputError);
  expect(thrower.errors.PlatformError).not.toBe(route.errors.PlatformError);
  return { route, thrower };
}

async function bodyOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  return ((await response.json()) as { error: { status: number; code: string; message: string } }).error;
}

const init = { code: "x", message: "GET /x: failed", endpoint: "GET /x" };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("typed errors across two copies of their modules (two Next bundles)", () => {
  it("answers another copy's InvalidInputError with 400, its code and message, not 500", async () => {
    const { route, thrower } = await twoBundles();
    const error = new thrower.invalidInput.InvalidInputError(
      "range_too_long",
      "at most 366 days may be asked at once",
    );
    expect(error).toBeInstanceOf(route.invalidInput.InvalidInputError);
    const response = route.response.toErrorResponse(error, "GET /test");
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      status: 400,
      code: "range_too_long",
      message: "at most 366 days may be asked at once",
    });
  });

  it("answers another copy's ApiError with its own status", async () => {
    const { route, thrower } = await twoBundles();
    const response = route.response.toErrorResponse(
      new thrower.apiError.ApiError(413, "payload_too_large", "too big"),
      "POST /test",
    );
    expect(response.status).toBe(413);
    expect((await bodyOf(response)).code).toBe("payload_too_large");
  });

  it("maps another copy's Platform errors to 404, 502 and 503 as its own", async () => {
    const { route, thrower } = await twoBundles();
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const E = thrower.errors;
    const cases: [Error, number, string][] = [
      [new E.PlatformNotFoundError(init), 404, "not_found"],
      [new E.PlatformLoginError({ ...init, reason: "refused", retryAt: Date.now() + 60_000 }), 502, "x"],
      [new E.PlatformLoginError({ ...init, reason: "unreachable", retryAt: Date.now() + 60_000 }), 503, "x"],
      [new E.PlatformRateLimitedError({ ...init, retryAfterMs: 5_000 }), 503, "platform_rate_limited"],
      [new E.PlatformUpstreamError({ ...init, kind: "network" }), 502, "platform_error"],
      [new E.PlatformForbiddenError(init), 502, "platform_error"],
      [new E.PlatformContractError(init), 502, "platform_error"],
      [new E.PlatformError(init), 502, "platform_error"],
    ];
    for (const [error, status, code] of cases) {
      const response = route.response.toErrorResponse(error, "GET /test");
      expect([error.name, response.status, (await bodyOf(response)).code]).toEqual([
        error.name,
        status,
        code,
      ]);
    }
    const upstream = await bodyOf(
      route.response.toErrorResponse(new E.PlatformUpstreamError({ ...init, kind: "http" }), "GET /test"),
    );
    expect(upstream.message).toBe("The Platform API is unavailable; try again shortly");
  });

  it("keeps the kinds apart: a parent is not its subclass, another kind is not this one", async () => {
    const { route, thrower } = await twoBundles();
    const R = route.errors;
    const base = new thrower.errors.PlatformError(init);
    expect(base).toBeInstanceOf(R.PlatformError);
    expect(base).not.toBeInstanceOf(R.PlatformNotFoundError);
    const forbidden = new thrower.errors.PlatformForbiddenError(init);
    expect(forbidden).toBeInstanceOf(R.PlatformError);
    expect(forbidden).toBeInstanceOf(Error);
    expect(forbidden).not.toBeInstanceOf(R.PlatformNotFoundError);
    expect(forbidden).not.toBeInstanceOf(route.invalidInput.InvalidInputError);
    expect(new thrower.invalidInput.InvalidInputError("c", "m")).not.toBeInstanceOf(R.PlatformError);
  });

  it("does not take a look-alike for a typed error: an Error named and shaped like one is still a 500", async () => {
    const { route } = await twoBundles();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const lookAlike = Object.assign(new Error("at most 366 days"), {
      name: "InvalidInputError",
      code: "range_too_long",
    });
    expect(lookAlike).not.toBeInstanceOf(route.invalidInput.InvalidInputError);
    expect(route.response.toErrorResponse(lookAlike, "GET /test").status).toBe(500);
    for (const value of [null, undefined, "InvalidInputError", 42, {}]) {
      expect(value).not.toBeInstanceOf(route.invalidInput.InvalidInputError);
    }
  });

  it("describes another copy's fetch failures in words, as the coverage shows them", async () => {
    const { route, thrower } = await twoBundles();
    const describeFailure = route.fetchFailure.describeFetchFailure;
    expect(describeFailure(new thrower.errors.PlatformUpstreamError({ ...init, kind: "timeout" }))).toBe(
      "the Platform did not answer in time",
    );
    expect(
      describeFailure(new thrower.errors.PlatformLoginError({ ...init, reason: "refused", retryAt: 0 })),
    ).toBe("the Platform refused this app's credentials");
    expect(describeFailure(new thrower.errors.PlatformForbiddenError(init))).toBe(
      "the Platform refused access to this restaurant's kitchen data",
    );
    expect(describeFailure(new thrower.fetchFailure.MalformedDayError("records of another restaurant"))).toBe(
      "records of another restaurant",
    );
  });

  it("recognises another copy's DatabaseClosedError and RateBudgetExhaustedError", async () => {
    const { route, thrower } = await twoBundles();
    expect(new thrower.database.DatabaseClosedError()).toBeInstanceOf(route.database.DatabaseClosedError);
    expect(new thrower.rateLimiter.RateBudgetExhaustedError(1_000, "budget")).toBeInstanceOf(
      route.rateLimiter.RateBudgetExhaustedError,
    );
    expect(new thrower.database.DatabaseClosedError()).not.toBeInstanceOf(
      route.rateLimiter.RateBudgetExhaustedError,
    );
  });

  it("answers a ZodError of another copy of zod's module with 400 (zod 4 matches its errors by trait)", async () => {
    const { route } = await twoBundles();
    const zodErrors = new URL("../../node_modules/zod/v4/classic/errors.js", import.meta.url).href;
    const first = (await import(/* @vite-ignore */ zodErrors)) as {
      ZodError: new (issues: unknown[]) => Error;
    };
    const second = (await import(/* @vite-ignore */ `${zodErrors}?second-copy`)) as typeof first;
    expect(second.ZodError).not.toBe(first.ZodError);
    const issue = { code: "custom", path: ["from"], message: "from must be a date", input: "x" };
    const response = route.response.toErrorResponse(new second.ZodError([issue]), "GET /test");
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).code).toBe("invalid_request");
  });
});

describe("the brand", () => {
  it("names each error by its kind, which minification cannot rename, and stays out of logs", async () => {
    const { thrower } = await twoBundles();
    const error = new thrower.errors.PlatformNotFoundError(init);
    expect(error.name).toBe("PlatformNotFoundError");
    expect(new thrower.invalidInput.InvalidInputError("c", "m").name).toBe("InvalidInputError");
    const [brand, ...others] = Object.getOwnPropertySymbols(error);
    expect([brand?.description, others]).toEqual(["kitchen-pulse.error-kinds", []]);
    // Not enumerable: util.inspect (console.error of the error) and spreads leave it out.
    expect(Object.prototype.propertyIsEnumerable.call(error, brand!)).toBe(false);
    expect((error as unknown as Record<symbol, unknown>)[brand!]).toEqual([
      "PlatformNotFoundError",
      "PlatformError",
    ]);
  });

  it("is declared by every typed error class the app throws and catches, once per kind", async () => {
    const copy = await loadCopy();
    const classes = [
      copy.errors,
      copy.invalidInput,
      copy.apiError,
      copy.database,
      copy.rateLimiter,
      copy.fetchFailure,
    ]
      .flatMap((module) => Object.values(module))
      .filter(
        (value): value is typeof Error => typeof value === "function" && value.prototype instanceof Error,
      );
    const kinds = classes.map((c) =>
      Object.hasOwn(c, "errorKind") ? (c as unknown as { errorKind: unknown }).errorKind : undefined,
    );
    for (const [i, kind] of kinds.entries())
      expect(typeof kind, `${classes[i]!.name} declares no errorKind of its own`).toBe("string");
    // One kind per class; a new error class in these modules must be added here on purpose.
    expect(kinds.toSorted()).toEqual([
      "ApiError",
      "DatabaseClosedError",
      "InvalidInputError",
      "MalformedDayError",
      "PlatformAuthenticationError",
      "PlatformBadRequestError",
      "PlatformContractError",
      "PlatformError",
      "PlatformForbiddenError",
      "PlatformLoginError",
      "PlatformMissingScopeError",
      "PlatformNotFoundError",
      "PlatformRateLimitedError",
      "PlatformUpstreamError",
      "RateBudgetExhaustedError",
    ]);
  });
});
