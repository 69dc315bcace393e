import { describe, expect, it } from "vitest";

import { toErrorResponse } from "@/lib/api/error-response";
import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { kitchenRangeSchema, kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";
import { pruneExpiredRawRecords } from "@/lib/kitchen/storage/retention";

import { kitchenFile, kitchenQuery, newLog, ready, STORE_KINDS, worldRestaurant } from "./kitchen-harness";

/**
 * Raw-record retention (KITCHEN_RAW_RETENTION_DAYS): pruning drops the export rows of expired
 * dates and nothing else, and fulfillments.csv says no in plain words rather than returning a
 * shorter file. NOW is 2025-03-20 09:00 in Seattle: Northside's business date is 20250320, so
 * with 10 days kept its earliest raw date is 20250311.
 */
const noodle = worldRestaurant("Northside Noodle Bar"); // Los Angeles zone, closeout 02:00, ~1,200 records a day
const RETENTION = 10;

const kitchen = kitchenFile();
const { clock } = kitchen;

async function csvRows(service: KitchenService, from: string, to: string): Promise<number> {
  let n = 0;
  for await (const chunk of await ready(
    service.records(noodle, await kitchenQuery(kitchenRangeSchema, { from, to })),
  ))
    n += chunk.length;
  return n;
}

/** What the route answers for the refusal: the route wrapper maps the thrown error with this. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").not.toBeNull();
  const response = toErrorResponse(error, "GET fulfillments.csv");
  return {
    status: response.status,
    ...((await response.json()) as { error: { code: string; message: string } }).error,
  };
}

async function chunksPerDate(service: KitchenService): Promise<Map<string, number>> {
  const rows = await service.store.db.query<{ business_date: string; n: number | string }>(
    "SELECT business_date, count(*) AS n FROM kitchen_day_records WHERE restaurant_guid = $1 GROUP BY business_date ORDER BY business_date",
    [noodle.guid],
  );
  return new Map(rows.map((r) => [r.business_date, Number(r.n)]));
}

describe.each(STORE_KINDS)("raw-record retention on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("refuses a range starting before the earliest kept date before fetching anything, and gives one within it whole", async () => {
    const log = newLog();
    const service = kitchen.service(t.db, log, { rawRetentionDays: RETENTION });

    const early = await refusal(
      service.records(noodle, await kitchenQuery(kitchenRangeSchema, { from: "20250310", to: "20250314" })),
    );
    expect(early.status).toBe(400);
    expect(early.code).toBe("raw_records_expired");
    expect(early.message).toContain("the last 10 business dates");
    expect(early.message).toContain("is 20250311, and the range starts 20250310");
    expect(log.sentRequests).toEqual([]);

    const rows = await csvRows(service, "20250311", "20250314");
    const stored = await service.store.dayRows(noodle.guid, "20250311", "20250314");
    expect([...stored.values()].map((d) => d.status)).toEqual([
      "complete",
      "complete",
      "complete",
      "complete",
    ]);
    expect(rows).toBe([...stored.values()].reduce((sum, d) => sum + d.recordCount, 0));
    expect(rows).toBeGreaterThan(1000);
  });

  it("pruning drops only expired dates' raw records, keeps every summary, and the CSV then refuses instead of shortening", async () => {
    const forever = kitchen.service(t.db); // rawRetentionDays unset: all kept
    const summaryQuery = await kitchenQuery(kitchenSummarySchema, {
      from: "20250301",
      to: "20250315",
      metric: "fire_to_fulfill",
    });
    const before = JSON.stringify(await forever.summary(noodle, summaryQuery));
    const chunksBefore = await chunksPerDate(forever);
    expect(chunksBefore.size).toBe(15);

    const pruned = await pruneExpiredRawRecords(t.db, clock.now, RETENTION);
    // UTC's date is 20250320; its earliest kept date 20250311; a day of slack for zones behind UTC.
    expect(pruned.before).toBe("20250310");
    const expired = [...chunksBefore].filter(([date]) => date < "20250310");
    expect(expired.map(([date]) => date)).toEqual(enumerateBusinessDates("20250301", "20250309"));
    expect(pruned.deleted).toBe(expired.reduce((sum, [, n]) => sum + n, 0));
    expect(await chunksPerDate(forever)).toEqual(
      new Map([...chunksBefore].filter(([date]) => date >= "20250310")),
    );

    // Summaries and day rows stay: a fresh service (cold caches, as after a restart) gives the same JSON.
    const restarted = kitchen.service(t.db);
    expect(JSON.stringify(await restarted.summary(noodle, summaryQuery))).toBe(before);

    // Even with retention off (all kept from now on), the dates already pruned are named, not skipped.
    const log = newLog();
    const missing = await refusal(
      kitchen
        .service(t.db, log)
        .records(noodle, await kitchenQuery(kitchenRangeSchema, { from: "20250305", to: "20250312" })),
    );
    expect(missing.status).toBe(400);
    expect(missing.code).toBe("raw_records_missing");
    expect(missing.message).toContain("5 date(s)");
    expect(missing.message).toContain("20250305, 20250306, 20250307, 20250308, 20250309");
    expect(log.sentRequests).toEqual([]);
    expect(await csvRows(restarted, "20250310", "20250312")).toBeGreaterThan(1000);

    expect(await pruneExpiredRawRecords(t.db, clock.now, RETENTION)).toEqual({
      before: "20250310",
      deleted: 0,
    });
    expect(await pruneExpiredRawRecords(t.db, clock.now, 0)).toEqual({ before: null, deleted: 0 });
  });
});
