import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { toErrorResponse } from "@/lib/api/error-response";
import { createPlatformClient, type PlatformClientOptions } from "@/lib/platform";
import { Transport } from "@/lib/platform/client";
import { PlatformBadRequestError, PlatformLoginError, PlatformUpstreamError } from "@/lib/platform/errors";
import { tipWithholding } from "@/lib/platform/schemas/config";

import { startFixtureServer, type FixtureServer } from "../contract-fixtures/fixture-server";

/**
 * The real client, over real HTTP, against bodies written from the real Platform's public
 * reference (test/contract-fixtures/client): every login shape, ErrorMessage bodies, rate-limit
 * headers, a slow export, a busy event loop, and a refused login. Counts are taken at the server.
 */
const FIXTURES = path.join(__dirname, "../contract-fixtures/client");
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8"));

const LOGIN = "POST /authentication/v1/authentication/login";
const LOGIN_PATH = "/authentication/v1/authentication/login";
const TIP = "GET /config/v2/tipWithholding";
const EXPORT = "GET /kitchen/v1/export/itemFulfillments";
const RESTAURANT = "6a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const SECRET = "fixture-secret-do-not-echo";

let server: FixtureServer | undefined;
/** When each request reached the fixture server (epoch ms), by path. */
let arrivals: { path: string; at: number }[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  arrivals = [];
});

function options(overrides: Partial<PlatformClientOptions> = {}): PlatformClientOptions {
  return { baseUrl: server!.url, clientId: "fixture-client", clientSecret: SECRET, ...overrides };
}

type Routes = NonNullable<Parameters<typeof startFixtureServer>[0]>;

async function serve(login: unknown, extra: Routes = {}) {
  const routes: Routes = {
    [LOGIN]: () => ({ body: login }),
    [TIP]: () => ({ body: fixture("tip-withholding.json") }),
    ...extra,
  };
  const timed: Routes = {};
  for (const [key, handler] of Object.entries(routes)) {
    timed[key] = (request, hit) => {
      arrivals.push({ path: request.path, at: Date.now() });
      return handler(request, hit);
    };
  }
  server = await startFixtureServer(timed);
  return server;
}

const arrivalsAt = (suffix: string) => arrivals.filter((a) => a.path.endsWith(suffix)).map((a) => a.at);

/** Holds the event loop for `ms` without yielding, as parsing and summarising a big day does. */
function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

describe("login in every published and observed shape", () => {
  for (const [name, file] of [
    ["the contract's (@class, null scope and tokens)", "login-contract.json"],
    ["the published definition's (no @class, string tokens)", "login-published.json"],
    ["production's (string scope, no idToken or refreshToken)", "login-production.json"],
    ["one without any scope (read from the JWT)", "login-no-scope.json"],
  ] as const) {
    it(`signs in once with ${name} and keeps the token for a day`, async () => {
      await serve(fixture(file));
      let skew = 0;
      const transport = new Transport(options({ now: () => Date.now() + skew }));
      const readTip = () =>
        transport.request({
          method: "GET",
          path: "/config/v2/tipWithholding",
          restaurantGuid: RESTAURANT,
          schema: tipWithholding,
        });
      const first = await readTip();
      expect(first.data?.entityType).toBe("TipWithholding");
      expect(transport.scopes()).toEqual(["kitchen:read", "config:read", "restaurants:read"]);
      // expiresIn 86400 is honoured: 23 hours later the token is still in use.
      skew = 23 * 3600_000;
      await readTip();
      expect(server!.count(LOGIN_PATH)).toBe(1);
      expect(
        server!.requests
          .filter((r) => r.path.endsWith("/tipWithholding"))
          .every((r) => r.headers.authorization?.startsWith("Bearer eyJ")),
      ).toBe(true);
      // In its last minute, one new login (the guide: a new token only comes then).
      skew = 86_400_000 - 30_000;
      await readTip();
      expect(server!.count(LOGIN_PATH)).toBe(2);
    });
  }

  it("sends the restaurant header on restaurants/v1", async () => {
    await serve(fixture("login-production.json"), {
      [`GET /restaurants/v1/restaurants/${RESTAURANT}`]: () => ({
        body: { guid: RESTAURANT, general: { name: "Fixture Diner", timeZone: "America/New_York" } },
      }),
    });
    const client = createPlatformClient(options());
    const info = await client.restaurants.get(RESTAURANT, { includeArchived: true });
    expect(info.guid).toBe(RESTAURANT);
    const request = server!.requests.find((r) => r.path.startsWith("/restaurants/v1/"))!;
    expect(request.headers["platform-restaurant-external-id"]).toBe(RESTAURANT);
    expect(request.query.get("includeArchived")).toBe("true");
  });
});

