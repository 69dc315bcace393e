import { describe, expect, it } from "vitest";

import { toErrorResponse } from "@/lib/api/error-response";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";

import {
  countBy,
  kitchenFile,
  kitchenQuery,
  newLog,
  NOW,
  openTestDatabase,
  ready,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

const grill = worldRestaurant("Old Town Grill"); // America/Chicago, closeout 04:00, ~200 tickets a day
const pier = worldRestaurant("Pier 9 Pizza"); // basic tier: the Platform answers 204
const WEEK = ["20250303", "20250304", "20250305", "20250306", "20250307", "20250308", "20250309"];
const week = { from: "20250303", to: "20250309", metric: "fire_to_fulfill" as const };

const kitchen = kitchenFile();
const { clock } = kitchen;

describe.each(STORE_KINDS)("kitchen pipeline on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("fetches each date of a cold range exactly once and answers again from the store", async () => {
    const log = newLog();
    const service = kitchen.service(t.db, log);
    const first = await ready(service.summary(grill, week));
    expect([...log.fulfillmentRequests].sort()).toEqual(WEEK);
    expect(first.coverage.complete).toEqual(WEEK);
    expect(first.days.filter((d) => d.level === 0).map((d) => d.businessDate)).toEqual(WEEK);
    expect(first.levels[0]!.stats.count).toBeGreaterThan(500);

    const again = await ready(service.summary(grill, { ...week, metric: "wait_to_start" }));
    const csvRows = await ready(service.stationLevelRows(grill, week));
    const tickets = await ready(service.tickets(grill, { ...week, limit: 5 }));
    expect(log.fulfillmentRequests).toHaveLength(7);
    expect(again.coverage.complete).toEqual(WEEK);
    expect(csvRows.length).toBeGreaterThan(0);
    expect(tickets.tickets).toHaveLength(5);

    const coverage = await service.coverage(grill, week);
    expect(coverage).toMatchObject({ total: 7, ready: 7, complete: 7, pending: 0, failed: 0 });
  });

  it("shares one upstream fetch per date among concurrent requests", async () => {
    const log = newLog();
    const service = kitchen.service(t.db, log);
    const range = { from: "20250310", to: "20250314", metric: "fire_to_fulfill" as const };
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => ready(service.summary(grill, range))),
      ready(service.tickets(grill, { ...range, limit: 3 })),
      ready(service.stationLevelRows(grill, range)),
      service.prepare(grill, range),
    ]);
    expect(countBy(log.fulfillmentRequests)).toEqual(
      new Map(["20250310", "20250311", "20250312", "20250313", "20250314"].map((d) => [d, 1])),
    );
    const summaries = answers.slice(0, 6);
    for (const s of summaries) expect(s).toEqual(summaries[0]);
  });

  it("never stores a truncated, failed or malformed day as complete, and fetches it whole on a later request", async () => {
    const log = newLog();
    log.faults.set("20250304", "truncated");
    log.faults.set("20250305", "500");
    log.faults.set("20250306", "malformed");
    const service = kitchen.service(t.db, log);

    const broken = await ready(service.summary(grill, week));
    expect(broken.coverage.complete).toEqual(["20250303", "20250307", "20250308", "20250309"]);
    expect(broken.coverage.failed.map((f) => f.date)).toEqual(["20250304", "20250305", "20250306"]);
    const reasons = Object.fromEntries(broken.coverage.failed.map((f) => [f.date, f.reason]));
    expect(reasons["20250304"]).toMatch(/cut short/);
    expect(reasons["20250305"]).toMatch(/500/);
    expect(reasons["20250306"]).toMatch(/contract/);
    expect(broken.days.map((d) => d.businessDate)).not.toContain("20250304");

    for (const date of ["20250304", "20250305", "20250306"]) {
      const rows = await t.db.query<{ status: string; summary: string | null }>(
        "SELECT status, summary FROM kitchen_days WHERE restaurant_guid = $1 AND business_date = $2",
        [grill.guid, date],
      );
      expect(rows).toEqual([{ status: "failed", summary: null }]);
      const chunks = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM kitchen_day_records WHERE restaurant_guid = $1 AND business_date = $2",
        [grill.guid, date],
      );
      expect(chunks[0]!.n).toBe(0);
    }

    log.faults.clear();
    const before = log.fulfillmentRequests.length;
    const healed = await ready(service.summary(grill, week));
    expect(log.fulfillmentRequests.slice(before).sort()).toEqual(["20250304", "20250305", "20250306"]);
    expect(healed.coverage.complete).toEqual(WEEK);
    expect(healed.coverage.failed).toEqual([]);

    // The healed days hold exactly what a clean run stores.
    const clean = await openTestDatabase("pglite");
    try {
      const reference = await ready(kitchen.service(clean.db).summary(grill, week));
      expect(healed.levels).toEqual(reference.levels);
      expect(healed.days).toEqual(reference.days);
    } finally {
      await clean.drop();
    }
  });

  it("fetches a day again when its stored copy can no longer be read", async () => {
    const range = { from: "20250303", to: "20250304", metric: "fire_to_fulfill" as const };
    const first = await ready(kitchen.service(t.db).summary(grill, range));
    await t.db.query(
      "UPDATE kitchen_days SET summary = 'AAAA' WHERE restaurant_guid = $1 AND business_date = '20250304'",
      [grill.guid],
    );

    const log = newLog();
    // Nothing in memory, and no kept answer: this is about reading the damaged day itself.
    const restarted = kitchen.service(t.db, log, { keptAnswers: false });
    const damaged = await ready(restarted.summary(grill, range));
    expect(log.fulfillmentRequests).toEqual([]);
    expect(damaged.coverage.complete).toEqual(["20250303"]);
    expect(damaged.coverage.failed).toEqual([
      {
        date: "20250304",
        reason: expect.stringMatching(/could not be read/),
        attemptedAt: new Date(0).toISOString(),
      },
    ]);

    const healed = await ready(restarted.summary(grill, range));
    expect(log.fulfillmentRequests).toEqual(["20250304"]);
    expect(healed.coverage.complete).toEqual(["20250303", "20250304"]);
    expect(healed.levels).toEqual(first.levels);
  });

  it("stores a 204 as not entitled, then answers any range from it without a call per date; the probe asks again after KITCHEN_NOT_ENTITLED_RETRY_H", async () => {
    const log = newLog();
    const service = kitchen.service(t.db, log, { notEntitledRetryHours: 24 });
    const range = { from: "20250310", to: "20250312", metric: "fire_to_fulfill" as const };
    const first = await ready(service.summary(pier, range));
    expect(first.coverage.notEntitled).toEqual(["20250310", "20250311", "20250312"]);
    expect(first.levels).toEqual([]);
    expect(first.stations).toEqual([]);
    expect(log.fulfillmentRequests).toHaveLength(3);

    clock.now = NOW + 23 * 3_600_000;
    await ready(service.summary(pier, range));
    expect(log.fulfillmentRequests).toHaveLength(3);

    // A 90-day range of a restaurant known to lack the tier: no call at all, every date not entitled.
    const quarter = { from: "20241212", to: "20250311", metric: "fire_to_fulfill" as const };
    const wide = await ready(service.summary(pier, quarter));
    expect(wide.coverage.notEntitled).toHaveLength(90);
    expect(log.fulfillmentRequests).toHaveLength(3);

    // A day later the entitlement probe asks again, for one date (yesterday), not the range's.
    clock.now = NOW + 24 * 3_600_000 + 1000;
    const later = await ready(service.summary(pier, range));
    expect(later.coverage.notEntitled).toHaveLength(3);
    expect(log.fulfillmentRequests).toHaveLength(3);
    expect(await service.entitlement.learn(pier, 10_000)).toBe(false);
    expect(log.fulfillmentRequests).toHaveLength(4);
  });

  it("refreshes the open business date at most every KITCHEN_OPEN_REFRESH_S and fetches it once more after it closes", async () => {
    const log = newLog();
    const service = kitchen.service(t.db, log, {
      openRefreshSeconds: 180,
      closeGraceMinutes: 120,
    });
    const range = { from: "20250319", to: "20250320", metric: "fire_to_fulfill" as const };
    // 18:00Z = 13:00 in Chicago: 20250320 is open; 20250319 closed at 04:00 + 2 h grace.
    clock.now = Date.parse("2025-03-20T18:00:00Z");
    const first = await ready(service.summary(grill, range));
    expect([...log.fulfillmentRequests].sort()).toEqual(["20250319", "20250320"]);
    expect(first.coverage.complete).toEqual(["20250319"]);
    expect(first.coverage.open).toEqual([{ date: "20250320", refreshedAt: "2025-03-20T18:00:00.000Z" }]);
    const countAt = (s: typeof first) =>
      s.days.filter((d) => d.businessDate === "20250320").reduce((a, d) => a + d.stats.count, 0);
    const lunch = countAt(first);

    clock.now += 179_000;
    await ready(service.summary(grill, range));
    expect(log.fulfillmentRequests).toHaveLength(2);

    clock.now += 2_000;
    const refreshed = await ready(service.summary(grill, range));
    expect(log.fulfillmentRequests.slice(2)).toEqual(["20250320"]);
    expect(refreshed.coverage.open[0]!.refreshedAt).toBe(new Date(clock.now).toISOString());
    expect(countAt(refreshed)).toBeGreaterThanOrEqual(lunch);

    // 20250320 closes at 2025-03-21 04:00 CDT (09:00Z); with the grace it is closed from 11:00Z.
    clock.now = Date.parse("2025-03-21T10:59:00Z");
    await ready(service.summary(grill, range));
    expect(log.fulfillmentRequests).toHaveLength(4); // refreshed again, still open
    clock.now = Date.parse("2025-03-21T11:00:00Z");
    const closed = await ready(service.summary(grill, range));
    expect(log.fulfillmentRequests).toHaveLength(5);
    expect(closed.coverage.complete).toEqual(["20250319", "20250320"]);
    expect(countAt(closed)).toBeGreaterThan(lunch);

    // Both dates were read within KITCHEN_SETTLE_H (36 h) of their closeout: provisional, counted.
    expect(closed.coverage.provisional).toEqual([
      { date: "20250319", settlesAt: "2025-03-21T21:00:00.000Z" },
      { date: "20250320", settlesAt: "2025-03-22T21:00:00.000Z" },
    ]);
    clock.now = Date.parse("2025-03-22T20:59:59Z");
    await ready(service.summary(grill, range));
    expect(log.fulfillmentRequests.slice(5)).toEqual(["20250319"]); // settled at 21:00Z the day before
    // At 0320's settle instant it is read once more, and never again. (Not days later: the sandbox
    // keeps a day it served 48 h after closeout, and this file's next run starts back on the 20th.)
    clock.now = Date.parse("2025-03-22T21:00:00Z");
    const settled = await ready(service.summary(grill, range));
    expect(log.fulfillmentRequests.slice(5)).toEqual(["20250319", "20250320"]);
    expect(settled.coverage.provisional).toEqual([]);
    expect(settled.coverage.complete).toEqual(["20250319", "20250320"]);
    clock.now += 3_600_000;
    await ready(service.summary(grill, range));
    expect(log.fulfillmentRequests).toHaveLength(7);
  });

  it("answers bad input with 400 and a message naming the problem", async () => {
    const service = kitchen.service(t.db);
    const status = async (query: Record<string, string>) => {
      try {
        // As the summary route: the wrapper parses the query (format, order), the service checks the range.
        await ready(service.summary(grill, await kitchenQuery(kitchenSummarySchema, query)));
        return { status: 200, message: "" };
      } catch (error) {
        const response = toErrorResponse(error, "test");
        const body = (await response.json()) as { error: { message: string } };
        return { status: response.status, message: body.error.message };
      }
    };
    expect(await status({ from: "2025-03-01", to: "20250302" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^from: .*YYYYMMDD/),
    });
    expect(await status({ from: "20250230", to: "20250302" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^from: .*YYYYMMDD/),
    });
    expect(await status({ from: "20250305", to: "20250302" })).toEqual({
      status: 400,
      message: expect.stringMatching(/from must not be after to/),
    });
    expect(await status({ from: "20240101", to: "20250302" })).toEqual({
      status: 400,
      message: expect.stringMatching(/427 days; at most 366/),
    });
    // NOW is 2025-03-20 11:00 in Chicago: 20250321 has not begun.
    expect(await status({ from: "20250319", to: "20250321" })).toEqual({
      status: 400,
      message: expect.stringMatching(/to 20250321 is in the future.*20250320/),
    });
    expect(await status({ from: "20250301", to: "20250302", metric: "speed" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^metric: metric must be one of/),
    });
    expect(await status({ from: "20250301", to: "20250302", level: "3" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^level: level must be 0, 1 or 2/),
    });
  });
});

describe("several app instances on one PostgreSQL", () => {
  it("fetch each date once between them: the second waits on the day's claim, then reads the stored day", async () => {
    const t = await openTestDatabase("postgres");
    const second = openPostgresDatabase(t.url!);
    try {
      const logA = newLog();
      const logB = newLog();
      const a = kitchen.service(t.db, logA);
      const b = kitchen.service(second, logB);
      const range = { from: "20250224", to: "20250227", metric: "fire_to_fulfill" as const };
      const [ra, rb] = await Promise.all([
        ready(a.summary(grill, range)),
        ready(b.summary(grill, range)),
        ready(a.summary(grill, range)),
        ready(b.summary(grill, range)),
      ]);
      expect(countBy([...logA.fulfillmentRequests, ...logB.fulfillmentRequests])).toEqual(
        new Map(["20250224", "20250225", "20250226", "20250227"].map((d) => [d, 1])),
      );
      expect(rb).toEqual(ra);
    } finally {
      await second.close();
      await t.drop();
    }
  });
});
