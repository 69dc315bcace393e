import { describe, expect, it } from "vitest";

import { addBusinessDays } from "@/lib/business-date/business-date";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { levelDigestOf } from "@/lib/kitchen/query/level-digest";
import { kitchenOverview } from "@/lib/kitchen/service/overview";
import { decodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import { KitchenStore, unpack } from "@/lib/kitchen/storage/kitchen-store";
import { readTargetVersions, readTargetVersionsOf } from "@/lib/kitchen/storage/target-versions";

import {
  databasePerTest,
  kitchenService,
  levelFields,
  newLog,
  NOW,
  ready,
  sandboxForSuite,
  seeded,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Issue 31, the Overview at 500 restaurants: `levelSummaries` answers many restaurants at once
 * from each day's level digest (kitchen_day_levels and memory) instead of its decoded cubes. Its
 * answers must be `levelSummary`'s, byte for byte (coverage, levels, withinTarget, stuck), on
 * random closed ranges, both stuck choices and a station's own target; stored with the day or
 * computed, then from memory, then from the table after a restart; a range that wants a fetch is
 * left to levelSummary (null).
 */
const mesa = worldRestaurant("Mesa Verde Cantina");
const grill = worldRestaurant("Old Town Grill");
const clock = { now: NOW };
const sandbox = sandboxForSuite(clock);

describe.each(STORE_KINDS)("the Overview's figures from day digests on %s", (kind) => {
  const t = databasePerTest(kind, clock);

  it("equal levelSummary's on random closed ranges, both stuck choices, a station's own target", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    for (const r of [mesa, grill])
      await ready(service.summary(r, { from: "20250201", to: "20250319", metric: "fire_to_fulfill" }));
    await service.rollupsSettled(); // levelSummary reads rollups for long ranges: the digests must agree
    // Mesa's digests were stored with its days; Grill's are dropped, as on a store older than that:
    // computed from the decoded days by the first levelSummaries, then stored.
    await t.db.query("DELETE FROM kitchen_day_levels WHERE restaurant_guid = $1", [grill.guid]);
    const whole = await ready(
      service.summary(mesa, { from: "20250301", to: "20250307", metric: "fire_to_fulfill" }),
    );
    const station = whole.stations.find((s) => s.stationGuid !== null && s.level === 0)!;
    await service.putTargets(mesa, {
      targets: [{ level: 1, seconds: 400 }],
      tickets: [],
      stations: [{ stationGuid: station.stationGuid!, level: 0, seconds: 95 }],
    });
    const random = seeded(500);
    const cases = Array.from({ length: 6 }, () => {
      const length = 1 + Math.floor(random() * 30);
      const to = addBusinessDays("20250319", -Math.floor(random() * 10));
      const stuck: StuckChoice = random() < 0.5 ? "include" : "exclude";
      return {
        ranges: [
          { from: addBusinessDays(to, 1 - length), to },
          { from: "20250201", to: "20250210" },
        ],
        stuck,
      };
    });
    const restarted = kitchenService(t.db, sandbox.url, newLog(), clock);
    for (const { ranges, stuck } of cases) {
      const queries = [mesa, grill].map((restaurant) => ({ restaurant, ranges }));
      // Computed (digests decoded and stored), then from memory, then after a restart from the table.
      for (const s of [service, service, restarted]) {
        const batch = await s.levelSummaries(queries, stuck);
        for (const restaurant of [mesa, grill]) {
          const answers = batch.get(restaurant.guid);
          expect(answers, restaurant.name).toHaveLength(2);
          for (const [i, range] of ranges.entries()) {
            const expected = await ready(service.levelSummary(restaurant, { ...range, stuck }));
            expect(expected.levels.length).toBeGreaterThan(0);
            expect(levelFields(answers![i]!), `${restaurant.name} ${JSON.stringify(range)} ${stuck}`).toBe(
              levelFields(expected),
            );
          }
        }
      }
    }
    const stored = await t.db.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM kitchen_day_levels WHERE restaurant_guid = $1",
      [grill.guid],
    );
    expect(Number(stored[0]!.n)).toBeGreaterThan(30);
    // The station's own target moved the share: the digests read it.
    const figures = (
      await service.levelSummaries([{ restaurant: mesa, ranges: [cases[0]!.ranges[1]!] }], "exclude")
    )
      .get(mesa.guid)![0]!
      .withinTarget.find((w) => w.level === 0)!;
    expect(figures.within).toBeLessThan(figures.count);
  }, 240_000);

  it("stores a complete day's digest with the day, before any Overview, equal to the stored summary's", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    // 20250320 is the open date at NOW: stored, but with no digest (it is stored again when it closes).
    await ready(service.summary(mesa, { from: "20250316", to: "20250320", metric: "fire_to_fulfill" }));
    const stored = await t.db.query<{
      business_date: string;
      fetched_at_ms: string | number;
      digest: string;
    }>(
      "SELECT business_date, fetched_at_ms, digest FROM kitchen_day_levels WHERE restaurant_guid = $1 ORDER BY business_date",
      [mesa.guid],
    );
    expect(stored.map((s) => s.business_date)).toEqual(["20250316", "20250317", "20250318", "20250319"]);
    const store = new KitchenStore(t.db);
    const summaries = await store.summaries(
      mesa.guid,
      stored.map((s) => s.business_date),
    );
    const sizes: number[] = [];
    for (const s of stored) {
      const summary = summaries.get(s.business_date)!;
      // The digest is of the day as stored (its version, and the summary's decoded cubes).
      expect(Number(s.fetched_at_ms), s.business_date).toBe(summary.fetchedAt);
      const expected = levelDigestOf(decodeDaySummary(unpack(summary.packed)));
      sizes.push(expected.length);
      expect(s.digest, s.business_date).toBe(Buffer.from(expected).toString("base64"));
    }
    expect(Math.max(...sizes)).toBeGreaterThan(100); // days with kitchen records among them, not only empty ones
  }, 120_000);

  it("reads every restaurant's target versions in one query as each reads its own", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    await service.putGroupTargets({ targets: [{ level: 0, seconds: 300 }] });
    await service.putTargets(mesa, { targets: [{ level: 1, seconds: 400 }], tickets: [], stations: [] });
    await service.putGroupTargets({
      targets: [
        { level: 0, seconds: 320 },
        { level: 2, seconds: 900 },
      ],
    });
    const together = await readTargetVersionsOf(t.db, [mesa, grill]);
    for (const r of [mesa, grill])
      expect(together.get(r.guid), r.name).toEqual(await readTargetVersions(t.db, r));
    expect(together.get(mesa.guid)!.filter((v) => v.scope === "own").length).toBeGreaterThan(0);
    expect(together.get(grill.guid)!.filter((v) => v.scope === "group").length).toBeGreaterThan(1);
  });

  it("leaves a range that wants a fetch to levelSummary, and the Overview still answers it", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    await ready(service.summary(mesa, { from: "20250301", to: "20250319", metric: "fire_to_fulfill" }));
    // 20250320 is the open date at NOW; 20250220 was never stored.
    const batch = await service.levelSummaries(
      [
        { restaurant: mesa, ranges: [{ from: "20250310", to: "20250320" }] },
        { restaurant: grill, ranges: [{ from: "20250220", to: "20250221" }] },
      ],
      "exclude",
    );
    expect(batch.get(mesa.guid)).toBeNull();
    expect(batch.get(grill.guid)).toBeNull();
    const closed = await service.levelSummaries(
      [{ restaurant: mesa, ranges: [{ from: "20250310", to: "20250319" }] }],
      "exclude",
    );
    expect(closed.get(mesa.guid)).toHaveLength(1);
    const overview = await kitchenOverview(
      service,
      [{ ...mesa, locationName: "Mesa", archived: false }],
      "7d",
      clock.now,
    );
    const row = overview.rows[0]!;
    expect(row.status).toBe("ready");
    const current = await ready(service.levelSummary(mesa, { ...row.period, stuck: "exclude" }));
    expect(row.current.find((f) => f.level === 0)?.records).toBe(
      current.levels.find((l) => l.level === 0)?.stats.count ?? 0,
    );
  }, 120_000);
});
