import { describe, expect, it } from "vitest";

import {
  SINCE_THE_BEGINNING,
  targetSchedule,
  type TargetVersion,
} from "@/lib/kitchen/contract/target-versions";
import type { KitchenLevel, RecordMetric } from "@/lib/kitchen/contract/vocabulary";
import { recordDurations } from "@/lib/kitchen/ingest/durations";
import { mergeDays, mergeRange, type DatedTargets } from "@/lib/kitchen/query/range-summary";
import { addDays } from "@/lib/kitchen/query/rollup";
import { mergeTicketTimes } from "@/lib/kitchen/query/ticket-times";
import type { ItemFulfillment } from "@/lib/platform/schemas";

import {
  HARBOR_DATES as DATES,
  harborRaw as raw,
  harborStationGuid as stationGuid,
  harborSummaries as summaries,
} from "../fixtures/harbor-days";

/**
 * Targets with effective dates (contract/target-versions.ts): a range spanning a change judges each
 * day by the targets in force on it. Checked against the raw records, each judged by a separately
 * written rule of which target was in force on its date; and the tickets against the sum of each
 * day merged alone with its own targets.
 */

const GRILL = stationGuid("Grill");

const CHANGE = "20250306";
let id = 0;
const v = (
  scope: TargetVersion["scope"],
  kind: TargetVersion["kind"],
  level: KitchenLevel,
  from: string,
  seconds: number | null,
  stationGuid: string | null = null,
): TargetVersion => ({ id: ++id, scope, kind, level, from, seconds, stationGuid });

const VERSIONS: TargetVersion[] = [
  v("group", "level", 1, SINCE_THE_BEGINNING, 650),
  v("own", "level", 0, SINCE_THE_BEGINNING, 600),
  // The change: level 0 tighter, the grill its own, tickets at level 0 tighter, the group's level 1 looser.
  v("own", "level", 0, CHANGE, 300),
  v("own", "station", 0, CHANGE, 200, GRILL),
  v("own", "ticket", 0, CHANGE, 400),
  v("group", "level", 1, CHANGE, 900),
];
const schedule = targetSchedule(VERSIONS);
const dated = (to: string): DatedTargets => ({ on: (d) => schedule.on(d).book, last: schedule.on(to).book });

/** The oracle's rule, written from the issue: before the change 600 / 650 / 840; from it 300 (grill 200) / 900 / 840. */
function oracleTarget(date: string, station: string | null, level: number): number {
  const after = date >= CHANGE;
  if (level === 0) return after ? (station === GRILL ? 200 : 300) : 600;
  if (level === 1) return after ? 900 : 650;
  return 840;
}

function tally(records: readonly { r: ItemFulfillment; date: string }[], metric: RecordMetric) {
  const out = new Map<string, { count: number; late: number; veryLate: number; over: number }>();
  for (const { r, date } of records) {
    const value = recordDurations(r)[metric];
    if (value === null) continue;
    const target = oracleTarget(date, r.prepStationGuid ?? null, r.itemFulfillmentLevel!);
    for (const k of [
      `level:${r.itemFulfillmentLevel}`,
      `station:${r.prepStationGuid ?? null}:${r.itemFulfillmentLevel}`,
      `day:${date}:${r.itemFulfillmentLevel}`,
      `item:${r.selectionMenuItemGuid ?? null}:${r.prepStationGuid ?? null}:${r.itemFulfillmentLevel}`,
    ]) {
      const t = out.get(k) ?? { count: 0, late: 0, veryLate: 0, over: 0 };
      t.count++;
      if (value > target) {
        t.late++;
        t.over += value - target;
      }
      if (value > 1.5 * target) t.veryLate++;
      out.set(k, t);
    }
  }
  return out;
}

