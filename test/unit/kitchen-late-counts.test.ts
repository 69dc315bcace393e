import { describe, expect, it } from "vitest";

import type { TargetBook } from "@/lib/kitchen/contract/targets";
import { NONE_FILTER, type KitchenLevel, type RecordMetric } from "@/lib/kitchen/contract/vocabulary";
import { recordDurations } from "@/lib/kitchen/ingest/durations";
import {
  mergeDays,
  mergeRange,
  type MergedSummary,
  type SummaryFilters,
} from "@/lib/kitchen/query/range-summary";
import { addDays } from "@/lib/kitchen/query/rollup";
import { decodeRollup, encodeRollup } from "@/lib/kitchen/storage/rollup-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";

import {
  HARBOR_DATES as DATES,
  harborRaw as raw,
  harborStationGuid as stationGuid,
  harborSummaries as summaries,
} from "../fixtures/harbor-days";

/**
 * Late counts, on-time shares and the item × station ranking against a separately written
 * computation from the raw records: with per-station targets set for some stations only, at
 * every level (prep stations at 0, the expediters at 1 and 2), merged from days, from a week's
 * rollup with its detail, and from the rollup's head alone (the marginals path).
 */

const GRILL = stationGuid("Grill");
const PIZZA = stationGuid("Pizza");
const EXPO = stationGuid("Expo");
const EXPO2 = stationGuid("Expo 2");

// Some stations only, at every level; Fry, Sauté, Bar, Garde Manger and the rows without a station follow their level.
const BOOK: TargetBook = {
  levels: { 0: 600, 1: 700, 2: 840 },
  stations: [
    { stationGuid: GRILL, level: 0, seconds: 300 },
    { stationGuid: PIZZA, level: 0, seconds: 900 },
    { stationGuid: EXPO, level: 1, seconds: 500 },
    { stationGuid: EXPO2, level: 2, seconds: 1000 },
    { stationGuid: "not-a-station-here", level: 0, seconds: 1 },
  ],
};

/** The oracle's own target rule, written from the issue: the station's own at the level, else the level's. */
function oracleTarget(station: string | null, level: number): number {
  const own =
    station === null ? undefined : BOOK.stations.find((s) => s.stationGuid === station && s.level === level);
  return own ? own.seconds : BOOK.levels[level as KitchenLevel];
}

const stationOf = (r: ItemFulfillment) => r.prepStationGuid ?? null;
const keep = (wanted: string | undefined, value: string | null | undefined) =>
  wanted === undefined || (wanted === NONE_FILTER ? (value ?? null) === null : value === wanted);

/** Records the figures count: the filters, and the outlier cut (a record without a value is not over it). */
function kept(
  records: readonly ItemFulfillment[],
  f: SummaryFilters,
  metric: RecordMetric,
): ItemFulfillment[] {
  return records.filter((r) => {
    const v = recordDurations(r)[metric];
    return (
      (f.level === undefined || r.itemFulfillmentLevel === f.level) &&
      keep(f.station, r.prepStationGuid) &&
      keep(f.behavior, r.diningOptionBehavior) &&
      keep(f.source, r.orderSource) &&
      !(f.maxSeconds !== undefined && v !== null && v > f.maxSeconds)
    );
  });
}

interface Tally {
  count: number;
  within: number;
  late: number;
  veryLate: number;
  over: number;
  values: number[];
}

function tally(
  records: readonly ItemFulfillment[],
  metric: RecordMetric,
  key: (r: ItemFulfillment) => string,
): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const r of records) {
    const v = recordDurations(r)[metric];
    if (v === null) continue;
    const k = key(r);
    const t = out.get(k) ?? { count: 0, within: 0, late: 0, veryLate: 0, over: 0, values: [] };
    const target = oracleTarget(stationOf(r), r.itemFulfillmentLevel!);
    t.count++;
    t.values.push(v);
    if (v <= target) t.within++;
    else {
      t.late++;
      t.over += v - target;
    }
    if (v > 1.5 * target) t.veryLate++;
    out.set(k, t);
  }
  return out;
}

