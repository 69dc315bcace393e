import { describe, expect, it } from "vitest";

import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import { withoutLeftOnScreen } from "./independent-stats";
import {
  asOf,
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  ready,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Issue 33's acceptance: a target changed today leaves every earlier day's on-time share and late
 * counts unchanged. The targets are changed on 8 March (the clock then), the clock moves on to
 * 20 March, and a range spanning the change is judged, each day by the targets in force that day:
 * checked against fulfillments.csv of each day (the sandbox over HTTP), each record held to the
 * target written here for its date; the days before the change equal their answer from before it;
 * and once the rollups are built (the week holding the change is never read as one)
 * the answer is the same. On PGlite and PostgreSQL.
 */

const harbor = worldRestaurant("Harbor Street Kitchen"); // America/New_York; levels 0, 1, 2
const kitchen = kitchenFile();
const { clock } = kitchen;
/** 8 March 2025, 15:00 in New York: business date 20250308 there. */
const CHANGED_AT = Date.parse("2025-03-08T20:00:00Z");
const CHANGE = "20250308";
const BEFORE = { from: "20250303", to: "20250307" };
/** Two whole ISO weeks (3-9 and 10-16 March): the first holds the change, the second does not. */
const SPANNING = { from: "20250303", to: "20250316" };

type Row = Record<string, string>;

async function dayRows(service: KitchenService, date: string): Promise<Row[]> {
  return withoutLeftOnScreen(await fulfillmentsRows(service, harbor, { from: date, to: date }));
}

/** The targets, written from the test's own changes: 600 / 720 / 840 before 8 March; then level 0 at 300 and the grill at 200. */
function targetOn(date: string, level: number, station: string | null, grill: string): number {
  if (date < CHANGE) return [600, 720, 840][level]!;
  if (level === 0) return station === grill ? 200 : 300;
  return [600, 720, 840][level]!;
}

describe.each(STORE_KINDS)("targets changed mid-range on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("judges each day by the targets in force that day and leaves the days before the change as they were", async () => {
    const service = kitchen.service(t.db);
    const summary = async (range: { from: string; to: string }): Promise<KitchenSummary> =>
      ready(service.summary(harbor, await kitchenQuery(kitchenSummarySchema, range)));

    // On 8 March: the week before, as judged then; then the change, from today on.
    const judgedThen = await asOf(clock, CHANGED_AT, () => summary(BEFORE));
    const grill = judgedThen.stations.find((s) => s.stationName === "Grill")!.stationGuid!;
    const saved = await asOf(clock, CHANGED_AT, () =>
      service.putTargets(harbor, {
        targets: [{ level: 0, seconds: 300 }],
        stations: [{ stationGuid: grill, level: 0, seconds: 200 }],
      }),
    );
    expect(saved.businessDate).toBe(CHANGE);
    expect(saved.targets[0]).toMatchObject({ seconds: 300, source: "own", effectiveFrom: CHANGE });

    // 20 March: the week before is judged as it was (its coverage may have settled since; its figures not).
    const judged = (x: KitchenSummary) =>
      JSON.stringify([x.withinTarget, x.days, x.stations, x.itemStations, x.tickets]);
    expect(judged(await summary(BEFORE))).toBe(judged(judgedThen));

    const spanning = await summary(SPANNING);
    const perLevel = new Map<number, { count: number; late: number; veryLate: number }>();
    for (const date of enumerateBusinessDates(SPANNING.from, SPANNING.to)) {
      const perDay = new Map<number, { late: number; veryLate: number }>();
      for (const r of await dayRows(service, date)) {
        if (r.fire_to_fulfill_s === "" || !["0", "1", "2"].includes(r.itemFulfillmentLevel!)) continue;
        const v = Number(r.fire_to_fulfill_s);
        const level = Number(r.itemFulfillmentLevel);
        const target = targetOn(date, level, r.prepStationGuid === "" ? null : r.prepStationGuid!, grill);
        const d = perDay.get(level) ?? { late: 0, veryLate: 0 };
        const all = perLevel.get(level) ?? { count: 0, late: 0, veryLate: 0 };
        all.count++;
        if (v > target) {
          d.late++;
          all.late++;
        }
        if (v > 1.5 * target) {
          d.veryLate++;
          all.veryLate++;
        }
        perDay.set(level, d);
        perLevel.set(level, all);
      }
      for (const level of [0, 1, 2]) {
        const row = spanning.days.find((x) => x.businessDate === date && x.level === level)!;
        const want = perDay.get(level) ?? { late: 0, veryLate: 0 };
        expect([date, level, row.late, row.veryLate]).toEqual([date, level, want.late, want.veryLate]);
      }
    }
    for (const w of spanning.withinTarget) {
      const want = perLevel.get(w.level)!;
      expect([w.level, w.count, w.late, w.veryLate, w.within]).toEqual([
        w.level,
        want.count,
        want.late,
        want.veryLate,
        want.count - want.late,
      ]);
    }
    // The days before the change as the week before said them.
    expect(spanning.days.filter((d) => d.businessDate <= BEFORE.to)).toEqual(judgedThen.days);
    // What the answer reports is the last day's target.
    expect(spanning.withinTarget.find((w) => w.level === 0)!.targetSeconds).toBe(300);
    // The Overview's figures say whose target level 0 is compared with: the restaurant's own.
    const overview = await ready(service.levelSummary(harbor, SPANNING));
    expect(overview.targetSources).toEqual({ 0: "own", 1: "default", 2: "default" });
    expect(overview.withinTarget).toEqual(spanning.withinTarget);

    // Once the weeks' rollups are built, the week after the change is read as one, the week of the
    // change as its days (a rollup cannot be split by day): the same answer.
    await service.rollupsSettled();
    const fresh = kitchen.service(t.db);
    const fromRollups = await ready(
      fresh.summary(harbor, await kitchenQuery(kitchenSummarySchema, SPANNING)),
    );
    expect(JSON.stringify(fromRollups)).toBe(JSON.stringify(spanning));
  }, 300_000);
});
