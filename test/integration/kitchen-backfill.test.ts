import { describe, expect, it } from "vitest";

import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { backfillWindow } from "@/lib/kitchen/service/backfill";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import {
  countBy,
  kitchenFile,
  newLog,
  NOW,
  openTestDatabase,
  STORE_KINDS,
  TEST_CONFIG,
  worldRestaurant,
} from "./kitchen-harness";

const grill = worldRestaurant("Old Town Grill"); // archived: its data is still served, so it is backfilled
const diner = worldRestaurant("Lakeside Diner"); // light (300 tickets a day): the suite stays quick
const pier = worldRestaurant("Pier 9 Pizza"); // basic tier: the Platform answers 204
const DAYS = 14;
const windowOf = (r: typeof grill) => backfillWindow(r, NOW, DAYS, TEST_CONFIG.closeGraceMinutes);
const keysOf = (log: { fulfillmentRequests: string[] }, tag: string) =>
  log.fulfillmentRequests.map((d) => `${tag}|${d}`);

const kitchen = kitchenFile();

// The harness's client does not say which restaurant a request was for, so each test's per-date
// count is taken from restaurants whose windows are the same dates (all in US zones, closeout 04:00).
function backfillOf(service: KitchenService, restaurants = [grill, diner]) {
  return service.backfill({
    restaurants: async () => restaurants,
    days: DAYS,
    concurrency: 2,
    maxStartsPerSecond: 200,
  });
}

describe.each(STORE_KINDS)("kitchen backfill on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("stores every closed date of the window once, and a second pass or a restarted service fetches nothing", async () => {
    expect(windowOf(grill)).toEqual(windowOf(diner));
    const log = newLog();
    const service = kitchen.service(t.db, log);
    const backfill = backfillOf(service);
    expect(await backfill.progress(diner)).toEqual({ total: DAYS, ready: 0, pending: DAYS, failed: 0 });

    await backfill.runOnce();
    // Two restaurants, the same 14 dates: each date requested exactly twice (once per restaurant).
    expect(countBy(log.fulfillmentRequests)).toEqual(new Map(windowOf(grill).map((d) => [d, 2])));
    for (const r of [grill, diner]) {
      const rows = await service.store.dayRows(r.guid, windowOf(r).at(-1)!, windowOf(r)[0]!);
      expect(
        [...rows.values()]
          .filter((row) => row.status === "complete")
          .map((row) => row.businessDate)
          .sort(),
      ).toEqual([...windowOf(r)].sort());
      expect(await backfill.progress(r)).toEqual({ total: DAYS, ready: DAYS, pending: 0, failed: 0 });
    }

    await backfill.runOnce();
    expect(log.fulfillmentRequests).toHaveLength(2 * DAYS);

    // A new process on the same database: the stored rows are the whole state.
    const restartedLog = newLog();
    await backfillOf(kitchen.service(t.db, restartedLog)).runOnce();
    expect(restartedLog.fulfillmentRequests).toEqual([]);
  });

  it("takes up a restaurant added after it started at once, during a pass or between two, not after its sleep", async () => {
    const log = newLog();
    const restaurants = [diner];
    const backfill = kitchen.service(t.db, log).backfill({
      restaurants: async () => [...restaurants],
      days: DAYS,
      concurrency: 2,
      maxStartsPerSecond: 200,
      // An hour between passes: only pickUpAdded can bring the added restaurants in time.
      sleepBounds: { minMs: 3_600_000, maxMs: 3_600_000 },
    });
    const complete = { total: DAYS, ready: DAYS, pending: 0, failed: 0 };
    backfill.start();
    try {
      // During the first pass: the grill's lane joins it.
      await expect.poll(() => log.fulfillmentRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
      restaurants.push(grill);
      await backfill.pickUpAdded();
      await expect.poll(() => backfill.progress(grill), { timeout: 60_000 }).toEqual(complete);
      await expect.poll(() => backfill.progress(diner), { timeout: 60_000 }).toEqual(complete);
      // Between passes (asleep for the hour): the next pass starts now.
      restaurants.push(pier);
      await backfill.pickUpAdded();
      // The basic tier answers its probe with a 204: one date ready, the rest never asked.
      await expect
        .poll(() => backfill.progress(pier), { timeout: 60_000 })
        .toEqual({ total: DAYS, ready: 1, pending: DAYS - 1, failed: 0 });
      expect(log.fulfillmentRequests).toHaveLength(2 * DAYS + 1);
    } finally {
      await backfill.stop();
    }
  });

  it("asks a basic-tier restaurant once, and not again the same day", async () => {
    const log = newLog();
    const backfill = backfillOf(kitchen.service(t.db, log), [pier]);
    await backfill.runOnce();
    expect(keysOf(log, "pier")).toEqual([`pier|${windowOf(pier)[0]}`]);
    await backfill.runOnce();
    expect(log.fulfillmentRequests).toHaveLength(1);
    expect(await backfill.progress(pier)).toEqual({ total: DAYS, ready: 1, pending: DAYS - 1, failed: 0 });
  });

  it("fetches a failed date again on the next pass, and only that date", async () => {
    const log = newLog();
    const failing = windowOf(diner)[3]!;
    log.faults.set(failing, "500");
    const backfill = backfillOf(kitchen.service(t.db, log), [diner]);
    await backfill.runOnce();
    expect(await backfill.progress(diner)).toEqual({ total: DAYS, ready: DAYS - 1, pending: 0, failed: 1 });
    log.faults.clear();
    const before = log.fulfillmentRequests.length;
    await backfill.runOnce();
    expect(log.fulfillmentRequests.slice(before)).toEqual([failing]);
    expect(await backfill.progress(diner)).toEqual({ total: DAYS, ready: DAYS, pending: 0, failed: 0 });
  });
});

describe("two instances on one PostgreSQL", () => {
  it("running the backfill at the same time fetch each (restaurant, date) once between them", async () => {
    const t = await openTestDatabase("postgres");
    const second = openPostgresDatabase(t.url!);
    try {
      const logA = newLog();
      const logB = newLog();
      const a = backfillOf(kitchen.service(t.db, logA), [diner]);
      const b = backfillOf(kitchen.service(second, logB), [diner]);
      await Promise.all([a.runOnce(), b.runOnce()]);
      expect(countBy([...logA.fulfillmentRequests, ...logB.fulfillmentRequests])).toEqual(
        new Map(windowOf(diner).map((d) => [d, 1])),
      );
      expect(await b.progress(diner)).toEqual({ total: DAYS, ready: DAYS, pending: 0, failed: 0 });
    } finally {
      await second.close();
      await t.drop();
    }
  });
});
