import { describe, expect, it } from "vitest";

import { PlatformUpstreamError } from "@/lib/platform";
import { createOutageHold } from "@/lib/platform-wiring/outage-hold";

import {
  clientFor,
  HARBOR,
  MESA,
  PAST_DATE,
  PIER9,
  recordingSleep,
  sandboxForFile,
  wire,
} from "./contract-harness";

/**
 * The client and the account-wide outage hold (lib/platform-wiring/outage-hold.ts), counted on the
 * wire against the sandbox: while the hold is in force a failed attempt is not retried, and the
 * hold begins from the client's own attempts, before any request has run out of retries.
 */
const server = sandboxForFile();

describe("retries during the outage hold", () => {
  it("sends no retry while the hold is in force, and retries as usual once it ends", async () => {
    const hold = createOutageHold();
    const net = wire([{ match: "/config/v2/menus", fault: "503", times: 2 }]);
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep, hold });
    // Signed in first: an answered login, sent after the hold began, would end it.
    await client.kitchen.requireScope();
    hold.trip();
    await expect(client.config.list("menus", HARBOR)).rejects.toBeInstanceOf(PlatformUpstreamError);
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(1);
    hold.release();
    await client.config.list("menus", HARBOR);
    expect(net.requestsTo("/config/v2/menus").map((c) => c.status)).toEqual([503, 503, 200]);
  });

  it("begins when three locations' attempts fail, and stops the retries of a request already waiting", async () => {
    const hold = createOutageHold();
    const net = wire([{ match: "/config/v2/menus", fault: "503", times: Infinity }]);
    // A retry's wait lasts until the other requests' attempts have failed (the hold began), 2 s at most.
    const sleep = async () => {
      const until = Date.now() + 2_000;
      while (!hold.held() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, sleep, hold, maxRetries: 4 });
    await client.kitchen.requireScope();
    const results = await Promise.allSettled(
      [HARBOR, MESA, PIER9].map((guid) => client.config.list("menus", guid)),
    );
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(hold.held()).toBe(true);
    // One attempt each: the hold began at the third failure, and the waits end without a retry.
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(3);
  });

  it("ends on an answer to an attempt sent after it began", async () => {
    const hold = createOutageHold();
    const net = wire();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, hold });
    hold.trip();
    await client.kitchen.itemFulfillments(HARBOR, PAST_DATE);
    expect(hold.held()).toBe(false);
  });
});
