import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET } from "@/app/api/health/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/server";
import { healthReport } from "@/lib/health/health";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";

import { signIn } from "../support/session";
import { appOnSandboxForFile, HARBOR, world } from "./contract-harness";
import { ready, worldRestaurant } from "./kitchen-harness";

/**
 * GET /api/health against the process's real Platform client (the app's wiring, pointed at a
 * sandbox server): liveness always, the budgets' counts for anyone, restaurant GUIDs only to a
 * signed-in account and only its own restaurants.
 */
const LAKESIDE = world.restaurants.find((r) => r.name === "Lakeside Diner")!.guid; // ben's, not ana's
const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Cleared and set for the file besides the Platform target (test/support/app-env.ts). */
const VARS = [
  "ACCOUNTS_FILE",
  "DATABASE_URL",
  "LOG_LEVEL",
  "PLATFORM_ACCOUNT_MAX_RPS",
  "KITCHEN_CACHE_MB",
] as const;
appOnSandboxForFile(VARS, () => ({
  LOG_LEVEL: "silent",
  PLATFORM_ACCOUNT_MAX_RPS: "500",
  KITCHEN_CACHE_MB: "64",
}));

beforeAll(async () => {
  // The kitchen service opened before the first report: its database's start-up is not a section's 750 ms.
  await getKitchenService();
  // Two locations of the budget: one of ana's restaurants, and one of ben's (twice).
  const client = getPlatformClient();
  await Promise.all([
    client.config.tipWithholding(HARBOR),
    client.config.tipWithholding(LAKESIDE),
    client.config.tipWithholding(LAKESIDE),
  ]);
});
afterAll(async () => {
  setServerSessionReaderForTests(null);
});

const health = (cookie?: string) =>
  GET(new Request("http://localhost/api/health", cookie ? { headers: { cookie } } : {}));

describe("GET /api/health", () => {
  it("answers ok with the budgets' counts, and no restaurant GUID, to an anonymous caller", async () => {
    signIn("ana@kitchen.test"); // a session next-auth would report, but no cookie: never read
    const response = await health();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(GUID);
    const body = JSON.parse(text);
    expect(body.status).toBe("ok");
    expect(body.platform).toMatchObject({
      shared: false,
      perLocation: { maxPerSecond: 20, maxPerWindow: 10_000 },
      locations: { active: 2, used: 3, busiest: 2, nearLimit: 0, waiting: 0, waiters: 0 },
      // The login, the one request without a restaurant.
      accountLevel: { used: 1, waiters: 0 },
      accountCap: { maxPerSecond: 500, used: 4 },
      logins: { count: 1, tokenHeld: true, backingOff: false },
    });
    expect(body.platform.byLocation).toBeUndefined();
    // The answer cache's counts (KITCHEN_ANSWER_CACHE_MB unset: 64 MB); kitchen-answer-cache.test.ts moves them.
    expect(body.kitchenAnswers).toEqual({
      hits: 0,
      misses: 0,
      uncacheable: 0,
      keptHits: 0,
      entries: 0,
      bytes: 0,
      maxBytes: 64 * 1024 * 1024,
    });
  });

  it("lists the signed-in account's own locations, and only those", async () => {
    signIn("ana@kitchen.test");
    const body = await (await health("next-auth.session-token=opaque")).json();
    expect(body.status).toBe("ok");
    expect(body.platform.byLocation).toEqual([{ guid: HARBOR, used: 1, waiters: 0 }]);
    expect(JSON.stringify(body)).not.toContain(LAKESIDE);
    expect(body.platform.logins.backoff).toBeNull();
  });

  it("reads a session cookie that next-auth has lost as anonymous", async () => {
    signIn(null);
    const body = await (await health("__Secure-next-auth.session-token.0=stale")).json();
    expect(body.platform.byLocation).toBeUndefined();
  });

  it("shows the kitchen caches against KITCHEN_CACHE_MB, their bytes and hit/miss counters", async () => {
    signIn(null);
    const cacheOf = async () => (await (await health()).json()).kitchenCache;
    const before = await cacheOf();
    // 64 MB: 3/4 for summaries, 1/4 for ticket facts, half as much again for rollups.
    expect(before.summaries.budgetBytes).toBe(48 * 1024 * 1024);
    expect(before.ticketFacts.budgetBytes).toBe(16 * 1024 * 1024);
    expect(before.rollups.budgetBytes).toBe(32 * 1024 * 1024);

    const service = await getKitchenService();
    const grill = worldRestaurant("Old Town Grill");
    const query = { from: "20250303", to: "20250304", metric: "fire_to_fulfill" as const };
    await service.prepare(grill, query);
    // No answer kept from an earlier run over the same data directory: the days themselves are read.
    await (await getDatabase()).query("DELETE FROM kitchen_kept_answers");
    await ready(service.summary(grill, query)); // two days decoded: two misses
    const cold = await cacheOf();
    expect(cold.summaries.misses - before.summaries.misses).toBe(2);
    expect(cold.summaries.entries).toBe(before.summaries.entries + 2);
    // A busy day's cubes and dictionaries: well over 100 KB each.
    expect(cold.summaries.bytes - before.summaries.bytes).toBeGreaterThan(200_000);
    // Warm: the same two days for another metric (the same query would be the answer cache's): two hits, no miss.
    await ready(service.summary(grill, { ...query, metric: "wait_to_start" }));
    const warm = await cacheOf();
    expect(warm.summaries.hits - cold.summaries.hits).toBe(2);
    expect(warm.summaries.misses).toBe(cold.summaries.misses);
  });

  it("stays ok when a section fails or hangs, saying so in that section", async () => {
    const body = await healthReport(
      { kind: "anonymous" },
      {
        broken: () => Promise.reject(new Error("database down")),
        stuck: () => new Promise(() => {}),
        fine: async () => ({ n: 1 }),
      },
    );
    expect(body).toEqual({
      status: "ok",
      broken: { error: "unavailable" },
      stuck: { error: "no answer within 750 ms" },
      fine: { n: 1 },
    });
  });
});
