import { describe, expect, it } from "vitest";

import { currentBusinessDate } from "@/lib/business-date/closeout";
import { presetRange, previousPeriod } from "@/lib/kitchen/contract/date-range";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import type { KitchenOverviewRow } from "@/lib/kitchen/contract/responses";
import { MOVER_POINTS, restaurantVerdict, WORSE_P90_SECONDS } from "@/lib/kitchen/contract/restaurant-status";
import { DEFAULT_TARGET_SECONDS } from "@/lib/kitchen/contract/vocabulary";
import { kitchenOverview } from "@/lib/kitchen/service/overview";

import {
  byLevelAndStation,
  dropByteDuplicates,
  levelOf,
  seconds,
  withoutLeftOnScreen,
  type RawRecord,
} from "./independent-stats";
import { kitchenFile, kitchenQuery, overviewRestaurant, ready } from "./kitchen-harness";

/**
 * The Overview's status fields (issue 34) against the raw records counted the plain way
 * (independent-stats.ts): each ready restaurant's late items at level 0 in both periods, its
 * worst station (most late items among stations with at least MIN_RANKED_COUNT records), its
 * status and reason from those counts, and the glance line over the rows.
 */
const mesa = overviewRestaurant("Mesa Verde Cantina");
const oldTown = overviewRestaurant("Old Town Grill");
const pier = overviewRestaurant("Pier 9 Pizza");

const kitchen = kitchenFile();
const { clock } = kitchen;

/** Level-0 records with a time, by the plain rule: duplicates and items left on screen dropped. */
async function level0Times(
  service: ReturnType<typeof kitchen.service>,
  restaurant: typeof mesa,
  period: { from: string; to: string },
): Promise<{ record: RawRecord; time: number }[]> {
  const chunks = await ready(service.records(restaurant, await kitchenQuery(kitchenRangeSchema, period)));
  const raw: RawRecord[] = [];
  for await (const chunk of chunks) raw.push(...(chunk as unknown as RawRecord[]));
  return withoutLeftOnScreen(dropByteDuplicates(raw).unique)
    .filter((r) => levelOf(r) === 0)
    .flatMap((record) => {
      const time = seconds(record.ticketFiredAt, record.itemFulfilledAt);
      return time === null ? [] : [{ record, time }];
    });
}

const isLate = (time: number) => time > DEFAULT_TARGET_SECONDS[0];

describe("kitchen overview status", () => {
  const t = kitchen.databasePerTest("pglite");

  it("gives late items, worst station, status and reason exactly as the raw records say, and the glance line", async () => {
    const service = kitchen.service(t.db);
    const overview = await kitchenOverview(service, [mesa, oldTown, pier], "yesterday", clock.now);
    const readyRows = overview.rows.filter((r) => r.status === "ready");
    expect(readyRows.map((r) => r.restaurantName)).toEqual(["Mesa Verde Cantina", "Old Town Grill"]);
    let totalLate = 0;
    for (const row of readyRows) {
      const r = row.restaurantGuid === mesa.guid ? mesa : oldTown;
      const now = await level0Times(service, r, row.period);
      const before = await level0Times(service, r, row.previousPeriod);
      const late = now.filter((x) => isLate(x.time)).length;
      totalLate += late;
      expect([row.lateItems, row.previousLateItems], r.name).toEqual([
        late,
        before.filter((x) => isLate(x.time)).length,
      ]);
      expect(late, `${r.name} has late items to rank`).toBeGreaterThan(0);

      // Worst station: most late items among stations with enough records.
      const stations = [...byLevelAndStation(now.map((x) => x.record)).entries()].map(([key, records]) => {
        const times = records.map((x) => seconds(x.ticketFiredAt, x.itemFulfilledAt)!);
        return { guid: key.split("|")[1] || null, records: times.length, late: times.filter(isLate).length };
      });
      const eligible = stations.filter((s) => s.records >= MIN_RANKED_COUNT && s.late > 0);
      const most = Math.max(...eligible.map((s) => s.late));
      expect(row.worstStation, r.name).not.toBeNull();
      expect(row.worstStation!.late).toBe(most);
      expect(row.worstStation!.records).toBeGreaterThanOrEqual(MIN_RANKED_COUNT);
      expect(eligible.filter((s) => s.late === most).map((s) => s.guid)).toContain(
        row.worstStation!.stationGuid,
      );

      const p90 = (f: KitchenOverviewRow["current"]) => f.find((x) => x.level === 0)!.p90;
      const expected = restaurantVerdict(
        { records: now.length, late, p90: p90(row.current) },
        { records: before.length, late: row.previousLateItems!, p90: p90(row.previous) },
        "previous day",
      );
      expect(row.verdict).toEqual(expected);
      expect(row.verdict!.reason).toMatch(new RegExp(`^${late.toLocaleString("en-US")} late items?, `));
    }
    const pierRow = overview.rows.find((r) => r.restaurantGuid === pier.guid)!;
    expect([pierRow.verdict, pierRow.lateItems, pierRow.worstStation]).toEqual([null, 0, null]);

    const today = currentBusinessDate(mesa, clock.now);
    const period = presetRange("yesterday", today);
    expect(overview.glance).toMatchObject({
      lateItems: totalLate,
      unknown: 1,
      period,
      previousPeriod: previousPeriod(period),
    });
    const g = overview.glance!;
    expect(g.act + g.watch + g.onTrack).toBe(2);
    // Movers are named from the same rows; none without a change of at least a point of the share
    // late or WORSE_P90_SECONDS of the p90 (biggestMovers's rule).
    for (const m of [...overview.movers!.worse, ...overview.movers!.better])
      expect(
        Math.abs(m.latePoints) >= MOVER_POINTS || Math.abs(m.p90Seconds ?? 0) >= WORSE_P90_SECONDS,
        JSON.stringify(m),
      ).toBe(true);
  });
});
