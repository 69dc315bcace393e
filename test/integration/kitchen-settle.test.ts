import { describe, expect, it } from "vitest";

import { createKitchenService } from "@/lib/kitchen/service/kitchen-service";

import {
  countBy,
  kitchenFile,
  newLog,
  openTestDatabase,
  ready,
  revisingClient,
  TEST_CONFIG,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Closed dates settle, and nothing is asked before the kitchen data begins (issue 30), through the
 * real client, the sandbox over HTTP and PGlite:
 * - a date read when it closed whose export the Platform revised afterwards (here: the first read
 *   lacks the records fulfilled after 20:00 local, "offline devices syncing late") is read once
 *   more KITCHEN_SETTLE_H after closeout by the backfill, the stored day is replaced, the stored
 *   rollup of its week is dropped and rebuilt, and every figure equals a clean read of the revised
 *   export; no date is read a third time;
 * - no date before the restaurant's firstBusinessDate or 2022-01-01 reaches the Platform.
 */
const grill = worldRestaurant("Old Town Grill"); // America/Chicago, closeout 04:00
const WEEK = { from: "20250310", to: "20250316", metric: "fire_to_fulfill" as const }; // an ISO week, Monday to Sunday
const REVISED = "20250316";
// 13:00 in Chicago on the 17th: the whole week is closed (20250316 at 04:00 + 2 h grace).
const FIRST_READ = Date.parse("2025-03-17T18:00:00Z");
// 20250316 closed out at 2025-03-17 04:00 CDT = 09:00Z; 36 h later:
const SETTLES = Date.parse("2025-03-18T21:00:00Z");

const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;

const countOn = (s: { days: { businessDate: string; stats: { count: number } }[] }, date: string) =>
  s.days.filter((d) => d.businessDate === date).reduce((a, d) => a + d.stats.count, 0);

describe("closed dates settle (PGlite)", () => {
  const t = kitchen.databasePerTest("pglite");

  it("re-reads a revised date once after KITCHEN_SETTLE_H, replaces the day and rebuilds the rollups that contain it", async () => {
    clock.now = FIRST_READ;
    const calls: string[] = [];
    const service = createKitchenService({
      db: t.db,
      // The first export of REVISED lacks its records fulfilled from 20:00 local (01:00Z the next day) on.
      client: revisingClient(sandbox.url, {
        date: REVISED,
        cutoff: Date.parse("2025-03-17T01:00:00Z"),
        onExport: (date) => calls.push(date),
      }),
      config: TEST_CONFIG,
      now: () => clock.now,
    });
    const first = await ready(service.summary(grill, WEEK));
    expect([...countBy(calls).values()].every((n) => n === 1)).toBe(true);
    expect(first.coverage.complete).toHaveLength(7);
    // Read within 36 h of their closeout: 20250315 (settles 2025-03-17 21:00Z) and 20250316.
    expect(first.coverage.provisional.map((p) => p.date)).toEqual(["20250315", REVISED]);
    const provisionalCount = countOn(first, REVISED);

    // The week's rollup is built from the provisional days (the first answer queues it).
    await service.rollupsSettled();
    const rollupVersions = async () =>
      (
        await t.db.query<{ version: string }>(
          "SELECT DISTINCT version FROM kitchen_rollups WHERE restaurant_guid = $1 AND period_kind = 'week' AND period_start = $2",
          [grill.guid, WEEK.from],
        )
      ).map((r) => r.version);
    const [before] = await rollupVersions();
    expect(before).toContain(`${REVISED}:${FIRST_READ}`);
    expect(await ready(service.summary(grill, WEEK))).toEqual(first); // answered from that rollup, identically

    // Just before the settle instant, the backfill leaves 20250316 alone (20250315 is due: it settled at 21:00Z on the 17th).
    // Eight days back from 20250317: the week is inside the window, so the backfill keeps its rollup.
    const backfill = service.backfill({
      restaurants: async () => [grill],
      days: 8,
      maxStartsPerSecond: 1000,
    });
    clock.now = SETTLES - 1000;
    calls.length = 0;
    await backfill.runOnce();
    expect(calls.filter((d) => d >= WEEK.from && d <= WEEK.to)).toEqual(["20250315"]);

    clock.now = SETTLES;
    calls.length = 0;
    await backfill.runOnce();
    expect(calls.filter((d) => d >= WEEK.from && d <= WEEK.to)).toEqual([REVISED]);
    // The replaced day took the rollup of its week with it (kitchen-store.ts saveDay), and the
    // backfill built it again from the settled days in the same pass, before any request.
    const [rebuilt] = await rollupVersions();
    expect(rebuilt).toContain(`${REVISED}:${SETTLES}`);
    expect(rebuilt).toContain(`20250315:${SETTLES - 1000}`);

    const settled = await ready(service.summary(grill, WEEK));
    expect(settled.coverage.provisional).toEqual([]);
    expect(countOn(settled, REVISED)).toBeGreaterThan(provisionalCount);
    const fromRollup = settled;

    // The reference: a clean store reading the revised export once, at the same instant, without rollups.
    const clean = await openTestDatabase("pglite");
    try {
      const reference = await ready(
        kitchen.service(clean.db, newLog(), { rollups: false }).summary(grill, WEEK),
      );
      for (const answer of [settled, fromRollup]) {
        expect(answer.levels).toEqual(reference.levels);
        expect(answer.days).toEqual(reference.days);
        expect(answer.stations).toEqual(reference.stations);
        expect(answer.tickets).toEqual(reference.tickets);
        expect(answer.ingest).toEqual(reference.ingest);
      }
    } finally {
      await clean.drop();
    }
    // The stored records are the revised export's too (fulfillments.csv reads them).
    const stored = await t.db.query<{ n: number }>(
      "SELECT sum(record_count)::int AS n FROM kitchen_day_records WHERE restaurant_guid = $1 AND business_date = $2",
      [grill.guid, REVISED],
    );
    expect(stored[0]!.n).toBe(
      (
        await t.db.query<{ record_count: number }>(
          "SELECT record_count FROM kitchen_days WHERE restaurant_guid = $1 AND business_date = $2",
          [grill.guid, REVISED],
        )
      )[0]!.record_count,
    );

    // Settled: never read again, by the backfill or a request.
    calls.length = 0;
    clock.now = SETTLES + 30 * 86_400_000;
    await backfill.runOnce();
    await ready(service.summary(grill, WEEK));
    expect(calls.filter((d) => d >= WEEK.from && d <= WEEK.to)).toEqual([]);
  }, 120_000);

  it("never asks the Platform for a date before the restaurant's first business date or 2022, and says so", async () => {
    const log = newLog();
    const service = kitchen.service(t.db, log);
    const young = { ...grill, firstBusinessDate: "20250312" };
    const summary = await ready(service.summary(young, WEEK));
    expect([...log.sentRequests].sort()).toEqual([
      "20250312",
      "20250313",
      "20250314",
      "20250315",
      "20250316",
    ]);
    expect(summary.coverage.beforeData).toEqual(["20250310", "20250311"]);
    expect(summary.coverage.complete).toHaveLength(5);
    expect(summary.days.map((d) => d.businessDate).filter((d) => d < "20250312")).toEqual([]);
    const coverage = await service.coverage(young, WEEK);
    expect(coverage.dates.slice(0, 2).map((d) => d.status)).toEqual(["before_data", "before_data"]);
    expect(coverage).toMatchObject({ total: 7, ready: 7, beforeData: 2, pending: 0, failed: 0 });

    // 2022 bounds every restaurant: the last days of 2021 are never asked, neither by a request nor the backfill.
    log.sentRequests.length = 0;
    const newYear = await ready(
      service.summary(grill, { from: "20211229", to: "20220102", metric: "fire_to_fulfill" }),
    );
    expect([...log.sentRequests].sort()).toEqual(["20220101", "20220102"]);
    expect(newYear.coverage.beforeData).toEqual(["20211229", "20211230", "20211231"]);
    log.sentRequests.length = 0;
    clock.now = Date.parse("2022-01-05T18:00:00Z");
    await service
      .backfill({ restaurants: async () => [grill], days: 30, maxStartsPerSecond: 1000 })
      .runOnce();
    expect(log.sentRequests.filter((d) => d < "20220101")).toEqual([]);
    expect(log.sentRequests).toContain("20220103");
  }, 120_000);
});
