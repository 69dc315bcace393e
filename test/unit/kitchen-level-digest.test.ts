import { describe, expect, it } from "vitest";

import type { TargetBook } from "@/lib/kitchen/contract/targets";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { levelDigestOf, LevelMerge } from "@/lib/kitchen/query/level-digest";
import { mergeDays } from "@/lib/kitchen/query/range-summary";
import { countStuck } from "@/lib/kitchen/query/stuck-items";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { seededRandom } from "@/lib/sandbox/options";

/**
 * The Overview's day digests (issue 31): the figures merged from them must be the station × level
 * merge's (levels, withinTarget) and countStuck's, exactly, over several days: records hours late
 * (past the dense span of 8192 s and past the stuck limit), records without a station or a
 * fulfilment, level 2 on some days only, a station with its own target, both stuck choices.
 */

const TZ = "America/Chicago";
const STUCK = 30 * 60;

function makeDay(date: string, seed: number, levels: readonly (0 | 1 | 2)[]): ItemFulfillment[] {
  const r = seededRandom(String(seed));
  const base = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)), 15);
  const out: ItemFulfillment[] = [];
  for (let t = 0; t < 90; t++) {
    const fired = base + Math.floor(r() * 10 * 3_600_000);
    for (let k = 0; k < 1 + Math.floor(r() * 3); k++) {
      const station = r() < 0.1 ? null : `st-${Math.floor(r() * 3)}`;
      for (const level of levels) {
        // 4 % forgotten bumps, up to six hours; 2 % never fulfilled.
        const cook = r() < 0.04 ? 9_000_000 + Math.floor(r() * 12_000_000) : Math.floor(r() * 1_500_000);
        out.push({
          restaurantGuid: "r-1",
          orderGuid: `o-${t}`,
          selectionGuid: `s-${t}-${k}`,
          selectionMenuItemGuid: `item-${Math.floor(r() * 12)}`,
          selectionMenuItemName: "item",
          ticketGuid: `t-${t}`,
          ticketFiredAt: new Date(fired).toISOString(),
          itemStartedAt: new Date(fired).toISOString(),
          itemFulfilledAt: r() < 0.02 ? null : new Date(fired + cook + level * 60_000).toISOString(),
          itemFulfillmentLevel: level,
          prepStationGuid: station,
          prepStationName: station,
          diningOptionBehavior: r() < 0.5 ? "DINE_IN" : "TAKE_OUT",
          orderSource: "In Store",
        } as ItemFulfillment);
      }
    }
  }
  return out;
}

describe("level digests", () => {
  const days = [
    summariseDay(makeDay("20250303", 1, [0, 1]), "20250303", TZ),
    summariseDay(makeDay("20250304", 2, [0, 1, 2]), "20250304", TZ),
    summariseDay(makeDay("20250305", 3, [0]), "20250305", TZ),
  ];
  const book: TargetBook = {
    levels: { 0: 600, 1: 700, 2: 900 },
    stations: [{ stationGuid: "st-1", level: 0, seconds: 300 }],
  };

  it.each([
    ["stuck records included", undefined],
    ["stuck records left out", STUCK],
  ])("merge into the station × level merge's figures exactly (%s)", (_, cut) => {
    const merge = new LevelMerge({ book, cutSeconds: cut, stuckLimitSeconds: STUCK });
    for (const day of days) merge.add(levelDigestOf(day));
    const figures = merge.result();
    const expected = mergeDays(days, "fire_to_fulfill", cut === undefined ? {} : { stuckSeconds: cut }, book);
    expect(figures.levels).toEqual(expected.levels);
    expect(figures.withinTarget).toEqual(expected.withinTarget);
    expect(figures.stuckRecords).toBe(countStuck({ days, rollups: [] }, {}, STUCK));
    // Not a vacuous comparison: the data has the cases the digests must get right.
    expect(figures.levels.map((l) => l.level)).toEqual([0, 1, 2]);
    expect(figures.stuckRecords).toBeGreaterThan(0);
    expect(Math.max(...figures.levels.map((l) => l.stats.max ?? 0))).toBeGreaterThan(
      cut === undefined ? 8192 : 0,
    );
  });

  it("are small: a few hundred bytes a day where the decoded day is far larger", () => {
    for (const day of days) expect(levelDigestOf(day).length).toBeLessThan(4096);
  });
});
