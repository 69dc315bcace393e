import { describe, expect, it } from "vitest";

import {
  PlatformBadRequestError,
  PlatformForbiddenError,
  PlatformLoginError,
  PlatformNotFoundError,
} from "@/lib/platform";
import { startSandboxServer } from "@/lib/sandbox/node-server";

import {
  clientFor,
  FAST_SANDBOX,
  HARBOR,
  PAST_DATE,
  PIER9,
  recordingSleep,
  sandboxForFile,
  UNKNOWN_GUID,
  wire,
} from "./contract-harness";

/** Which failures the transport retries, counted on the wire against the sandbox. */

/** Resolves once `condition` holds; the test's own timeout bounds the wait. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
const server = sandboxForFile({ hangMs: 5_000 });

describe("retry policy against the sandbox", () => {
  it("logs one line per attempt: the refused one at warn with willRetry, the answer at debug, and never the query", async () => {
    const net = wire([{ match: "/export/itemFulfillments", fault: "503" }]);
    const { sleep } = recordingSleep();
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const at = (level: string) => (fields: object, message: string) =>
      void lines.push({ level, fields: fields as Record<string, unknown>, message });
    const client = clientFor(server.url, "kp-partner", {
      fetch: net.fetch,
      sleep,
      logger: { debug: at("debug"), info: at("info"), warn: at("warn") },
    });
    await client.kitchen.itemFulfillments(HARBOR, PAST_DATE);
    const exports = lines.filter((l) => l.fields.endpoint === "GET /kitchen/v1/export/itemFulfillments");
    expect(exports.map((l) => [l.level, l.fields.status, l.fields.attempt, l.fields.willRetry])).toEqual([
      ["warn", 503, 1, true],
      ["debug", 200, 2, undefined],
    ]);
    for (const line of exports) {
      expect(line.fields.location).toBe(HARBOR);
      expect(line.fields.ms).toBeGreaterThanOrEqual(0);
      expect(line.fields.budgetWaitMs).toBeGreaterThanOrEqual(0);
    }
    // The business date travels in the query: neither it nor any header reaches the log.
    expect(JSON.stringify(lines)).not.toContain(PAST_DATE);
    expect(JSON.stringify(lines)).not.toMatch(/Bearer|Authorization/i);
    expect(
      lines
        .filter((l) => l.fields.endpoint === "POST /authentication/v1/authentication/login")
        .map((l) => l.fields.location),
    ).toEqual([null]);
  });

  it("waits at least the Retry-After seconds before retrying a 429", async () => {
    const net = wire([{ match: "/config/v2/menus", fault: "429=4" }]);
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep });
    await client.config.list("menus", HARBOR);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(4000);
  });

  it("does not wait for a Retry-After longer than maxRetryAfterMs", async () => {
    const net = wire([{ match: "/config/v2/menus", fault: "429=120" }]);
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep, maxRetryAfterMs: 60_000 });
    await expect(client.config.list("menus", HARBOR)).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 120_000,
    });
    expect(delays).toEqual([]);
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(1);
  });

  it.each([
    [
      "400",
      (c: ReturnType<typeof clientFor>) => c.kitchen.itemFulfillments(HARBOR, "2025-03-10"),
      PlatformBadRequestError,
      "kp-partner",
    ],
    [
      "403",
      (c: ReturnType<typeof clientFor>) => c.config.list("menus", PIER9),
      PlatformForbiddenError,
      "kp-harbor-group",
    ],
    [
      "404",
      (c: ReturnType<typeof clientFor>) => c.config.get("menus", HARBOR, UNKNOWN_GUID),
      PlatformNotFoundError,
      "kp-partner",
    ],
  ] as const)("sends a request answered %s exactly once", async (_status, call, errorClass, clientId) => {
    const net = wire();
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, clientId, { fetch: net.fetch, sleep });
    await expect(call(client)).rejects.toBeInstanceOf(errorClass);
    expect(net.calls.filter((c) => !c.path.endsWith("/login"))).toHaveLength(1);
    expect(client.stats()).toEqual({ logins: 1, requests: 2 });
    expect(delays).toEqual([]);
  });

  it("stops at once when the caller aborts, sending nothing more", async () => {
    const net = wire([{ match: "/export/itemFulfillments", fault: "slow=5000" }]);
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    const controller = new AbortController();
    const pending = client.kitchen.itemFulfillments(HARBOR, PAST_DATE, { signal: controller.signal });
    await until(() => net.requestsTo("/export/itemFulfillments").length === 1);
    controller.abort(new Error("user navigated away"));
    await expect(pending).rejects.toThrow("user navigated away");
    expect(net.requestsTo("/export/itemFulfillments")).toHaveLength(1);
  });

  it("aborts during a backoff wait without another attempt", async () => {
    const net = wire([{ match: "/config/v2/menus", fault: "503", times: Infinity }]);
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, initialRetryDelayMs: 10_000 });
    const controller = new AbortController();
    const pending = client.config.list("menus", HARBOR, { signal: controller.signal });
    await until(() => net.requestsTo("/config/v2/menus")[0]?.status === 503);
    controller.abort(new Error("cancelled"));
    await expect(pending).rejects.toThrow("cancelled");
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(1);
  });

  it("retries a refused connection at login twice, then backs off with PlatformLoginError (unreachable)", async () => {
    const gone = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
    await gone.close(); // nothing listens on this port any more
    const net = wire();
    const { sleep, delays } = recordingSleep();
    const client = clientFor(gone.url, "kp-partner", {
      fetch: net.fetch,
      sleep,
      random: () => 0,
      maxRetries: 2,
    });
    const error = await client.config.list("menus", HARBOR).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformLoginError);
    expect((error as PlatformLoginError).reason).toBe("unreachable");
    expect((error as PlatformLoginError).endpoint).toBe("POST /authentication/v1/authentication/login");
    expect(net.logins()).toBe(3);
    expect(delays).toEqual([500, 1000]);
    // During the back-off the next request fails at once, without another login.
    await expect(client.config.list("menus", HARBOR)).rejects.toBeInstanceOf(PlatformLoginError);
    expect(net.logins()).toBe(3);
  });
});