describe("targets with effective dates", () => {
  it("resolve each level's target and its source per date: own, else group, else default", () => {
    const before = schedule.on("20250305");
    const after = schedule.on(CHANGE);
    expect([before.levels[0], before.levels[1], before.levels[2]]).toEqual([
      { seconds: 600, source: "own", effectiveFrom: SINCE_THE_BEGINNING },
      { seconds: 650, source: "group", effectiveFrom: SINCE_THE_BEGINNING },
      { seconds: 840, source: "default", effectiveFrom: null },
    ]);
    expect(after.levels[0]).toEqual({ seconds: 300, source: "own", effectiveFrom: CHANGE });
    expect(after.stations).toEqual([{ stationGuid: GRILL, level: 0, seconds: 200, effectiveFrom: CHANGE }]);
    expect(after.tickets[0]).toBe(400);
    // An own target removed from a date: the group's applies again from then.
    const removed = targetSchedule([...VERSIONS, v("own", "level", 0, "20250320", null)]);
    expect(removed.on("20250320").levels[0]).toEqual({
      seconds: 600,
      source: "default",
      effectiveFrom: null,
    });
    expect(removed.on("20250320").levels[1]).toEqual({
      seconds: 900,
      source: "group",
      effectiveFrom: CHANGE,
    });
  });

  it("change a range's fingerprint only when the targets of one of its dates change", () => {
    const later = targetSchedule([...VERSIONS, v("own", "level", 2, "20250401", 100)]);
    expect(later.fingerprint("20250302", "20250311")).toBe(schedule.fingerprint("20250302", "20250311"));
    expect(later.fingerprint("20250302", "20250401")).not.toBe(schedule.fingerprint("20250302", "20250401"));
    expect(schedule.breaksWithin("20250302", "20250311")).toEqual([CHANGE]);
    expect(schedule.breaksWithin(CHANGE, "20250311")).toEqual([]);
    // A version setting what is already in force is no break; the same value from another source is one
    // (the Overview says whose target it is).
    const same = targetSchedule([...VERSIONS, v("own", "level", 0, "20250308", 300)]);
    expect(same.breaksWithin("20250307", "20250311")).toEqual([]);
    const owned = targetSchedule([...VERSIONS, v("own", "level", 2, "20250308", 840)]);
    expect(owned.breaksWithin("20250307", "20250311")).toEqual(["20250308"]);
  });

  for (const metric of ["fire_to_fulfill", "start_to_fulfill"] as const) {
    it(`judge each day of a range spanning a change by its own targets (${metric})`, () => {
      const merged = mergeDays(summaries, metric, {}, dated("20250311"));
      const oracle = tally(
        DATES.flatMap((date) => raw.get(date)!.map((r) => ({ r, date }))),
        metric,
      );
      for (const share of merged.withinTarget) {
        const t = oracle.get(`level:${share.level}`)!;
        expect([share.level, share.count, share.late, share.veryLate, share.within]).toEqual([
          share.level,
          t.count,
          t.late,
          t.veryLate,
          t.count - t.late,
        ]);
        // The target reported is the last date's.
        expect(share.targetSeconds).toBe(oracleTarget("20250311", null, share.level));
      }
      for (const row of merged.stations) {
        const t = oracle.get(`station:${row.stationGuid}:${row.level}`)!;
        expect([row.stationGuid, row.level, row.late, row.veryLate]).toEqual([
          row.stationGuid,
          row.level,
          t.late,
          t.veryLate,
        ]);
      }
      for (const row of merged.days) {
        const t = oracle.get(`day:${row.businessDate}:${row.level}`);
        expect([row.businessDate, row.level, row.late, row.veryLate]).toEqual([
          row.businessDate,
          row.level,
          t?.late ?? 0,
          t?.veryLate ?? 0,
        ]);
      }
      const withValues = merged.itemStations.filter((row) => row.stats.count > 0);
      expect(withValues.length).toBeGreaterThan(0);
      for (const row of withValues) {
        const t = oracle.get(`item:${row.itemGuid}:${row.stationGuid}:${row.level}`)!;
        expect([row.itemGuid, row.late, row.veryLate, row.secondsOverTarget]).toEqual([
          row.itemGuid,
          t.late,
          t.veryLate,
          t.over,
        ]);
      }
      // Every earlier day is as it was judged before the change: its day rows equal a merge under the old targets.
      const beforeOnly = mergeDays(
        summaries.filter((s) => s.businessDate < CHANGE),
        metric,
        {},
        schedule.on("20250305").book,
      );
      expect(merged.days.filter((d) => d.businessDate < CHANGE)).toEqual(beforeOnly.days);
    }, 60_000);
  }

  it("merge rollups that lie on one side of a change as their days, and refuse one across it", () => {
    const week = addDays("week", "20250303", summaries.slice(1, 8), [1, 2, 3, 4, 5, 6, 7]);
    const edges = [summaries[0]!, ...summaries.slice(8)];
    expect(() =>
      mergeRange({ days: edges, rollups: [week.fire_to_fulfill] }, "fire_to_fulfill", {}, dated("20250311")),
    ).toThrow(/spans a change of targets/);
    // A change after the week: the week's rollup is read whole and the answer is the days'.
    const afterWeek = targetSchedule(
      VERSIONS.map((x) => (x.from === CHANGE ? { ...x, from: "20250310" } : x)),
    );
    const datedAfter: DatedTargets = { on: (d) => afterWeek.on(d).book, last: afterWeek.on("20250311").book };
    expect(
      mergeRange({ days: edges, rollups: [week.fire_to_fulfill] }, "fire_to_fulfill", {}, datedAfter),
    ).toEqual(mergeDays(summaries, "fire_to_fulfill", {}, datedAfter));
  }, 60_000);

  it("judge each day's tickets by the ticket targets in force on it", () => {
    const parts = { days: summaries, rollups: [] };
    const merged = mergeTicketTimes(
      parts,
      "fire_to_fulfill",
      {},
      {
        on: (d) => schedule.on(d).tickets,
        last: schedule.on("20250311").tickets,
      },
    );
    const perDay = summaries.map((day) =>
      mergeTicketTimes(
        { days: [day], rollups: [] },
        "fire_to_fulfill",
        {},
        schedule.on(day.businessDate).tickets,
      ),
    );
    for (const t of merged.tickets) {
      const sum = (f: "late" | "veryLate" | "count") =>
        perDay.reduce((n, d) => n + (d.tickets.find((x) => x.level === t.level)?.withinTarget[f] ?? 0), 0);
      expect([t.level, t.withinTarget.late, t.withinTarget.veryLate, t.withinTarget.count]).toEqual([
        t.level,
        sum("late"),
        sum("veryLate"),
        sum("count"),
      ]);
      expect(t.withinTarget.targetSeconds).toBe(schedule.on("20250311").tickets[t.level]);
    }
    // The change moved level 0's late count: judged by the old target throughout it would differ.
    const old = mergeTicketTimes(parts, "fire_to_fulfill", {}, schedule.on("20250305").tickets);
    expect(merged.tickets[0]!.withinTarget.late).not.toBe(old.tickets[0]!.withinTarget.late);
  }, 60_000);
});
