import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import {
  PlatformAuthenticationError,
  PlatformContractError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUpstreamError,
} from "@/lib/platform/errors";

import { ApiError } from "./api-error";
import { toErrorResponse } from "./error-response";

const endpoint = "GET /restaurants/v1/restaurants/x";

async function answer(error: unknown) {
  const response = toErrorResponse(error, "GET /api/test");
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { error: Record<string, unknown> },
  };
}

afterEach(() => vi.restoreAllMocks());

describe("toErrorResponse", () => {
  it("passes an ApiError through as written", async () => {
    const r = await answer(new ApiError(422, "bad_range", "from must not be after to"));
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      error: { status: 422, code: "bad_range", message: "from must not be after to" },
    });
    expect(r.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers a domain's refusal of its input with a 400 carrying its code and words", async () => {
    const r = await answer(
      new InvalidInputError(
        "range_too_long",
        "from 20240101 to 20250302 is 427 days; at most 366 days may be asked at once",
      ),
    );
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: {
        status: 400,
        code: "range_too_long",
        message: "from 20240101 to 20250302 is 427 days; at most 366 days may be asked at once",
      },
    });
  });

  it("turns zod issues into a 400 naming the fields", async () => {
    const result = z
      .object({ from: z.string().regex(/^\d{8}$/, "must be YYYYMMDD") })
      .safeParse({ from: "2024-01-01" });
    const r = await answer(result.error);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ status: 400, code: "invalid_request", message: "from: must be YYYYMMDD" });
  });

  it("answers a Platform 404 with our 404 and the upstream request id", async () => {
    const r = await answer(
      new PlatformNotFoundError({
        status: 404,
        code: "not_found",
        message: `${endpoint}: 404`,
        endpoint,
        requestId: "req-1",
      }),
    );
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({
      status: 404,
      code: "not_found",
      message: "Not found",
      requestId: "req-1",
    });
  });

  it("answers a rate limit with 503 and Retry-After in whole seconds", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const r = await answer(
      new PlatformRateLimitedError({
        status: 429,
        code: "rate_limited",
        message: "slow down",
        endpoint,
        retryAfterMs: 2_500,
      }),
    );
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("3");
    expect(r.body.error.code).toBe("platform_rate_limited");
  });

  it("answers upstream and other Platform failures with 502 without their details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const error of [
      new PlatformUpstreamError({
        status: 500,
        code: "upstream_error",
        message: `${endpoint}: 500 stack at db.js:12`,
        endpoint,
        kind: "http",
      }),
      new PlatformAuthenticationError({
        status: 401,
        code: "unauthorized",
        message: `${endpoint}: 401 bad client kp-partner`,
        endpoint,
      }),
      new PlatformContractError({
        status: 200,
        code: "contract_mismatch",
        message: `${endpoint}: general.name: expected string`,
        endpoint,
      }),
    ]) {
      const r = await answer(error);
      expect(r.status).toBe(502);
      expect(JSON.stringify(r.body)).not.toContain(endpoint);
      expect(JSON.stringify(r.body)).not.toContain("kp-partner");
    }
    expect(log).toHaveBeenCalledTimes(3);
  });

  it("hides anything else behind 500 Internal error and logs it without tokens", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJrcC1wYXJ0bmVyIn0.c2lnbmF0dXJl";
    const r = await answer(new Error(`boom with Authorization: Bearer ${token}`));
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ error: { status: 500, code: "internal_error", message: "Internal error" } });
    const logged = log.mock.calls.flat().join(" ");
    expect(logged).toContain("boom");
    expect(logged).not.toContain(token);
  });
});
