import { describe, expect, it } from "vitest";

import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import type { Stats } from "@/lib/kitchen/contract/responses";
import { KITCHEN_METRICS, NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import type { SummaryFilters } from "@/lib/kitchen/query/range-summary";
import { addDays } from "@/lib/kitchen/query/rollup";
import { mergeTicketTimes, type TicketTimes } from "@/lib/kitchen/query/ticket-times";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import { decodeRollup, encodeRollup } from "@/lib/kitchen/storage/rollup-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * Ticket times against a computation written here from the raw records alone: group each day's
 * records by ticket, keep those passing the filters, take the latest fulfillment per level minus
 * the earliest fire, and rank by sorting. The sandbox's days are made harder: some records lose
 * their fulfillment (the ticket is excluded at that level), their ticket GUID (a ticket of its
 * own) or fire a little earlier than the rest of their ticket (the earliest counts). Checked
 * through the stored day format and a week's stored rollup, for every metric (ticket times do not
 * depend on it) and with the other filters combined.
 */

const world = defaultWorld();
const restaurant = world.restaurants.find((r) => r.name === "Old Town Grill")!;
const ctx = { world, restaurant, brand: "Platform" };
const config = generateRestaurantConfig(ctx);
const DATES = enumerateBusinessDates("20250303", "20250310");
const TARGETS = { 0: 900, 1: 1080, 2: 1260 } as const;

const rawDays = DATES.map((date) =>
  generateItemFulfillments(ctx, config, date).map((r, i) => {
    if (i % 41 === 5) return { ...r, itemFulfilledAt: null };
    if (i % 67 === 9) return { ...r, ticketGuid: null };
    if (i % 97 === 13 && r.ticketFiredAt)
      return { ...r, ticketFiredAt: new Date(Date.parse(r.ticketFiredAt) - 30_000).toISOString() };
    return r;
  }),
);
const days = DATES.map((d, i) =>
  decodeDaySummary(encodeDaySummary(summariseDay(rawDays[i]!, d, restaurant.timeZone))),
);

const hourFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: restaurant.timeZone,
  hour: "numeric",
  hourCycle: "h23",
});
const isLevel = (l: unknown): l is 0 | 1 | 2 => l === 0 || l === 1 || l === 2;

interface OracleTicket {
  date: string;
  level: 0 | 1 | 2;
  hour: number | null;
  /** Seconds, or null: excluded. */
  seconds: number | null;
}

/** Every ticket × level of the raw days that the filters keep, with its time. */
function oracleTickets(perDay: readonly (readonly ItemFulfillment[])[], f: SummaryFilters): OracleTicket[] {
  const out: OracleTicket[] = [];
  perDay.forEach((records, d) => {
    const byTicket = new Map<string, ItemFulfillment[]>();
    records.forEach((r, i) => {
      if (!isLevel(r.itemFulfillmentLevel)) return;
      const key = r.ticketGuid ?? `no ticket #${i}`;
      byTicket.set(key, [...(byTicket.get(key) ?? []), r]);
    });
    for (const list of byTicket.values()) {
      const behavior = list.find((r) => r.diningOptionBehavior)?.diningOptionBehavior ?? null;
      const source = list.find((r) => r.orderSource)?.orderSource ?? null;
      const is = (value: string | null | undefined, wanted: string | undefined) =>
        wanted === undefined || (wanted === NONE_FILTER ? !value : value === wanted);
      if (!is(behavior, f.behavior) || !is(source, f.source)) continue;
      const fires = list
        .map((r) => (r.ticketFiredAt ? Date.parse(r.ticketFiredAt) : NaN))
        .filter((x) => !Number.isNaN(x));
      const fired = fires.length === 0 ? null : Math.min(...fires);
      for (const level of [0, 1, 2] as const) {
        if (f.level !== undefined && f.level !== level) continue;
        const mine = list.filter((r) => r.itemFulfillmentLevel === level && is(r.prepStationGuid, f.station));
        if (mine.length === 0) continue;
        const ends = mine.map((r) => (r.itemFulfilledAt ? Date.parse(r.itemFulfilledAt) : NaN));
        let seconds: number | null = null;
        if (fired !== null && !ends.some((x) => Number.isNaN(x))) {
          const ms = Math.max(...ends) - fired;
          seconds = ms < 0 ? null : Math.floor((ms + 500) / 1000);
        }
        if (f.maxSeconds !== undefined && seconds !== null && seconds > f.maxSeconds) continue;
        out.push({
          date: DATES[d]!,
          level,
          hour: fired === null ? null : Number(hourFormat.format(new Date(fired))),
          seconds,
        });
      }
    }
  });
  return out;
}

