import { describe, expect, it } from "vitest";

import { addBusinessDays, enumerateBusinessDates } from "@/lib/business-date/business-date";
import type { Database } from "@/lib/db/database";
import type { RangeAnswer } from "@/lib/kitchen/contract/responses";
import { createKitchenService } from "@/lib/kitchen/service/kitchen-service";

import { startPlatformProxy, type PlatformProxy } from "../support/platform-proxy.mjs";
import {
  kitchenFile,
  kitchenService,
  newLog,
  openTestDatabase,
  ready,
  sandboxClient,
  STORE_KINDS,
  TEST_CONFIG,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * No request waits for upstream work: a range that is not ready answers at once with its
 * coverage (the route's 202) while its dates are fetched in the background, queued and bounded;
 * a hung export ends as a recorded failure. The sandbox runs over real HTTP behind the counting
 * proxy (test/support/platform-proxy.mjs), which counts what really went upstream, and how much
 * of it at once.
 */
const grill = worldRestaurant("Old Town Grill"); // America/Chicago, ~200 tickets a day

const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;

async function withProxy<T>(fn: (proxy: PlatformProxy) => Promise<T>): Promise<T> {
  const proxy = await startPlatformProxy({ target: sandbox.url });
  try {
    return await fn(proxy);
  } finally {
    await proxy.close();
  }
}

/** Asks as the page does (again after a moment) until the answer is ready; records the progress seen. */
async function askUntilReady<T>(ask: () => Promise<RangeAnswer<T>>, progress: number[]): Promise<T> {
  for (;;) {
    const answer = await ask();
    if (answer.ready) return answer.value;
    progress.push(answer.pending.total - answer.pending.pending);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A service that waits 1 s for a range to be ready, every date's export held `slowMs` upstream. */
function slowExportsService(
  db: Database,
  platformUrl: string,
  dates: readonly string[],
  { slowMs, fetchConcurrency }: { slowMs: number; fetchConcurrency: number },
) {
  const log = newLog();
  for (const d of dates) log.faults.set(d, `slow=${slowMs}`);
  return kitchenService(db, platformUrl, log, clock, { readyWaitMs: 1_000, fetchConcurrency });
}

describe("a range that is not ready", () => {
  const t = kitchen.databasePerTest("pglite");

  it("answers a cold 30-day summary within seconds with its coverage, fetches on, and then answers as a warm store does", async () => {
    const to = "20250316";
    const dates = enumerateBusinessDates(addBusinessDays(to, -29), to);
    const range = { from: dates[0]!, to, metric: "fire_to_fulfill" as const };
    await withProxy(async (proxy) => {
      // A slow export for every date: 30 dates four at a time take about 4 s upstream.
      const service = slowExportsService(t.db, proxy.url, dates, { slowMs: 500, fetchConcurrency: 4 });

      const asked = Date.now();
      const first = await service.summary(grill, range);
      // The acceptance bound (the answer comes right after the 1 s wait).
      expect(Date.now() - asked).toBeLessThan(10_000);
      if (first.ready) throw new Error("a cold 30-day range with slow exports answered ready");
      expect(first.retryAfterMs).toBeGreaterThan(0);
      expect(first.pending).toMatchObject({
        status: "pending",
        restaurantGuid: grill.guid,
        from: range.from,
        to,
        total: 30,
      });
      expect(first.pending.pending).toBeGreaterThan(0);
      expect(first.pending.dates.map((d) => d.date)).toEqual(dates);
      expect(first.pending.message).toMatch(/of 30 business dates ready/);

      // Nobody holds a request, yet the dates keep arriving; asking again shows them.
      const progress: number[] = [];
      const answered = await askUntilReady(() => service.summary(grill, range), progress);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.some((n) => n > 0 && n < 30)).toBe(true);
      expect(answered.coverage.complete).toEqual(dates);

      // Each date went upstream once, never more than four at a time.
      const counts = proxy.counts();
      expect(counts.exports).toEqual(Object.fromEntries(dates.map((d) => [`${grill.guid}|${d}`, 1])));
      expect(counts.peakExportsInFlight).toBe(4);

      // The same figures as a store warmed before anyone asked.
      const warm = await openTestDatabase("pglite");
      try {
        const warmService = kitchen.service(warm.db);
        await warmService.prepare(grill, range);
        expect(answered).toEqual(await ready(warmService.summary(grill, range)));
      } finally {
        await warm.drop();
      }
    });
  }, 120_000);

  it("answers a cold 366-day range within seconds and never has more than the cap of fetches upstream at once", async () => {
    const to = "20250319";
    const dates = enumerateBusinessDates(addBusinessDays(to, -365), to);
    expect(dates).toHaveLength(366);
    const range = { from: dates[0]!, to, metric: "fire_to_fulfill" as const };
    await withProxy(async (proxy) => {
      // Each export held 100 ms: three at a time stay well under the Platform's 20 a second.
      const service = slowExportsService(t.db, proxy.url, dates, { slowMs: 100, fetchConcurrency: 3 });

      const asked = Date.now();
      const first = await service.summary(grill, range);
      expect(Date.now() - asked).toBeLessThan(10_000);
      if (first.ready) throw new Error("a cold 366-day range answered ready");
      expect(first.pending.total).toBe(366);
      expect(first.pending.pending).toBeGreaterThan(300);
      // CSV and tickets of the same range say the same, and start nothing more.
      const [csv, tickets] = await Promise.all([
        service.stationLevelRows(grill, range),
        service.tickets(grill, { ...range, limit: 5 }),
      ]);
      expect([csv.ready, tickets.ready]).toEqual([false, false]);

      // Drain the queue (prepare waits for every date), then count what went upstream.
      const coverage = await service.prepare(grill, range);
      expect([coverage.complete.length, coverage.pending.length, coverage.failed.length]).toEqual([
        366, 0, 0,
      ]);
      const counts = proxy.counts();
      expect(Object.keys(counts.exports)).toHaveLength(366);
      expect(Object.values(counts.exports).every((n) => n === 1)).toBe(true);
      expect(counts.peakExportsInFlight).toBe(3);
    });
  }, 120_000);
});

describe.each(STORE_KINDS)("a hung export on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("ends at the hard deadline as a failure with its reason, aborted upstream, the day's claim given back", async () => {
    const week = { from: "20250303", to: "20250309", metric: "fire_to_fulfill" as const };
    const log = newLog();
    // The sandbox's timeout fault holds the answer for a minute; the client's own timeout (network
    // silence) is longer still, so only the service's bound can end the fetch.
    log.faults.set("20250305", "timeout");
    const service = createKitchenService({
      db: t.db,
      client: sandboxClient(sandbox.url, log, { maxRetries: 0, timeoutMs: 60_000 }),
      config: { ...TEST_CONFIG, readyWaitMs: 500, fetchTimeoutMs: 2_000, failedRetrySeconds: 3600 },
      now: () => clock.now,
    });
    // On PostgreSQL the day's claim is a row (lib/kitchen/storage/day-claims.ts); PGlite has none.
    const dayClaims = async () =>
      kind === "pglite"
        ? 0
        : (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM kitchen_day_claims"))[0]!.n;

    const first = await service.summary(grill, week);
    if (first.ready) throw new Error("a range with a hung date answered ready");
    expect(first.pending.dates.find((d) => d.date === "20250305")?.status).toBe("pending");
    // The hung date's claim is held (others of the week may still be in flight, with their own).
    if (kind === "postgres")
      expect(
        await t.db.query("SELECT 1 FROM kitchen_day_claims WHERE claim_key = $1", [
          `kitchen-day:${grill.guid}|20250305`,
        ]),
      ).toHaveLength(1);

    const hung = async () => (await service.coverage(grill, week)).dates.find((d) => d.date === "20250305");
    await expect.poll(hung, { timeout: 15_000, interval: 200 }).toMatchObject({
      status: "failed",
      reason: "timed out after 2 s: the Platform's export did not finish",
    });
    await expect.poll(dayClaims, { timeout: 5_000, interval: 100 }).toBe(0);
    // Sent once and given up: the attempt was aborted, never answered.
    expect(log.sentRequests.filter((d) => d === "20250305")).toHaveLength(1);
    expect(log.fulfillmentRequests.filter((d) => d === "20250305")).toEqual([]);

    // Every date has its answer now: the range is ready, the hung date listed as failed.
    const answered = await ready(service.summary(grill, week));
    expect(answered.coverage.failed.map((f) => f.date)).toEqual(["20250305"]);
    expect(answered.coverage.complete).toHaveLength(6);

    // Once a retry is due, the date is fetched afresh (nothing of the old fetch is left in flight).
    log.faults.clear();
    clock.now += 3_601_000;
    await service.prepare(grill, week);
    const healed = await ready(service.summary(grill, week));
    expect(healed.coverage.complete).toHaveLength(7);
    expect(log.sentRequests.filter((d) => d === "20250305")).toHaveLength(2);
  }, 60_000);
});
