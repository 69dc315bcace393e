import { describe, expect, it } from "vitest";

import { targetsOfMetric } from "@/lib/kitchen/contract/metric-targets";
import { targetSchedule } from "@/lib/kitchen/contract/target-versions";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { parseInstant } from "@/lib/kitchen/ingest/durations";
import { NOT_COUNTED, writePassAndSpread } from "@/lib/kitchen/ingest/pass-and-spread";
import { buildTicketFacts, decodeTicketFacts, encodeTicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import { mergeDays } from "@/lib/kitchen/query/range-summary";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * pass_wait and ticket_spread (lib/kitchen/ingest/pass-and-spread.ts): the definitions on hand-made
 * records, edge by edge, then through a day's cubes, the stored form and the ticket facts.
 */

const T0 = Date.UTC(2025, 2, 7, 18, 0, 0);
const at = (seconds: number | null) =>
  seconds === null ? null : new Date(T0 + seconds * 1000).toISOString();

function rec(
  level: number,
  fulfilled: number | null,
  o: { sel?: string | null; ticket?: string | null; station?: string | null; fired?: number } = {},
): ItemFulfillment {
  return {
    restaurantGuid: "r-1",
    orderGuid: "o-1",
    selectionGuid: o.sel === undefined ? "s-1" : o.sel,
    selectionMenuItemGuid: "item-1",
    selectionMenuItemName: "Burger",
    ticketGuid: o.ticket === undefined ? "t-1" : o.ticket,
    ticketFiredAt: at(o.fired ?? 0),
    itemStartedAt: at(o.fired ?? 0),
    itemFulfilledAt: at(fulfilled),
    itemFulfillmentLevel: level,
    prepStationGuid: o.station === undefined ? "grill" : o.station,
    prepStationName: o.station === undefined ? "Grill" : o.station,
    diningOptionBehavior: "DINE_IN",
    orderSource: "In Store",
  } as ItemFulfillment;
}

function values(records: readonly ItemFulfillment[]) {
  const fulfilled = Float64Array.from(records, (r) => parseInstant(r.itemFulfilledAt) ?? Number.NaN);
  const out = { pass_wait: [] as number[], ticket_spread: [] as number[] };
  const levelOf = (i: number) => {
    const l = records[i]!.itemFulfillmentLevel;
    return l === 0 || l === 1 || l === 2 ? l : null;
  };
  writePassAndSpread(records, levelOf, fulfilled, out);
  return out;
}

describe("pass_wait", () => {
  it("is the expediter's fulfilment minus the latest of the level below, half up", () => {
    const records = [
      rec(0, 100, { station: "grill" }),
      rec(0, 160, { station: "fry" }),
      rec(1, 220.5),
      rec(2, 221.499),
    ];
    // 220.5 − 160 = 60.5 s -> 61; 221.499 − 220.5 = 0.999 s -> 1.
    expect(values(records).pass_wait).toEqual([-1, -1, 61, 1]);
  });

  it("is excluded at level 0, without a selection, an own or a below fulfilment, and when negative", () => {
    const records = [
      rec(0, 100, { sel: "a" }),
      rec(1, 90, { sel: "a" }), // before the station: a backwards clock
      rec(0, null, { sel: "b" }),
      rec(1, 200, { sel: "b" }), // the level below never fulfilled
      rec(1, 200, { sel: "c" }), // no record below at all
      rec(0, 100, { sel: null }),
      rec(1, 200, { sel: null }), // no selection: nothing to match
      rec(0, 100, { sel: "d" }),
      rec(1, null, { sel: "d" }), // never fulfilled at the expediter
      rec(2, 300, { sel: "a" }), // level 2 reads level 1 only, whose record is at 90
      rec(7, 300, { sel: "a" }), // not a kitchen level
    ];
    expect(values(records).pass_wait).toEqual([-1, -1, -1, -1, -1, -1, -1, -1, -1, 210, -1]);
  });

  it("matches within the selection only, and level 2 ignores level 0", () => {
    const records = [
      rec(0, 500, { sel: "other" }),
      rec(0, 100, { sel: "s" }),
      rec(1, 130, { sel: "s" }),
      rec(2, 400, { sel: "other" }), // no level-1 record of "other": excluded, level 0 is not its level below
    ];
    expect(values(records).pass_wait).toEqual([-1, -1, 30, -1]);
  });
});

describe("ticket_spread", () => {
  it("is the last station's finish minus the first's, on the ticket's last-fulfilled record only", () => {
    const records = [
      rec(0, 100, { station: "grill" }),
      rec(0, 220, { station: "grill" }), // grill finishes at 220, its last record
      rec(0, 400.5, { station: "fry" }),
      rec(0, 300, { station: null }), // the "no station" station
      rec(1, 500),
    ];
    // 400.5 − 220 = 180.5 -> 181, on fry's record; the others take no part.
    expect(values(records).ticket_spread).toEqual([NOT_COUNTED, NOT_COUNTED, 181, NOT_COUNTED, NOT_COUNTED]);
  });

  it("excludes a ticket with fewer than two finished stations, on one record", () => {
    const records = [
      rec(0, 100, { ticket: "one", station: "grill" }),
      rec(0, 150, { ticket: "one", station: "grill" }),
      rec(0, 100, { ticket: "half", station: "grill" }),
      rec(0, null, { ticket: "half", station: "fry" }), // fry never finished: takes no part
      rec(0, null, { ticket: "none", station: "grill" }),
      rec(0, null, { ticket: "none", station: "fry" }),
      rec(0, 100, { ticket: null, station: "grill" }), // no ticket GUID: a ticket of its own
      rec(0, 300, { ticket: null, station: "fry" }),
    ];
    expect(values(records).ticket_spread).toEqual([
      NOT_COUNTED,
      -1,
      -1,
      NOT_COUNTED,
      -1,
      NOT_COUNTED,
      -1,
      -1,
    ]);
  });

  it("puts a tie on the first record fulfilled last, and is 0 when stations finish together", () => {
    const records = [rec(0, 200, { station: "grill" }), rec(0, 200, { station: "fry" })];
    expect(values(records).ticket_spread).toEqual([0, NOT_COUNTED]);
  });
});

describe("the two metrics in a day's cubes", () => {
  // Two tickets at level 0 (one of two stations, one of one), their expediter records at level 1.
  const day = [
    rec(0, 100, { ticket: "t1", sel: "a", station: "grill" }),
    rec(0, 340, { ticket: "t1", sel: "b", station: "fry" }),
    rec(1, 400, { ticket: "t1", sel: "a" }),
    rec(1, 460, { ticket: "t1", sel: "b" }),
    rec(0, 50, { ticket: "t2", sel: "c", station: "grill" }),
    rec(1, 290, { ticket: "t2", sel: "c" }),
  ];
  const summary = summariseDay(day, "20250307", "America/Chicago");
  const TARGETS = { 0: 600, 1: 720, 2: 840 } as const;

  it("count per ticket (spread) and per expediter record (pass wait), with their exclusions", () => {
    const spread = mergeDays([summary], "ticket_spread", {}, TARGETS);
    const l0 = spread.levels.find((l) => l.level === 0)!.stats;
    expect([l0.count, l0.excluded, l0.max]).toEqual([1, 1, 240]);
    // Levels 1 and 2 take no part in the spread: present, with nothing counted.
    expect(spread.levels.find((l) => l.level === 1)!.stats).toMatchObject({ count: 0, excluded: 0 });
    // The ticket is filed under the station that finished last.
    expect(spread.stations.filter((s) => s.stats.count > 0).map((s) => s.stationGuid)).toEqual(["fry"]);

    const pass = mergeDays([summary], "pass_wait", {}, TARGETS);
    expect(pass.levels.find((l) => l.level === 0)!.stats).toMatchObject({ count: 0, excluded: 3 });
    const l1 = pass.levels.find((l) => l.level === 1)!.stats;
    // 400 − 100, 460 − 340, 290 − 50.
    expect([l1.count, l1.p50, l1.max]).toEqual([3, 240, 300]);
  });

  it("are judged by their own targets, not the dated item targets", () => {
    const pass = mergeDays(
      [summary],
      "pass_wait",
      {},
      targetsOfMetric("pass_wait", { on: () => inForce, last: inForce }),
    );
    // Target 120 s: 300 and 240 late, 120 within.
    expect(pass.withinTarget.find((w) => w.level === 1)).toMatchObject({
      targetSeconds: 120,
      late: 2,
      within: 1,
    });
    const same = targetsOfMetric("fire_to_fulfill", { on: () => inForce, last: inForce });
    expect(same.last).toBe(inForce.book);
  });

  it("are judged by the restaurant's own dated targets from the date they start", () => {
    const own = (kind: "pass_wait" | "ticket_spread", from: string, seconds: number, id: number) => ({
      id,
      scope: "own" as const,
      kind,
      stationGuid: null,
      level: 1 as const,
      from,
      seconds,
    });
    const schedule = targetSchedule([
      own("pass_wait", "20250307", 250, 1),
      own("ticket_spread", "20250308", 60, 2),
    ]);
    const dated = { on: (d: string) => schedule.on(d), last: schedule.on("20250307") };
    const pass = mergeDays([summary], "pass_wait", {}, targetsOfMetric("pass_wait", dated));
    // Target 250 s at level 1 from 20250307: only 300 late.
    expect(pass.withinTarget.find((w) => w.level === 1)).toMatchObject({
      targetSeconds: 250,
      late: 1,
      within: 2,
    });
    // The day before keeps the default; the other levels and the spread (until 20250308) too.
    expect(targetsOfMetric("pass_wait", dated).on("20250306").levels[1]).toBe(120);
    expect(targetsOfMetric("pass_wait", dated).on("20250307").levels[0]).toBe(120);
    expect(targetsOfMetric("ticket_spread", dated).on("20250307").levels[1]).toBe(180);
    expect(targetsOfMetric("ticket_spread", dated).on("20250308").levels[1]).toBe(60);
    // A change of a metric's own target is a break in the range (rollups are not read across it).
    expect(schedule.breaksWithin("20250301", "20250310")).toEqual(["20250307", "20250308"]);
  });
  const inForce = targetSchedule([]).on("20250307");

  it("survive the stored form and reach the ticket drill-down's facts", () => {
    const round = decodeDaySummary(encodeDaySummary(summary));
    expect(round.cubes.pass_wait).toEqual(summary.cubes.pass_wait);
    expect(round.cubes.ticket_spread).toEqual(summary.cubes.ticket_spread);
    const facts = decodeTicketFacts(encodeTicketFacts(buildTicketFacts(day, "20250307")));
    expect(Array.from(facts.values.pass_wait)).toEqual([-1, -1, 300, 120, -1, 240]);
    // In the facts a record with no part ranks as one without a value.
    expect(Array.from(facts.values.ticket_spread)).toEqual([-1, 240, -1, -1, -1, -1]);
  });

  it("leave a stuck record out as if it had never been recorded", () => {
    // Fry's record bumped five hours after fire: with stuck items left out, t1 has one station.
    const withStuck = [
      ...day.slice(0, 1),
      rec(0, 5 * 3600, { ticket: "t1", sel: "b", station: "fry" }),
      ...day.slice(2),
    ];
    const leftOut = summariseDay(withStuck, "20250307", "America/Chicago", undefined, {
      stuckSeconds: 4 * 3600,
    });
    const without = summariseDay(
      withStuck.filter((_, i) => i !== 1),
      "20250307",
      "America/Chicago",
    );
    for (const metric of ["pass_wait", "ticket_spread"] as const) {
      const a = mergeDays([leftOut], metric, {}, TARGETS).levels.map((l) => [l.level, l.stats]);
      const b = mergeDays([without], metric, {}, TARGETS).levels.map((l) => [l.level, l.stats]);
      expect(a, metric).toEqual(b);
    }
  });
});
