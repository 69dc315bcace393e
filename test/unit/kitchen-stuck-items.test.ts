import { describe, expect, it } from "vitest";

import { kitchenOverviewSchema, kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { isStuck, stuckCutSeconds } from "@/lib/kitchen/contract/stuck-items";
import { KITCHEN_METRICS } from "@/lib/kitchen/contract/vocabulary";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { stuckNote } from "@/lib/kitchen/present/ingest-notes";
import { mergeDays, type MergedSummary } from "@/lib/kitchen/query/range-summary";
import { countStuck, hasStuck } from "@/lib/kitchen/query/stuck-items";
import { mergeTicketTimes } from "@/lib/kitchen/query/ticket-times";
import { filtersOf } from "@/lib/kitchen/service/summary-assembly";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { seededRandom } from "@/lib/sandbox/options";

/**
 * Items left on screen: the rule, and its exactness. A day summarised with the stuck records left
 * out (start and wait metrics) or cut (fire to fulfill) must merge into the very figures of the
 * same day summarised from its records without the stuck ones, under every metric and filter.
 */

const TZ = "America/Chicago";
const LIMIT = 2 * 3600;
const TARGETS = { 0: 600, 1: 720, 2: 840 } as const;

/** A day with a few records bumped hours late (past LIMIT), some without timestamps, at three levels. */
function makeDay(date: string, seed: number): ItemFulfillment[] {
  const r = seededRandom(String(seed));
  const base = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)), 15);
  const out: ItemFulfillment[] = [];
  for (let t = 0; t < 120; t++) {
    const fired = base + Math.floor(r() * 10 * 3_600_000);
    const behavior = r() < 0.5 ? "DINE_IN" : "TAKE_OUT";
    for (let k = 0; k < 1 + Math.floor(r() * 3); k++) {
      const item = `item-${Math.floor(r() * 12)}`;
      const station = r() < 0.1 ? null : `st-${Math.floor(r() * 3)}`;
      const started = fired + Math.floor(r() * 120_000);
      for (const level of [0, 1] as const) {
        // 3 % forgotten bumps, hours after the plate went out; 2 % never fulfilled.
        const cook = r() < 0.03 ? LIMIT * 1000 + Math.floor(r() * 20_000_000) : Math.floor(r() * 1_200_000);
        out.push({
          restaurantGuid: "r-1",
          orderGuid: `o-${t}`,
          selectionGuid: `s-${t}-${k}`,
          selectionMenuItemGuid: item,
          selectionMenuItemName: item,
          ticketGuid: `t-${t}`,
          ticketFiredAt: new Date(fired).toISOString(),
          itemStartedAt: new Date(started).toISOString(),
          itemFulfilledAt: r() < 0.02 ? null : new Date(started + cook + level * 60_000).toISOString(),
          itemFulfillmentLevel: level,
          prepStationGuid: station,
          prepStationName: station,
          diningOptionBehavior: behavior,
          orderSource: "In Store",
        } as ItemFulfillment);
      }
    }
  }
  return out;
}

const f2f = (r: ItemFulfillment) =>
  r.ticketFiredAt && r.itemFulfilledAt
    ? Math.floor((Date.parse(r.itemFulfilledAt) - Date.parse(r.ticketFiredAt)) / 1000 + 0.5)
    : null;
// The figures a view shows (the filter options list every value of the day, whatever is left out).
const figures = (m: MergedSummary) => ({ ...m, options: null, outliers: null });

