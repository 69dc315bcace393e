import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PlatformRateLimitedError, PlatformUpstreamError } from "@/lib/platform";
import { CONFIG_RESOURCES } from "@/lib/platform/schemas";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import { clientFor, FAST_SANDBOX, HARBOR, MESA, PAST_DATE, recordingSleep, wire } from "./contract-harness";

/**
 * The sandbox's faults (Sandbox-Fault header), produced by the real server and absorbed or
 * reported by the client. Retry delays go through a recording sleep, so the tests check the
 * delay the client chose instead of timing it.
 */
let server: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ ...FAST_SANDBOX, port: 0, hangMs: 5_000 });
});
afterAll(async () => {
  await server?.close();
});

const FULFILLMENTS = "/kitchen/v1/export/itemFulfillments";

describe("429", () => {
  it("retries after the Retry-After the service asked for", async () => {
    const net = wire([{ match: FULFILLMENTS, fault: "429=2" }]);
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep });
    const result = await client.kitchen.itemFulfillments(HARBOR, PAST_DATE);
    expect(result.kind).toBe("data");
    expect(net.requestsTo(FULFILLMENTS).map((c) => c.status)).toEqual([429, 200]);
    expect(delays).toEqual([2000]);
  });

  it("gives up with PlatformRateLimitedError carrying retryAfterMs when 429 persists", async () => {
    const net = wire([{ match: FULFILLMENTS, fault: "429=1", times: Infinity }]);
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep, maxRetries: 2 });
    const error = await client.kitchen.itemFulfillments(HARBOR, PAST_DATE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformRateLimitedError);
    expect((error as PlatformRateLimitedError).retryAfterMs).toBe(1000);
    expect(net.requestsTo(FULFILLMENTS)).toHaveLength(3);
    expect(delays).toEqual([1000, 1000]);
  });
});

describe("5xx", () => {
  it.each(["500", "503"])("retries a %s with backoff and succeeds", async (fault) => {
    const net = wire([{ match: "/config/v2/menus", fault }]);
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep, random: () => 0 });
    const menus = await client.config.list("menus", MESA);
    expect(menus.length).toBeGreaterThan(0);
    expect(net.requestsTo("/config/v2/menus").map((c) => c.status)).toEqual([Number(fault), 200]);
    expect(delays).toEqual([500]);
  });

  it("honours Retry-After on a 503", async () => {
    const net = wire([{ match: "/config/v2/menus", fault: "503=3" }]);
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep });
    await client.config.list("menus", MESA);
    expect(delays).toEqual([3000]);
  });

  it("backs off exponentially and reports PlatformUpstreamError after maxRetries", async () => {
    const net = wire([{ match: "/config/v2/menus", fault: "500", times: Infinity }]);
    const { sleep, delays } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", {
      fetch: net.fetch,
      sleep,
      random: () => 0,
      maxRetries: 3,
    });
    const error = await client.config.list("menus", MESA).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformUpstreamError);
    expect((error as PlatformUpstreamError).status).toBe(500);
    expect((error as PlatformUpstreamError).kind).toBe("http");
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(4);
    expect(delays).toEqual([500, 1000, 2000]);
  });

  it("retries a failing login like any other request", async () => {
    const net = wire([{ match: "/authentication/login", fault: "503" }]);
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep });
    await expect(client.config.tipWithholding(MESA)).resolves.toMatchObject({ entityType: "TipWithholding" });
    expect(net.logins()).toBe(2);
    expect(client.stats().logins).toBe(1);
  });
});

describe("timeout", () => {
  it("abandons an attempt after timeoutMs and retries it", async () => {
    const net = wire([{ match: "/config/v2/tipWithholding", fault: "timeout" }]);
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep, timeoutMs: 2_000 });
    await expect(client.config.tipWithholding(MESA)).resolves.toMatchObject({ entityType: "TipWithholding" });
    expect(net.requestsTo("/config/v2/tipWithholding").map((c) => c.status)).toEqual([undefined, 200]);
  });

  it("reports PlatformUpstreamError of kind timeout when every attempt times out", async () => {
    const net = wire([{ match: FULFILLMENTS, fault: "timeout", times: Infinity }]);
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", {
      fetch: net.fetch,
      sleep,
      timeoutMs: 1_000,
      kitchenTimeoutMs: 1_000,
      maxRetries: 2,
    });
    const error = await client.kitchen.itemFulfillments(HARBOR, PAST_DATE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformUpstreamError);
    expect((error as PlatformUpstreamError).kind).toBe("timeout");
    expect((error as PlatformUpstreamError).status).toBeUndefined();
    expect((error as Error).message).toBe(
      "GET /kitchen/v1/export/itemFulfillments: no response within 1000 ms of network waiting",
    );
    expect(net.requestsTo(FULFILLMENTS)).toHaveLength(3);
  });
});

describe("truncated body", () => {
  it("retries a response cut off half-way and returns the complete one", async () => {
    const net = wire([{ match: "/config/v2/menuItems", fault: "truncated" }]);
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep });
    const items = await client.config.list("menuItems", MESA);
    expect(items.length).toBeGreaterThan(0);
    expect(net.requestsTo("/config/v2/menuItems").map((c) => c.fault)).toEqual(["truncated", undefined]);
  });

  it("reports PlatformUpstreamError of kind truncated when every body is cut short", async () => {
    const net = wire([{ match: "/config/v2/menus", fault: "truncated", times: Infinity }]);
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep, maxRetries: 1 });
    const error = await client.config.list("menus", MESA).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformUpstreamError);
    expect((error as PlatformUpstreamError).kind).toBe("truncated");
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(2);
  });
});

describe("slow", () => {
  it("waits for a slow answer that arrives within timeoutMs, without retrying", async () => {
    const net = wire([{ match: FULFILLMENTS, fault: "slow=400" }]);
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, timeoutMs: 5_000 });
    const result = await client.kitchen.itemFulfillments(HARBOR, PAST_DATE);
    expect(result.kind).toBe("data");
    expect(net.requestsTo(FULFILLMENTS)).toHaveLength(1);
  });
});

describe("random faults", () => {
  it("reads every configuration resource through a sandbox failing a third of requests, with the same data", async () => {
    // The recorded sleep retries at once, unpaced; only the random faults are under test here.
    const flaky = await startSandboxServer({ ...FAST_SANDBOX, port: 0, faultRate: 0.33, rateLimit: false });
    try {
      const net = wire();
      const { sleep, delays } = recordingSleep();
      const client = clientFor(flaky.url, "kp-partner", { fetch: net.fetch, sleep, maxRetries: 10 });
      const steady = clientFor(server.url);
      for (const resource of CONFIG_RESOURCES) {
        expect(await client.config.list(resource, MESA)).toEqual(await steady.config.list(resource, MESA));
      }
      const failed = net.calls.filter((c) => c.status !== 200);
      expect(failed.length).toBeGreaterThan(3);
      expect(new Set(failed.map((c) => c.status))).toEqual(new Set([429, 500, 503]));
      expect(delays).toHaveLength(failed.length);
    } finally {
      await flaky.close();
    }
  });
});