describe("a login that fails backs off for every caller", () => {
  it("answers 20 concurrent and 10 later requests during the back-off with one refused login", async () => {
    await serve(undefined, { [LOGIN]: () => ({ status: 401, body: fixture("error-401-login.json") }) });
    const client = createPlatformClient(options({ loginBackoff: { initialMs: 60_000, maxMs: 60_000 } }));
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => client.config.tipWithholding(RESTAURANT).catch((e: unknown) => e)),
    );
    for (const error of concurrent) expect(error).toBeInstanceOf(PlatformLoginError);
    for (let i = 0; i < 10; i++) {
      const error = await client.config.tipWithholding(RESTAURANT).catch((e: unknown) => e);
      expect(error).toMatchObject({
        reason: "refused",
        status: 401,
        code: "platform_login_failed",
        requestId: "3f0c9a52-7d1e-4e8a-b6f4-0c2d9e5a1b77",
      });
    }
    expect(server!.count(LOGIN_PATH)).toBe(1);
    expect(server!.count("/tipWithholding")).toBe(0);

    // What a page is told, in words, with when to expect the next attempt.
    const response = toErrorResponse(concurrent[0], "GET /api/test");
    expect(response.status).toBe(502);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(50);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("platform_login_failed");
    expect(body.error.message).toMatch(/^The Platform refused this app's credentials/);
    expect(body.error.message).not.toContain(SECRET);
  });

  it("tries again after the back-off, once, and recovers", async () => {
    let refuse = true;
    await serve(undefined, {
      [LOGIN]: () =>
        refuse
          ? { status: 401, body: fixture("error-401-login.json") }
          : { body: fixture("login-production.json") },
    });
    const client = createPlatformClient(options({ loginBackoff: { initialMs: 400, maxMs: 400 } }));
    await expect(client.config.tipWithholding(RESTAURANT)).rejects.toBeInstanceOf(PlatformLoginError);
    refuse = false;
    await expect(client.config.tipWithholding(RESTAURANT)).rejects.toBeInstanceOf(PlatformLoginError);
    await new Promise((r) => setTimeout(r, 450));
    const tips = await Promise.all([1, 2, 3].map(() => client.config.tipWithholding(RESTAURANT)));
    expect(tips).toHaveLength(3);
    expect(server!.count(LOGIN_PATH)).toBe(2);
  });

  it("calls a 200 without an access token garbled and does not repeat it per request", async () => {
    await serve(fixture("login-garbled.json"));
    const client = createPlatformClient(options());
    const errors = await Promise.all(
      Array.from({ length: 5 }, () => client.config.tipWithholding(RESTAURANT).catch((e: unknown) => e)),
    );
    for (const error of errors)
      expect(error).toMatchObject({ reason: "garbled", digest: "platform_login_failed:garbled" });
    await expect(client.config.tipWithholding(RESTAURANT)).rejects.toBeInstanceOf(PlatformLoginError);
    expect(server!.count(LOGIN_PATH)).toBe(1);
    expect(toErrorResponse(errors[0], "test").status).toBe(502);
  });
});

describe("ErrorMessage bodies", () => {
  it("keeps message, requestId, messageKey, fieldName, link, nested errors and canRetry, with the token redacted", async () => {
    const body = JSON.stringify(fixture("error-400-nested.json"));
    await serve(fixture("login-production.json"), {
      [EXPORT]: (request) => ({
        status: 400,
        body: body.replace("__TOKEN__", request.headers.authorization!.slice("Bearer ".length)),
      }),
    });
    const client = createPlatformClient(options());
    const error = (await client.kitchen
      .itemFulfillments(RESTAURANT, "2025-03-10")
      .catch((e: unknown) => e)) as PlatformBadRequestError;
    expect(error).toBeInstanceOf(PlatformBadRequestError);
    expect(error.code).toBe("10400");
    expect(error.requestId).toBe("b1c2d3e4-0000-4000-8000-00000000a400");
    expect(error.message).toBe(
      "GET /kitchen/v1/export/itemFulfillments: 400 Bad Request (businessDate: businessDate must be in yyyyMMdd format)",
    );
    expect(error.detail).toMatchObject({
      link: "https://doc.example/devguide/apiResponsesAndErrors.html",
      canRetry: false,
      errors: [
        {
          code: "10401",
          fieldName: "businessDate",
          messageKey: "invalid.business.date",
          message: "businessDate must be in yyyyMMdd format",
          errors: [],
        },
      ],
    });
    expect(error.detail.developerMessage).toBe(
      "Invalid businessDate; request carried Authorization: Bearer [redacted]",
    );
    expect(server!.count("/itemFulfillments")).toBe(1);
  });

  it("retries a 503 even when its body says canRetry false (a field the definition reserves for future use)", async () => {
    await serve(fixture("login-production.json"), {
      [TIP]: (_r, hit) =>
        hit === 1
          ? { status: 503, body: fixture("error-503-can-retry-false.json") }
          : { body: fixture("tip-withholding.json") },
    });
    const client = createPlatformClient(options({ initialRetryDelayMs: 10 }));
    await client.config.tipWithholding(RESTAURANT);
    expect(server!.count("/tipWithholding")).toBe(2);
  });
});

