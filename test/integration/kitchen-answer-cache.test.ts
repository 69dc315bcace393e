import { describe, expect, it } from "vitest";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { createKitchenService } from "@/lib/kitchen/service/kitchen-service";
import { KeptAnswers } from "@/lib/kitchen/storage/kept-answers";

import {
  asOf,
  BEFORE_THE_RANGES,
  databasePerTest,
  kitchenQuery,
  kitchenService,
  levelFields,
  newLog,
  NOW,
  ready,
  revisingClient,
  sandboxForSuite,
  seeded,
  STORE_KINDS,
  TEST_CONFIG,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Issue 31, through the real client, the sandbox over HTTP and a real store:
 * - the Overview's figures (`levelSummary`, the station × level merge alone) are the whole
 *   summary's coverage, levels, withinTarget and stuck, byte for byte, on random ranges (rollups
 *   among them), on PGlite and PostgreSQL;
 * - the answer of a closed range is kept by query and given again, identical to one computed
 *   afresh, until a target changes or a day of it is replaced (a settle re-read of a revised
 *   export); a range holding the open date is never kept.
 */
const mesa = worldRestaurant("Mesa Verde Cantina");
const grill = worldRestaurant("Old Town Grill"); // America/Chicago, closeout 04:00
const clock = { now: NOW };
const sandbox = sandboxForSuite(clock);

describe.each(STORE_KINDS)("the Overview's levels-only merge on %s", (kind) => {
  const t = databasePerTest(kind, clock);

  it("gives the whole summary's level figures, byte for byte, on random ranges and both stuck choices", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    // 20250320 is the open date at NOW: the last range reaches it.
    await ready(service.summary(mesa, { from: "20250120", to: "20250320", metric: "fire_to_fulfill" }));
    await service.rollupsSettled(); // the weeks and months of the window, so long ranges read rollups
    const random = seeded(31);
    const ranges = Array.from({ length: 7 }, (_, i) => {
      const length = 1 + Math.floor(random() * 45);
      const to = i === 6 ? "20250320" : addBusinessDays("20250319", -Math.floor(random() * 10));
      const stuck: StuckChoice = random() < 0.5 ? "include" : "exclude";
      return { from: addBusinessDays(to, 1 - length), to, stuck };
    });
    for (const range of ranges) {
      const whole = await ready(
        service.summary(
          mesa,
          await kitchenQuery(kitchenSummarySchema, { ...range, metric: "fire_to_fulfill" }),
        ),
      );
      const levels = await ready(service.levelSummary(mesa, range));
      expect(whole.levels.length, JSON.stringify(range)).toBeGreaterThan(0);
      expect(levelFields(levels), JSON.stringify(range)).toBe(levelFields(whole));
    }
  }, 240_000);
});

describe.each(STORE_KINDS)("the kept answers on %s", (kind) => {
  const t = databasePerTest(kind, clock);

  it("keeps only the most recently written answers in the database", async () => {
    const kept = new KeptAnswers(t.db, 2);
    await kept.write("k1", "r", "f1", '{"a":1}');
    await kept.write("k2", "r", "f2", '{"a":2}');
    await kept.write("k1", "r", "f1b", '{"a":"one"}'); // replaced, and now the newest
    await kept.write("k3", "r", "f3", '{"a":3}');
    expect(await kept.read("k2")).toBeUndefined();
    expect(await kept.read("k1")).toEqual({ fingerprint: "f1b", json: '{"a":"one"}' });
    expect(await kept.read("k3")).toEqual({ fingerprint: "f3", json: '{"a":3}' });
  });
});