describe("the rule", () => {
  it("is strictly over the limit, on fire to fulfill, and never for a record without one", () => {
    expect(isStuck(14_400, 14_400)).toBe(false);
    expect(isStuck(14_401, 14_400)).toBe(true);
    expect(isStuck(-1, 14_400)).toBe(false);
    expect(isStuck(null, 14_400)).toBe(false);
    expect(stuckCutSeconds("exclude", 240)).toBe(14_400);
    expect(stuckCutSeconds(undefined, 240)).toBe(14_400);
    expect(stuckCutSeconds("include", 240)).toBeUndefined();
  });

  it("is on by default in every route's query and refused when misspelt", () => {
    expect(kitchenSummarySchema.parse({ from: "20250301", to: "20250302" }).stuck).toBe("exclude");
    expect(kitchenSummarySchema.parse({ from: "20250301", to: "20250302", stuck: "" }).stuck).toBe("exclude");
    expect(kitchenOverviewSchema.parse({ stuck: "include" }).stuck).toBe("include");
    const refused = kitchenSummarySchema.safeParse({ from: "20250301", to: "20250302", stuck: "yes" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("stuck must be one of exclude, include");
    expect(filtersOf({ stuck: "include" }, 240).stuckSeconds).toBeUndefined();
    expect(filtersOf({}, 300).stuckSeconds).toBe(18_000);
  });

  it("is said in words, ignored or counted", () => {
    expect(stuckNote({ maxMinutes: 240, records: 12, included: false })).toBe(
      "12 items left on screen ignored (fulfilled more than 240 minutes after fire)",
    );
    expect(stuckNote({ maxMinutes: 240, records: 1, included: true })).toBe(
      "1 item left on screen counted (fulfilled more than 240 minutes after fire)",
    );
    expect(stuckNote({ maxMinutes: 240, records: 0, included: false })).toBeNull();
  });
});

describe("leaving items left on screen out of the cubes", () => {
  const records = makeDay("20250304", 7);
  const stuck = records.filter((r) => isStuck(f2f(r), LIMIT));
  const clean = records.filter((r) => !isStuck(f2f(r), LIMIT));
  const stored = summariseDay(records, "20250304", TZ);
  const leftOut = summariseDay(records, "20250304", TZ, undefined, { stuckSeconds: LIMIT });
  const reference = summariseDay(clean, "20250304", TZ);

  it("has stuck records to leave out, and finds them in the stored cubes", () => {
    expect(stuck.length).toBeGreaterThan(5);
    expect(hasStuck(stored, LIMIT)).toBe(true);
    expect(hasStuck(reference, LIMIT)).toBe(false);
    expect(countStuck({ days: [stored], rollups: [] }, {}, LIMIT)).toBe(stuck.length);
    expect(countStuck({ days: [stored], rollups: [] }, { level: 1, behavior: "TAKE_OUT" }, LIMIT)).toBe(
      stuck.filter((r) => r.itemFulfillmentLevel === 1 && r.diningOptionBehavior === "TAKE_OUT").length,
    );
  });

  const filterCases = [
    {},
    { level: 0 as const },
    { station: "st-1" },
    { behavior: "TAKE_OUT", level: 1 as const },
    { maxSeconds: 600 },
    { maxSeconds: 3 * 3600 },
  ];

  it.each(filterCases)(
    "merges every metric into the figures of the records without them (filters %o)",
    (filters) => {
      for (const metric of KITCHEN_METRICS) {
        const expected = figures(mergeDays([reference], metric, filters, TARGETS));
        // Fire to fulfill is cut at the limit on the stored day; the other metrics read the day summarised without them.
        const day = metric === "fire_to_fulfill" ? stored : leftOut;
        expect(
          figures(mergeDays([day], metric, { ...filters, stuckSeconds: LIMIT }, TARGETS)),
          metric,
        ).toEqual(expected);
      }
    },
  );

  it("keeps fire to fulfill and the ticket cubes whole in the day it summarises without them", () => {
    expect(leftOut.cubes.fire_to_fulfill).toEqual(stored.cubes.fire_to_fulfill);
    expect(leftOut.cubes.wait_to_start.tickets).toEqual(stored.cubes.wait_to_start.tickets);
    expect(mergeDays([stored], "fire_to_fulfill", {}, TARGETS).levels).toEqual(
      mergeDays([leftOut], "fire_to_fulfill", {}, TARGETS).levels,
    );
  });

  it("counts the outlier cut's records apart from the stuck ones", () => {
    const cut = 600;
    const merged = mergeDays([stored], "fire_to_fulfill", { maxSeconds: cut, stuckSeconds: LIMIT }, TARGETS);
    const over = records.filter(
      (r) =>
        [0, 1].includes(r.itemFulfillmentLevel as number) && (f2f(r) ?? -1) > cut && !isStuck(f2f(r), LIMIT),
    );
    expect(merged.outliers).toEqual({ maxMinutes: 10, removed: over.length });
  });

  it("leaves out of the ticket times each ticket whose time at a level is over the limit", () => {
    const withStuck = mergeTicketTimes(
      { days: [stored], rollups: [] },
      "start_to_fulfill",
      { stuckSeconds: LIMIT },
      TARGETS,
    );
    const all = mergeTicketTimes({ days: [stored], rollups: [] }, "start_to_fulfill", {}, TARGETS);
    for (const level of [0, 1] as const) {
      // Per ticket and level: fire to the last fulfillment, plainly; an unfulfilled record leaves no time.
      const times = new Map<string, number | null>();
      for (const r of records.filter((x) => x.itemFulfillmentLevel === level)) {
        const was = times.get(r.ticketGuid!);
        const t = f2f(r);
        times.set(r.ticketGuid!, was === null || t === null ? null : Math.max(was ?? 0, t));
      }
      const kept = [...times.values()].filter((t): t is number => t !== null && t <= LIMIT);
      const got = withStuck.tickets.find((x) => x.level === level)!.stats;
      expect(got.count).toBe(kept.length);
      expect(got.max).toBe(Math.max(...kept));
      expect(all.tickets.find((x) => x.level === level)!.stats.count).toBeGreaterThan(kept.length);
    }
  });
});