function oracleStats(list: readonly OracleTicket[]): Stats {
  const values = list.flatMap((t) => (t.seconds === null ? [] : [t.seconds])).sort((a, b) => a - b);
  const excluded = list.length - values.length;
  if (values.length === 0)
    return { count: 0, excluded, mean: null, p50: null, p75: null, p90: null, p95: null, max: null };
  const at = (p: number) => values[Math.max(1, Math.ceil((p * values.length) / 100)) - 1]!;
  const sum = values.reduce((a, b) => a + b, 0);
  return {
    count: values.length,
    excluded,
    mean: Math.round((sum * 10) / values.length) / 10,
    p50: at(50),
    p75: at(75),
    p90: at(90),
    p95: at(95),
    max: values[values.length - 1]!,
  };
}

function oracle(
  perDay: readonly (readonly ItemFulfillment[])[],
  dates: readonly string[],
  f: SummaryFilters,
): TicketTimes {
  const all = oracleTickets(perDay, f);
  const present = new Set(
    perDay
      .flat()
      .map((r) => r.itemFulfillmentLevel)
      .filter(isLevel),
  );
  const levels = ([0, 1, 2] as const).filter(
    (l) => present.has(l) && (f.level === undefined || f.level === l),
  );
  const tickets = levels.map((level) => {
    const mine = all.filter((t) => t.level === level);
    const stats = oracleStats(mine);
    const within = mine.filter((t) => t.seconds !== null && t.seconds <= TARGETS[level]).length;
    const timed = mine.filter((t) => t.seconds !== null);
    // Late: over the target; very late: over one and a half times it, in whole seconds.
    const late = timed.filter((t) => t.seconds! > TARGETS[level]).length;
    const veryLate = timed.filter((t) => t.seconds! > Math.floor(TARGETS[level] * 1.5)).length;
    const withinTarget = {
      level,
      targetSeconds: TARGETS[level],
      within,
      count: stats.count,
      share: stats.count === 0 ? null : within / stats.count,
      late,
      veryLate,
    };
    return {
      level,
      stats,
      withinTarget,
      histogram: { level, station: f.station ?? null, binSeconds: 0, bins: [] },
    };
  });
  const ticketHours = Array.from({ length: 24 }, (_, hour) =>
    levels.flatMap((level) => {
      const mine = all.filter((t) => t.hour === hour && t.level === level);
      return mine.length === 0 ? [] : [{ hour, level, stats: oracleStats(mine) }];
    }),
  ).flat();
  const ticketDays = dates.flatMap((date) =>
    levels.map((level) => ({
      businessDate: date,
      level,
      stats: oracleStats(all.filter((t) => t.date === date && t.level === level)),
    })),
  );
  return { tickets, ticketHours, ticketDays };
}

/** The merged answer, reduced to what the oracle computes (the histogram is checked apart). */
function comparable(t: TicketTimes) {
  return {
    tickets: t.tickets.map((x) => ({ level: x.level, stats: x.stats, withinTarget: x.withinTarget })),
    ticketHours: t.ticketHours,
    ticketDays: t.ticketDays,
  };
}

const stations = [
  ...new Set(
    rawDays
      .flat()
      .filter((r) => r.itemFulfillmentLevel === 0)
      .map((r) => r.prepStationGuid),
  ),
].filter((s): s is string => !!s);
const FILTERS: SummaryFilters[] = [
  {},
  { level: 0 },
  { level: 1 },
  { level: 2 },
  { station: stations[0] },
  { station: stations[1], behavior: "DINE_IN", level: 0 },
  { station: NONE_FILTER },
  { behavior: "TAKE_OUT", source: "Online" },
  { level: 2, source: "In Store" },
  { maxSeconds: 1200 },
  { maxSeconds: 900, station: stations[0], level: 0 },
];

