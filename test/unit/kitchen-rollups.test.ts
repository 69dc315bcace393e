import { describe, expect, it } from "vitest";

import {
  addBusinessDays,
  businessDateWeekday,
  enumerateBusinessDates,
} from "@/lib/business-date/business-date";
import { wholePeriodsWithin } from "@/lib/business-date/periods";
import {
  KITCHEN_METRICS,
  NONE_FILTER,
  type KitchenLevel,
  type KitchenMetric,
} from "@/lib/kitchen/contract/vocabulary";
import type { DayParts } from "@/lib/kitchen/ingest/day-parts";
import { summariseDay, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { mergeDayParts } from "@/lib/kitchen/query/day-parts-summary";
import { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import {
  mergeDays,
  mergeRange,
  mergeStationLevels,
  type SummaryFilters,
} from "@/lib/kitchen/query/range-summary";
import { addDays, detailBytesOf, type Rollup } from "@/lib/kitchen/query/rollup";
import { decodeRollup, encodeRollup } from "@/lib/kitchen/storage/rollup-codec";
import type { ServiceHours } from "@/lib/restaurants/schedule";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { seededRandom } from "@/lib/sandbox/options";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * Rollups must change nothing but the speed: for random ranges and filters, the summary merged
 * from rollups of the range's whole weeks and months plus its edge days is byte for byte the
 * summary merged from every day. The days are the sandbox's (a real menu, stations without a
 * name, expediter rows without a station, a daylight-saving change in March).
 */

// The sandbox's seeded generator: the same "random" ranges on every run.
const rng = (seed: number) => seededRandom(String(seed));

const world = defaultWorld();
const restaurant = world.restaurants.find((r) => r.name === "Old Town Grill")!;
const ctx = { world, restaurant, brand: "Platform" };
const config = generateRestaurantConfig(ctx);
const FROM = "20250120";
const TO = "20250316";
const DATES = enumerateBusinessDates(FROM, TO);
// Services by weekday, changed on 1 March (Lunch starts later, Supper replaces Dinner on Sundays),
// so a rollup matches services by name across days that placed them differently.
const hours = (name: string, start: number, end: number, overnight = false): ServiceHours => ({
  name,
  startMinutes: start,
  endMinutes: end,
  overnight,
});
function servicesOf(date: string): DayParts {
  const weekday = businessDateWeekday(date);
  const late = date >= "20250301";
  const services =
    weekday === 0 || weekday === 6
      ? [hours("Brunch", 540, 840), hours(late && weekday === 0 ? "Supper" : "Dinner", 1020, 1380)]
      : [
          hours("Lunch", late ? 690 : 660, 900),
          hours("Dinner", 1020, 1320),
          hours("Late night", 1320, 60, true),
        ];
  return { closeoutHour: 4, services };
}
const days = new Map<string, DaySummary>(
  DATES.map((d) => [
    d,
    summariseDay(generateItemFulfillments(ctx, config, d), d, restaurant.timeZone, servicesOf(d)),
  ]),
);

// Every whole period of the window, built once per metric, through the stored encoding.
const rollups = new Map<string, Record<KitchenMetric, Rollup>>();
function rollupsOf(
  from: string,
  to: string,
  metric: KitchenMetric,
): { rollups: Rollup[]; rest: DaySummary[] } {
  const out: Rollup[] = [];
  const covered = new Set<string>();
  for (const p of wholePeriodsWithin(from, to)) {
    const key = `${p.kind}:${p.start}`;
    if (!rollups.has(key)) {
      const periodDays = enumerateBusinessDates(p.start, p.end).map((d) => days.get(d)!);
      const built = addDays(
        p.kind,
        p.start,
        periodDays,
        periodDays.map((_, i) => 1_700_000_000_000 + i),
      );
      rollups.set(
        key,
        Object.fromEntries(KITCHEN_METRICS.map((m) => [m, roundTrip(built[m])])) as Record<
          KitchenMetric,
          Rollup
        >,
      );
    }
    out.push(rollups.get(key)![metric]);
    for (const d of enumerateBusinessDates(p.start, p.end)) covered.add(d);
  }
  return {
    rollups: out,
    rest: enumerateBusinessDates(from, to)
      .filter((d) => !covered.has(d))
      .map((d) => days.get(d)!),
  };
}

const roundTrip = (r: Rollup) => {
  const { head, detail } = encodeRollup(r);
  return decodeRollup(head, detail);
};

describe("rollups", () => {
  const first = days.get(FROM)!;
  const stations = [...first.stations.map((s) => s.guid ?? NONE_FILTER), "no-such-station"];
  const behaviors = first.behaviors.map((b) => b ?? NONE_FILTER);
  const sources = first.sources.map((s) => s ?? NONE_FILTER);
  const random = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

  it("give byte-identical summaries to merging every day, for 60 random ranges and filters", () => {
    let withRollups = 0;
    for (let i = 0; i < 60; i++) {
      const from = addBusinessDays(FROM, Math.floor(random() * 30));
      const to = addBusinessDays(
        from,
        6 + Math.floor(random() * (DATES.length - 1 - DATES.indexOf(from) - 6)),
      );
      const metric = pick(KITCHEN_METRICS);
      const filters: SummaryFilters = {};
      if (random() < 0.3) filters.level = pick([0, 1, 2] as KitchenLevel[]);
      if (random() < 0.3) filters.station = pick(stations);
      if (random() < 0.3) filters.behavior = pick(behaviors);
      if (random() < 0.3) filters.source = pick(sources);
      if (random() < 0.2) filters.maxSeconds = pick([300, 900, 3600]);
      const targets = { 0: 300 + i, 1: 600, 2: 900 };
      const parts = rollupsOf(from, to, metric);
      withRollups += parts.rollups.length > 0 ? 1 : 0;
      const expected = JSON.stringify(
        mergeDays(
          enumerateBusinessDates(from, to).map((d) => days.get(d)!),
          metric,
          filters,
          targets,
          new DimensionInterner(),
        ),
      );
      const actual = JSON.stringify(
        mergeRange(
          { days: parts.rest, rollups: parts.rollups },
          metric,
          filters,
          targets,
          new DimensionInterner(),
        ),
      );
      expect(actual, `${from}..${to} ${metric} ${JSON.stringify(filters)}`).toBe(expected);
      // The day parts too, at any business day start (it orders the services).
      const startHour = Math.floor(random() * 6);
      expect(
        JSON.stringify(
          mergeDayParts({ days: parts.rest, rollups: parts.rollups }, metric, filters, startHour),
        ),
        `day parts ${from}..${to} ${metric} ${JSON.stringify(filters)} from ${startHour}h`,
      ).toBe(
        JSON.stringify(
          mergeDayParts(
            enumerateBusinessDates(from, to).map((d) => days.get(d)!),
            metric,
            filters,
            startHour,
          ),
        ),
      );
      expect(mergeStationLevels({ days: parts.rest, rollups: parts.rollups }, metric, filters)).toEqual(
        mergeStationLevels(
          enumerateBusinessDates(from, to).map((d) => days.get(d)!),
          metric,
          filters,
        ),
      );
    }
    // Most ranges must actually have gone through rollups, or the comparison proves little.
    expect(withRollups).toBeGreaterThan(40);
  }, 60_000);

  it("hold fewer cells than the days they sum, marginals smaller still, and carry each day's trend", () => {
    const parts = rollupsOf("20250201", "20250228", "fire_to_fulfill");
    expect(parts.rest).toEqual([]);
    const [month] = parts.rollups;
    const dayCells = enumerateBusinessDates("20250201", "20250228").reduce(
      (n, d) => n + days.get(d)!.cubes.fire_to_fulfill.hours.excluded.length,
      0,
    );
    expect(month!.detail!().cubes.hours.excluded.length).toBeLessThan(dayCells / 3);
    expect(month!.detail!().trends).toHaveLength(28);
    expect(month!.dayStats).toHaveLength(28);
    // The marginals sum out what a breakdown does not read: fewer entries than the cube.
    expect(month!.marginals.hourStation.seconds.length).toBeLessThan(
      month!.detail!().cubes.hours.seconds.length,
    );
    expect(month!.recordCount).toBe(
      enumerateBusinessDates("20250201", "20250228").reduce((n, d) => n + days.get(d)!.recordCount, 0),
    );
  });

  it("decode a stored detail once, on first use, to the built rollup's cubes", () => {
    const [month] = rollupsOf("20250201", "20250228", "fire_to_fulfill").rollups;
    const { head, detail } = encodeRollup(month!);
    const stored = decodeRollup(head, detail);
    // Before decoding: an estimate from the encoded size, what the cache counts until then.
    expect(stored.detailBytes).toBe(detail.length * 3);
    const decoded = stored.detail!();
    expect(stored.detail!()).toBe(decoded);
    // What the rollup reader then counts instead of the estimate: the arrays' bytes.
    expect(detailBytesOf(decoded)).toBeGreaterThan(detail.length);
    expect(JSON.stringify(decoded.cubes.items)).toBe(JSON.stringify(month!.detail!().cubes.items));
  });

  it("sum durations of any length exactly, a ticket fulfilled a month later included", () => {
    const records = (date: string, seconds: number[]) =>
      seconds.map((s, i) => ({
        restaurantGuid: "r-1",
        orderGuid: `o-${date}-${i}`,
        selectionGuid: `s-${date}-${i}`,
        selectionMenuItemGuid: `item-${i % 3}`,
        ticketGuid: `t-${date}-${i}`,
        ticketFiredAt: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T17:00:00.000Z`,
        itemFulfilledAt: new Date(
          Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T17:00:00.000Z`) + s * 1000,
        ).toISOString(),
        itemFulfillmentLevel: 0,
        prepStationGuid: "st-a",
      }));
    const twoDays = [
      summariseDay(records("20250303", [30, 30, 45, 2_600_000, 9_000]), "20250303", restaurant.timeZone),
      summariseDay(records("20250304", [30, 2_600_000, 2_600_001, 45]), "20250304", restaurant.timeZone),
    ];
    const rollup = roundTrip(addDays("week", "20250303", twoDays, [1, 2]).fire_to_fulfill);
    for (const filters of [{}, { station: "st-a" }]) {
      const merged = mergeRange({ days: [], rollups: [rollup] }, "fire_to_fulfill", filters, {
        0: 60,
        1: 60,
        2: 60,
      });
      expect(merged).toEqual(mergeDays(twoDays, "fire_to_fulfill", filters, { 0: 60, 1: 60, 2: 60 }));
      expect(merged.levels[0]!.stats).toMatchObject({ count: 9, max: 2_600_001 });
    }
  });

  it("refuse a damaged stored rollup, and a rollup of another metric", () => {
    const {
      rollups: [week],
    } = rollupsOf("20250203", "20250209", "wait_to_start");
    const { head, detail } = encodeRollup(week!);
    expect(() => decodeRollup(head.subarray(0, head.length - 3), detail)).toThrow();
    expect(() => decodeRollup(head, detail.subarray(0, detail.length - 3)).detail!()).toThrow();
    const wrong = head.slice();
    wrong[0] = 7;
    expect(() => decodeRollup(wrong, detail)).toThrow(/format/);
    // Read without its detail, a rollup answers level filters and refuses the others loudly.
    const headOnly = decodeRollup(head, null);
    expect(() =>
      mergeRange({ days: [], rollups: [headOnly] }, "wait_to_start", { station: "x" }, { 0: 1, 1: 1, 2: 1 }),
    ).toThrow(/detail/);
    expect(
      mergeRange({ days: [], rollups: [headOnly] }, "wait_to_start", { level: 1 }, { 0: 1, 1: 1, 2: 1 }),
    ).toEqual(
      mergeRange({ days: [], rollups: [week!] }, "wait_to_start", { level: 1 }, { 0: 1, 1: 1, 2: 1 }),
    );
    expect(() =>
      mergeRange({ days: [], rollups: [week!] }, "fire_to_fulfill", {}, { 0: 1, 1: 1, 2: 1 }),
    ).toThrow(/metric/);
  });
});