describe("the answer cache (PGlite)", () => {
  const t = databasePerTest("pglite", clock);
  const WEEK = { from: "20250303", to: "20250309", metric: "fire_to_fulfill" as const };

  it("gives a closed range's answer again, as computed afresh, until a target changes", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    const query = await kitchenQuery(kitchenSummarySchema, WEEK);
    const first = await ready(service.summary(mesa, query));
    expect(service.answerCacheStats()).toMatchObject({ hits: 0, misses: 1, entries: 1 });
    // The same query built in another order is the same entry.
    const again = await ready(service.summary(mesa, { ...query, stuck: query.stuck, from: WEEK.from }));
    expect(again).toBe(first);
    expect(service.answerCacheStats()).toMatchObject({ hits: 1, misses: 1 });
    expect(service.answerCacheStats().bytes).toBeGreaterThan(JSON.stringify(first).length);
    // Another filter is another answer.
    await ready(service.summary(mesa, { ...query, level: 1 }));
    expect(service.answerCacheStats()).toMatchObject({ hits: 1, misses: 2, entries: 2 });

    const uncached = kitchenService(t.db, sandbox.url, newLog(), clock, { answerCacheBytes: 0 });
    expect(JSON.stringify(await ready(uncached.summary(mesa, query)))).toBe(JSON.stringify(first));
    expect(uncached.answerCacheStats()).toMatchObject({ hits: 0, misses: 1, entries: 0 });

    // A change today leaves the closed week as it was judged: the same answer, from the cache.
    await service.putTargets(mesa, { targets: [{ level: 0, seconds: 61 }], tickets: [], stations: [] });
    expect(await ready(service.summary(mesa, query))).toBe(first);
    expect(service.answerCacheStats()).toMatchObject({ hits: 2, misses: 2 });

    // A level target, then a ticket target, in force before the week: each change is a new answer,
    // computed from the new target.
    const before = (body: Parameters<typeof service.putTargets>[1]) =>
      asOf(clock, BEFORE_THE_RANGES, () => service.putTargets(mesa, body));
    await before({ targets: [{ level: 0, seconds: 61 }], tickets: [], stations: [] });
    const retargeted = await ready(service.summary(mesa, query));
    expect(service.answerCacheStats()).toMatchObject({ hits: 2, misses: 3 });
    expect(retargeted.withinTarget.find((w) => w.level === 0)?.targetSeconds).toBe(61);
    expect(JSON.stringify(retargeted)).toBe(JSON.stringify(await ready(uncached.summary(mesa, query))));
    await before({ targets: [], tickets: [{ level: 0, seconds: 62 }], stations: [] });
    const ticketRetargeted = await ready(service.summary(mesa, query));
    expect(service.answerCacheStats()).toMatchObject({ hits: 2, misses: 4 });
    expect(JSON.stringify(ticketRetargeted)).toBe(JSON.stringify(await ready(uncached.summary(mesa, query))));
    expect(JSON.stringify(ticketRetargeted)).not.toBe(JSON.stringify(retargeted));
    expect(await ready(service.summary(mesa, query))).toBe(ticketRetargeted);
    expect(service.answerCacheStats()).toMatchObject({ hits: 3, misses: 4 });
  }, 120_000);

  it("keeps a closed range's answers in the database: a restarted service reads them, byte for byte, merging nothing", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    const query = await kitchenQuery(kitchenSummarySchema, WEEK);
    const whole = await ready(service.summary(mesa, query));
    const items = await ready(service.section(mesa, query, "items"));
    await service.answersKept();

    // A new process over the same store: nothing in memory, the answers from their rows.
    const restarted = kitchenService(t.db, sandbox.url, newLog(), clock);
    expect(JSON.stringify(await ready(restarted.summary(mesa, query)))).toBe(JSON.stringify(whole));
    expect(JSON.stringify(await ready(restarted.section(mesa, query, "items")))).toBe(JSON.stringify(items));
    expect(restarted.answerCacheStats()).toMatchObject({ hits: 2, keptHits: 2, misses: 0, entries: 2 });
    expect(restarted.cacheStats().summaries).toMatchObject({ hits: 0, misses: 0 });
    // In memory from then on.
    await ready(restarted.summary(mesa, query));
    expect(restarted.answerCacheStats()).toMatchObject({ hits: 3, keptHits: 2 });

    // A target changed today judges today on: the closed week's kept row stays good.
    await service.putTargets(mesa, { targets: [{ level: 0, seconds: 64 }], tickets: [], stations: [] });
    const today = kitchenService(t.db, sandbox.url, newLog(), clock);
    expect(JSON.stringify(await ready(today.summary(mesa, query)))).toBe(JSON.stringify(whole));
    expect(today.answerCacheStats()).toMatchObject({ hits: 1, keptHits: 1, misses: 0 });
    // A target in force during the week: the kept row is of another fingerprint, so the answer is computed.
    await asOf(clock, BEFORE_THE_RANGES, () =>
      service.putTargets(mesa, { targets: [{ level: 0, seconds: 63 }], tickets: [], stations: [] }),
    );
    const again = kitchenService(t.db, sandbox.url, newLog(), clock);
    const retargeted = await ready(again.summary(mesa, query));
    expect(again.answerCacheStats()).toMatchObject({ hits: 0, keptHits: 0, misses: 1 });
    expect(retargeted.withinTarget.find((w) => w.level === 0)?.targetSeconds).toBe(63);
    const uncached = kitchenService(t.db, sandbox.url, newLog(), clock, { answerCacheBytes: 0 });
    expect(JSON.stringify(retargeted)).toBe(JSON.stringify(await ready(uncached.summary(mesa, query))));
    // Without the memory cache nothing is read from (or written to) the kept answers.
    expect(uncached.answerCacheStats()).toMatchObject({ hits: 0, keptHits: 0, misses: 1 });
  }, 120_000);

  it("never keeps a range holding the open date: each answer is read from the day as stored now", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    const range = { from: "20250318", to: "20250320", metric: "fire_to_fulfill" as const };
    const first = await ready(service.summary(mesa, range));
    expect(first.coverage.open.map((o) => o.date)).toEqual(["20250320"]);
    // Past the open date's refresh interval: the request reads it again, and the answer follows.
    clock.now += (TEST_CONFIG.openRefreshSeconds + 1) * 1000;
    const later = await ready(service.summary(mesa, range));
    expect(later.coverage.open[0]!.refreshedAt).not.toBe(first.coverage.open[0]!.refreshedAt);
    expect(service.answerCacheStats()).toMatchObject({ hits: 0, misses: 0, uncacheable: 2, entries: 0 });
  }, 120_000);

  it("gives a new answer once a day of the range is replaced by its settle re-read", async () => {
    // Old Town Grill's week read the morning after it closed: its Sunday is provisional, and its
    // first export lacks the records fulfilled after 20:00 local (late devices).
    const week = { from: "20250310", to: "20250316", metric: "fire_to_fulfill" as const };
    const revised = "20250316";
    clock.now = Date.parse("2025-03-17T18:00:00Z");
    const service = createKitchenService({
      db: t.db,
      client: revisingClient(sandbox.url, { date: revised, cutoff: Date.parse("2025-03-17T01:00:00Z") }),
      config: TEST_CONFIG,
      now: () => clock.now,
    });
    const countOn = (s: KitchenSummary) =>
      s.days.filter((d) => d.businessDate === revised).reduce((n, d) => n + d.stats.count, 0);
    const provisional = await ready(service.summary(grill, week));
    expect(provisional.coverage.provisional.map((p) => p.date)).toContain(revised);
    expect(await ready(service.summary(grill, week))).toBe(provisional);

    // 36 h after its closeout (09:00Z on the 17th) the request itself reads the date again.
    clock.now = Date.parse("2025-03-18T21:00:00Z");
    const settled = await ready(service.summary(grill, week));
    expect(settled.coverage.provisional).toEqual([]);
    expect(countOn(settled)).toBeGreaterThan(countOn(provisional));
    expect(service.answerCacheStats()).toMatchObject({ hits: 1, misses: 2 });
    const fresh = kitchenService(t.db, sandbox.url, newLog(), clock, { answerCacheBytes: 0 });
    expect(JSON.stringify(settled)).toBe(JSON.stringify(await ready(fresh.summary(grill, week))));
  }, 120_000);
});