function checkAgainstOracle(merged: MergedSummary, metric: RecordMetric, f: SummaryFilters) {
  const records = DATES.flatMap((d) => kept(raw.get(d)!, f, metric));

  const byStation = tally(records, metric, (r) => JSON.stringify([stationOf(r), r.itemFulfillmentLevel]));
  expect(merged.stations.length).toBe(byStation.size);
  for (const row of merged.stations) {
    const t = byStation.get(JSON.stringify([row.stationGuid, row.level]))!;
    expect({ target: row.targetSeconds, late: row.late, veryLate: row.veryLate }).toEqual({
      target: oracleTarget(row.stationGuid, row.level),
      late: t.late,
      veryLate: t.veryLate,
    });
  }

  const byLevel = tally(records, metric, (r) => String(r.itemFulfillmentLevel));
  for (const share of merged.withinTarget) {
    const t = byLevel.get(String(share.level)) ?? { count: 0, within: 0, late: 0, veryLate: 0 };
    expect({
      count: share.count,
      within: share.within,
      late: share.late,
      veryLate: share.veryLate,
      target: share.targetSeconds,
    }).toEqual({
      count: t.count,
      within: t.within,
      late: t.late,
      veryLate: t.veryLate,
      target: BOOK.levels[share.level],
    });
  }

  const byDay = new Map(
    DATES.map((d) => [d, tally(kept(raw.get(d)!, f, metric), metric, (r) => String(r.itemFulfillmentLevel))]),
  );
  expect(merged.days.length).toBeGreaterThan(0);
  for (const row of merged.days) {
    const t = byDay.get(row.businessDate)!.get(String(row.level));
    expect([row.businessDate, row.level, row.late, row.veryLate]).toEqual([
      row.businessDate,
      row.level,
      t?.late ?? 0,
      t?.veryLate ?? 0,
    ]);
  }

  // Item × station rows: every picked item (the items table's) at every station and level it has.
  const picked = new Set(merged.items.map((i) => i.itemGuid));
  const byItemStation = tally(
    records.filter((r) => picked.has(r.selectionMenuItemGuid ?? null)),
    metric,
    (r) => JSON.stringify([r.selectionMenuItemGuid ?? null, stationOf(r), r.itemFulfillmentLevel]),
  );
  const withValues = merged.itemStations.filter((row) => row.stats.count > 0);
  expect(withValues.length).toBe(byItemStation.size);
  for (const row of withValues) {
    const t = byItemStation.get(JSON.stringify([row.itemGuid, row.stationGuid, row.level]))!;
    const sorted = [...t.values].sort((a, b) => a - b);
    expect({
      count: row.stats.count,
      p90: row.stats.p90,
      late: row.late,
      veryLate: row.veryLate,
      over: row.secondsOverTarget,
      target: row.targetSeconds,
    }).toEqual({
      count: t.count,
      p90: sorted[Math.ceil(0.9 * sorted.length) - 1],
      late: t.late,
      veryLate: t.veryLate,
      over: t.over,
      target: oracleTarget(row.stationGuid, row.level),
    });
  }
  // Ranked by records × time over target within each level.
  for (let i = 1; i < merged.itemStations.length; i++) {
    const [a, b] = [merged.itemStations[i - 1]!, merged.itemStations[i]!];
    if (a.level === b.level) expect(a.secondsOverTarget).toBeGreaterThanOrEqual(b.secondsOverTarget);
    else expect(a.level).toBeLessThan(b.level);
  }
}

const week = addDays("week", "20250303", summaries.slice(1, 8), [1, 2, 3, 4, 5, 6, 7]);

const CASES: { metric: RecordMetric; filters: SummaryFilters }[] = [
  { metric: "fire_to_fulfill", filters: {} },
  { metric: "fire_to_fulfill", filters: { level: 0 } },
  { metric: "fire_to_fulfill", filters: { level: 2 } },
  { metric: "fire_to_fulfill", filters: { station: "(grill)" } },
  { metric: "fire_to_fulfill", filters: { station: NONE_FILTER } },
  { metric: "start_to_fulfill", filters: { behavior: "DINE_IN" } },
  { metric: "fire_to_fulfill", filters: { maxSeconds: 1200 } },
  { metric: "wait_to_start", filters: {} },
];

describe("late counts and per-station targets", () => {
  for (const { metric, filters: given } of CASES) {
    const filters = given.station === "(grill)" ? { ...given, station: GRILL } : given;
    it(`equal the raw records' counts with some stations' own targets: ${metric} ${JSON.stringify(given)}`, () => {
      const fromDays = mergeDays(summaries, metric, filters, BOOK);
      checkAgainstOracle(fromDays, metric, filters);
      const { head, detail } = encodeRollup(week[metric]);
      const edges = [summaries[0]!, ...summaries.slice(8)];
      // Through the stored encoding, with the detail, and (for level filters at most) the head alone.
      expect(
        mergeRange({ days: edges, rollups: [decodeRollup(head, detail)] }, metric, filters, BOOK),
      ).toEqual(fromDays);
      if (
        filters.maxSeconds === undefined &&
        filters.station === undefined &&
        (filters as SummaryFilters).behavior === undefined
      ) {
        expect(
          mergeRange({ days: edges, rollups: [decodeRollup(head, null)] }, metric, filters, BOOK),
        ).toEqual(fromDays);
      }
      // Ten days of a busy restaurant and the oracle's own passes: seconds alone, far more beside the other suites.
    }, 60_000);
  }

  it("hold a station with its own target to it, and only that station", () => {
    const merged = mergeDays(summaries, "fire_to_fulfill", { level: 0 }, BOOK);
    const grill = merged.stations.find((s) => s.stationGuid === GRILL && s.level === 0)!;
    const plain = mergeDays(summaries, "fire_to_fulfill", { level: 0 }, BOOK.levels).stations.find(
      (s) => s.stationGuid === GRILL,
    )!;
    expect(grill.targetSeconds).toBe(300);
    expect(plain.targetSeconds).toBe(600);
    expect(grill.late).toBeGreaterThan(plain.late);
    const fry = merged.stations.find((s) => s.stationName === "Fry")!;
    expect(fry.targetSeconds).toBe(600);
    expect(fry.late).toBe(
      mergeDays(summaries, "fire_to_fulfill", { level: 0 }, BOOK.levels).stations.find(
        (s) => s.stationName === "Fry",
      )!.late,
    );
  }, 60_000);
});