describe("ticket times", () => {
  it("the test days hold excluded tickets, tickets at several stations and records without a ticket", () => {
    const all = oracleTickets(rawDays, {});
    expect(all.filter((t) => t.seconds === null).length).toBeGreaterThan(10);
    const level0 = rawDays.flat().filter((r) => r.itemFulfillmentLevel === 0 && r.ticketGuid);
    const stationsPerTicket = new Map<string, Set<string | null | undefined>>();
    for (const r of level0)
      stationsPerTicket.set(
        r.ticketGuid!,
        (stationsPerTicket.get(r.ticketGuid!) ?? new Set()).add(r.prepStationGuid),
      );
    expect([...stationsPerTicket.values()].some((s) => s.size > 1)).toBe(true);
  });

  for (const filters of FILTERS) {
    it(`equal the raw records' ticket times, by level, hour and day: ${JSON.stringify(filters)}`, () => {
      const expected = oracle(rawDays, DATES, filters);
      for (const metric of KITCHEN_METRICS) {
        const merged = mergeTicketTimes({ days, rollups: [] }, metric, filters, TARGETS);
        expect(comparable(merged), metric).toEqual(comparable(expected));
      }
    });
  }

  it("draw each level's histogram over exactly its tickets' times", () => {
    const merged = mergeTicketTimes({ days, rollups: [] }, "fire_to_fulfill", {}, TARGETS);
    const all = oracleTickets(rawDays, {});
    for (const level of merged.tickets) {
      const values = all.filter((t) => t.level === level.level && t.seconds !== null).map((t) => t.seconds!);
      expect(level.histogram.bins.length).toBeGreaterThan(1);
      for (const bin of level.histogram.bins) {
        expect(bin.count).toBe(values.filter((v) => v >= bin.from && (bin.to === null || v < bin.to)).length);
      }
    }
  });

  it("give the same answer from a week's stored rollup (marginals and detail) and the day after it", () => {
    const rollups = addDays("week", "20250303", days.slice(0, 7), [1, 2, 3, 4, 5, 6, 7]);
    for (const metric of KITCHEN_METRICS) {
      const { head, detail } = encodeRollup(rollups[metric]);
      const stored = decodeRollup(head, detail);
      for (const filters of FILTERS) {
        const merged = mergeTicketTimes({ days: days.slice(7), rollups: [stored] }, metric, filters, TARGETS);
        expect(comparable(merged), `${metric} ${JSON.stringify(filters)}`).toEqual(
          comparable(oracle(rawDays, DATES, filters)),
        );
      }
    }
  });

  it("restrict tickets to one item's records when the day is summarised for the item (the item filter)", () => {
    const item = rawDays[0]!.find(
      (r) => r.itemFulfillmentLevel === 0 && r.selectionMenuItemGuid,
    )!.selectionMenuItemGuid!;
    const only = rawDays.map((records) => records.filter((r) => r.selectionMenuItemGuid === item));
    const itemDays = DATES.map((d, i) => summariseDay(only[i]!, d, restaurant.timeZone));
    for (const filters of [{}, { level: 0 as const }, { station: stations[0] }]) {
      expect(
        comparable(mergeTicketTimes({ days: itemDays, rollups: [] }, "fire_to_fulfill", filters, TARGETS)),
      ).toEqual(comparable(oracle(only, DATES, filters)));
    }
  });

  it("time a hand-made ticket from its earliest fire to its last fulfillment, and exclude a level with an unfulfilled record", () => {
    const base = {
      restaurantGuid: "r",
      orderGuid: "o",
      ticketGuid: "t",
      diningOptionBehavior: "DINE_IN",
      orderSource: "In Store",
    };
    const records = [
      {
        ...base,
        itemFulfillmentLevel: 0,
        prepStationGuid: "grill",
        ticketFiredAt: "2025-03-03T17:00:10Z",
        itemFulfilledAt: "2025-03-03T17:08:00Z",
      },
      {
        ...base,
        itemFulfillmentLevel: 0,
        prepStationGuid: "fry",
        ticketFiredAt: "2025-03-03T17:00:00Z",
        itemFulfilledAt: "2025-03-03T17:12:30.600Z",
      },
      {
        ...base,
        itemFulfillmentLevel: 1,
        prepStationGuid: null,
        ticketFiredAt: "2025-03-03T17:00:00Z",
        itemFulfilledAt: "2025-03-03T17:13:00Z",
      },
      {
        ...base,
        itemFulfillmentLevel: 1,
        prepStationGuid: null,
        ticketFiredAt: "2025-03-03T17:00:00Z",
        itemFulfilledAt: null,
      },
    ] as unknown as ItemFulfillment[];
    const day = summariseDay(records, "20250303", "UTC");
    const t = mergeTicketTimes({ days: [day], rollups: [] }, "wait_to_start", {}, TARGETS);
    expect(t.tickets.map((x) => [x.level, x.stats.count, x.stats.excluded, x.stats.max])).toEqual([
      [0, 1, 0, 751],
      [1, 0, 1, null],
    ]);
    // At the grill alone the same ticket took 8 minutes from its (earliest) fire.
    expect(
      mergeTicketTimes({ days: [day], rollups: [] }, "fire_to_fulfill", { station: "grill" }, TARGETS)
        .tickets[0]!.stats.max,
    ).toBe(480);
    expect(t.ticketHours).toEqual([
      expect.objectContaining({ hour: 17, level: 0 }),
      expect.objectContaining({ hour: 17, level: 1 }),
    ]);
  });
});
