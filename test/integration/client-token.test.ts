import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PlatformAuthenticationError } from "@/lib/platform";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import { clientFor, FAST_SANDBOX, HARBOR, MESA, wire } from "./contract-harness";

/**
 * Token handling against the sandbox's real login and JWT checks. The sandbox's clock is
 * movable (its `now` option) so a token can expire between two pages without waiting an hour.
 */
let server: SandboxServer;
let sandboxSkewMs = 0;

beforeAll(async () => {
  // One-hour tokens (the default is a day), so the tests below can reach expiry and renewal.
  server = await startSandboxServer({
    ...FAST_SANDBOX,
    port: 0,
    now: () => Date.now() + sandboxSkewMs,
    tokenLifetimeS: 3600,
  });
});
afterAll(async () => {
  await server?.close();
});

describe("token manager against the sandbox", () => {
  it("logs in once for 50 concurrent calls", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, maxRps: 20 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.config.tipWithholding(i % 2 ? HARBOR : MESA)),
    );
    expect(results).toHaveLength(50);
    expect(net.logins()).toBe(1);
    expect(client.stats()).toEqual({ logins: 1, requests: 51 });
  });

  it("re-logs in once when the token expires mid-paging", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    let pages = 0;
    let items = 0;
    try {
      for await (const page of client.config.pages("menuItems", HARBOR)) {
        pages += 1;
        items += page.length;
        // The service's clock passes the token's expiry while the client still trusts it.
        if (pages === 3) sandboxSkewMs = 2 * 3600_000;
      }
    } finally {
      sandboxSkewMs = 0;
    }
    expect(items).toBeGreaterThanOrEqual(5000);
    expect(net.logins()).toBe(2);
    const listCalls = net.requestsTo("/config/v2/menuItems");
    expect(listCalls.map((c) => c.status).filter((s) => s === 401)).toHaveLength(1);
    expect(listCalls).toHaveLength(pages + 1);
  });

  // The one-hour token read again after `laterMs`: inside its last minute it is renewed first.
  it.each([
    {
      does: "renews the token before it expires, without a refused request",
      laterMs: 3600_000 - 30_000,
      logins: 2,
    },
    { does: "keeps using the token for its lifetime", laterMs: 50 * 60_000, logins: 1 },
  ])("$does", async ({ laterMs, logins }) => {
    let clientSkewMs = 0;
    const net = wire();
    const client = clientFor(server.url, "kp-partner", {
      fetch: net.fetch,
      now: () => Date.now() + clientSkewMs,
    });
    await client.config.tipWithholding(MESA);
    clientSkewMs = laterMs;
    await client.config.tipWithholding(MESA);
    expect(net.logins()).toBe(logins);
    expect(net.calls.every((c) => c.status === 200)).toBe(true);
  });

  it("answers a burst of 401s on one token with a single new login", async () => {
    const net = wire([{ match: "/config/v2/tipWithholding", fault: "401", times: 10 }]);
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    await client.restaurants.get(MESA); // the first token
    const results = await Promise.all(Array.from({ length: 10 }, () => client.config.tipWithholding(MESA)));
    expect(results).toHaveLength(10);
    expect(net.logins()).toBe(2);
    expect(net.requestsTo("/config/v2/tipWithholding")).toHaveLength(20);
  });

  it("gives up after one new login when the service keeps refusing the token", async () => {
    const net = wire([{ match: "/config/v2/tipWithholding", fault: "401", times: Infinity }]);
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    await expect(client.config.tipWithholding(MESA)).rejects.toBeInstanceOf(PlatformAuthenticationError);
    expect(net.logins()).toBe(2);
    expect(net.requestsTo("/config/v2/tipWithholding")).toHaveLength(2);
  });
});