describe("rate limits", () => {
  it("waits out a 429's Retry-After, then succeeds", async () => {
    await serve(fixture("login-production.json"), {
      [TIP]: (_r, hit) =>
        hit === 1
          ? {
              status: 429,
              headers: {
                "Retry-After": "1",
                "X-Platform-RateLimit-Remaining": "0",
                "X-Platform-RateLimit-Reset": String(Math.ceil(Date.now() / 1000) + 1),
              },
              body: fixture("error-429.json"),
            }
          : { body: fixture("tip-withholding.json") },
    });
    const client = createPlatformClient(options());
    await client.config.tipWithholding(RESTAURANT);
    const [first, second] = arrivalsAt("/tipWithholding");
    expect(second! - first!).toBeGreaterThanOrEqual(950);
  });

  it("holds requests when the headers say the slice is spent, instead of drawing a 429", async () => {
    let resetAt = 0;
    await serve(fixture("login-production.json"), {
      [TIP]: (_r, hit) => {
        if (hit === 1) {
          // The brand-derived headers: epoch seconds, as the developer guide describes them.
          resetAt = (Math.floor(Date.now() / 1000) + 2) * 1000;
          return {
            headers: {
              "X-Platform-RateLimit-Remaining": "0",
              "X-Platform-RateLimit-Reset": String(resetAt / 1000),
            },
            body: fixture("tip-withholding.json"),
          };
        }
        return { body: fixture("tip-withholding.json") };
      },
    });
    const client = createPlatformClient(options());
    await client.config.tipWithholding(RESTAURANT);
    await client.config.tipWithholding(RESTAURANT);
    const second = arrivalsAt("/tipWithholding")[1]!;
    expect(second).toBeGreaterThanOrEqual(resetAt - 5);
  });

  it("keeps every one-second window of a location at the server within maxRps", async () => {
    await serve(fixture("login-production.json"));
    const client = createPlatformClient(options({ maxRps: 10 }));
    await Promise.all(Array.from({ length: 12 }, () => client.config.tipWithholding(RESTAURANT)));
    // The login has no restaurant header: the service counts it apart, and so does the client.
    const times = arrivalsAt("/tipWithholding");
    // When it fails, the message gives every arrival, so a CI log says how the second filled up.
    const offsets = times.map((t) => t - times[0]!).join(", ");
    for (let i = 0; i < times.length; i++) {
      expect(
        times.filter((t) => t >= times[i]! && t < times[i]! + 1000).length,
        `arrivals (ms after the first): ${offsets}`,
      ).toBeLessThanOrEqual(10);
    }
  });
});

describe("timeouts count network waiting only", () => {
  it(
    "fetches an export whose first byte comes after 16 s (over the old 15 s default) with one request",
    { timeout: 40_000 },
    async () => {
      await serve(fixture("login-production.json"), {
        [EXPORT]: () => ({ delayMs: 16_000, body: fixture("export-day.json") }),
      });
      const client = createPlatformClient(options());
      const result = await client.kitchen.itemFulfillments(RESTAURANT, "20250310");
      expect(result.kind).toBe("data");
      expect(server!.count("/itemFulfillments")).toBe(1);
    },
  );

  it("fetches an export slower than the ordinary timeout with one request when its own timeout allows (the 90 s case, scaled)", async () => {
    await serve(fixture("login-production.json"), {
      [EXPORT]: () => ({ delayMs: 1_800, body: fixture("export-day.json") }),
    });
    const client = createPlatformClient(options({ timeoutMs: 300, kitchenTimeoutMs: 3_000 }));
    const result = await client.kitchen.itemFulfillments(RESTAURANT, "20250310");
    expect(result.kind === "data" && result.records.length).toBe(2);
    expect(server!.count("/itemFulfillments")).toBe(1);
  });

  it("times out an export that stays silent past its timeout, and tries it at most twice more", async () => {
    await serve(fixture("login-production.json"), {
      [EXPORT]: () => ({ delayMs: 5_000, body: fixture("export-day.json") }),
    });
    const client = createPlatformClient(options({ kitchenTimeoutMs: 400, initialRetryDelayMs: 10 }));
    const error = (await client.kitchen
      .itemFulfillments(RESTAURANT, "20250310")
      .catch((e: unknown) => e)) as PlatformUpstreamError;
    expect(error).toBeInstanceOf(PlatformUpstreamError);
    expect(error.kind).toBe("timeout");
    expect(server!.count("/itemFulfillments")).toBe(3);
  });

  it("does not time out, nor ask again, when our own event loop is busy for longer than the timeout", async () => {
    await serve(fixture("login-production.json"), {
      [EXPORT]: () => ({ delayMs: 300, body: fixture("export-day.json") }),
    });
    const client = createPlatformClient(options({ kitchenTimeoutMs: 1_000 }));
    await client.config.tipWithholding(RESTAURANT); // logged in
    const pending = client.kitchen.itemFulfillments(RESTAURANT, "20250310");
    await new Promise((r) => setTimeout(r, 50)); // the request is on the wire
    busyWait(3_000); // three timeouts' worth of our own CPU time, during which the answer arrives
    const result = await pending;
    expect(result.kind).toBe("data");
    expect(server!.count("/itemFulfillments")).toBe(1);
  });
});
