import { describe, expect, it } from "vitest";
import { z } from "zod";

import {
  formatIssuePath,
  PlatformAuthenticationError,
  PlatformBadRequestError,
  PlatformContractError,
  PlatformError,
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUpstreamError,
  redactSecrets,
} from "@/lib/platform/errors";
import { loginResponse, menuItem } from "@/lib/platform/schemas";

import { contractLoginBody } from "../support/login-body";

const endpoint = "GET /config/v2/menuItems";

describe("PlatformError.generate", () => {
  it.each([
    [400, PlatformBadRequestError],
    [401, PlatformAuthenticationError],
    [403, PlatformForbiddenError],
    [404, PlatformNotFoundError],
    [429, PlatformRateLimitedError],
    [500, PlatformUpstreamError],
    [503, PlatformUpstreamError],
  ])("maps %i to its class", (status, cls) => {
    const error = PlatformError.generate(status, undefined, new Headers(), endpoint);
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.status).toBe(status);
    expect(error.endpoint).toBe(endpoint);
    expect(error.name).toBe(cls.name);
  });

  it("takes code, message and requestId from the service's error body", () => {
    const error = PlatformError.generate(
      403,
      { status: 403, code: "forbidden_scope", message: "missing scope kitchen:read", requestId: "req-1" },
      new Headers(),
      "GET /kitchen/v1/export/itemFulfillments",
    );
    expect(error.code).toBe("forbidden_scope");
    expect(error.requestId).toBe("req-1");
    expect(error.message).toBe("GET /kitchen/v1/export/itemFulfillments: 403 missing scope kitchen:read");
  });

  it("keeps the service's numeric error code as a string", () => {
    const error = PlatformError.generate(
      400,
      { status: 400, code: 40004, message: "bad date", requestId: "r" },
      new Headers(),
      endpoint,
    );
    expect(error.code).toBe("40004");
  });

  it("falls back to the request id header and a plain-text body", () => {
    const error = PlatformError.generate(
      502,
      "Bad Gateway",
      new Headers({ "x-request-id": "abc" }),
      endpoint,
    );
    expect(error.requestId).toBe("abc");
    expect(error.message).toBe(`${endpoint}: 502 Bad Gateway`);
    expect((error as PlatformUpstreamError).kind).toBe("http");
  });

  it("reads Retry-After into retryAfterMs on 429", () => {
    const error = PlatformError.generate(429, undefined, new Headers({ "retry-after": "3" }), endpoint);
    expect((error as PlatformRateLimitedError).retryAfterMs).toBe(3000);
  });
});

describe("PlatformContractError", () => {
  it("names the endpoint and the field path of a mismatching body", () => {
    const items = [0, 1, 2, 3].map((i) => ({ guid: `g${i}`, entityType: "MenuItem", calories: 120 }));
    const bad = items.map((item, i) => (i === 3 ? { ...item, calories: "120" } : item));
    const result = z.array(menuItem).safeParse(bad);
    expect(result.success).toBe(false);
    const error = PlatformContractError.fromZod(result.error!, endpoint, 200);
    expect(error.message).toBe("GET /config/v2/menuItems: [3].calories: expected number, received string");
    expect(error.issues).toEqual([{ path: "[3].calories", message: "expected number, received string" }]);
    expect(error.status).toBe(200);
    expect(error.code).toBe("contract_mismatch");
  });

  it("lets unknown fields pass and names nested paths", () => {
    expect(
      z.array(menuItem).safeParse([{ guid: "g", entityType: "MenuItem", brandNewField: { x: 1 } }]).success,
    ).toBe(true);
    const result = loginResponse.safeParse(contractLoginBody("x", "soon"));
    const error = PlatformContractError.fromZod(
      result.error!,
      "POST /authentication/v1/authentication/login",
      200,
    );
    expect(error.message).toBe(
      "POST /authentication/v1/authentication/login: token.expiresIn: expected number, received string",
    );
  });

  it("lists the first three issues and counts the rest", () => {
    const result = z.array(menuItem).safeParse([1, 2, 3, 4, 5]);
    const error = PlatformContractError.fromZod(result.error!, endpoint, 200);
    expect(error.message).toMatch(
      /^GET \/config\/v2\/menuItems: \[0\]: expected object, received number; \[1\]: .*; \[2\]: .* \(and 2 more\)$/,
    );
  });
});

describe("formatIssuePath", () => {
  it("writes indexes in brackets, names with dots, odd keys quoted", () => {
    expect(formatIssuePath([])).toBe("(root)");
    expect(formatIssuePath([3, "calories"])).toBe("[3].calories");
    expect(formatIssuePath(["@class"])).toBe('["@class"]');
    expect(formatIssuePath(["schedules", "daySchedules", "lunch", "services", 0, "name"])).toBe(
      "schedules.daySchedules.lunch.services[0].name",
    );
  });
});

describe("redactSecrets", () => {
  it("replaces every occurrence of each secret", () => {
    expect(
      redactSecrets("bad secret s3cr3t-value (s3cr3t-value) for eyJtoken", [
        "s3cr3t-value",
        "eyJtoken",
        undefined,
      ]),
    ).toBe("bad secret [redacted] ([redacted]) for [redacted]");
  });
});
