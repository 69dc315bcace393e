import { describe, expect, it } from "vitest";

import { type Stats } from "@/lib/kitchen/contract/responses";
import { NONE_FILTER, RECORD_METRICS, type RecordMetric } from "@/lib/kitchen/contract/vocabulary";
import { summariseDay, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { recordDurations } from "@/lib/kitchen/ingest/durations";
import { localHourResolver } from "@/lib/kitchen/ingest/local-hour";
import {
  buildTicketFacts,
  decodeTicketFacts,
  encodeTicketFacts,
  slowestTickets,
} from "@/lib/kitchen/ingest/ticket-facts";
import { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { mergeDays, mergeStationLevels, type SummaryFilters } from "@/lib/kitchen/query/range-summary";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { seededRandom } from "@/lib/sandbox/options";

/**
 * The merged summaries against the definition applied directly to raw records: for random days
 * (with missing timestamps, negative durations, records without a station, durations beyond the
 * dense span) and random filters, every breakdown must equal nearest rank over the raw values.
 */

// The sandbox's seeded generator: the same "random" ranges on every run.
const rng = (seed: number) => seededRandom(String(seed));

const TZ = "America/Chicago";
const STATIONS = [
  { guid: "st-grill", name: "Grill" },
  { guid: "st-fry", name: "Fryer" },
  { guid: "st-cold", name: "=Cold (line)" },
];
const BEHAVIORS = ["DINE_IN", "TAKE_OUT", "DELIVERY", null];
const SOURCES = ["In Store", "Online", "Kiosk", null];
const ITEMS = Array.from({ length: 30 }, (_, i) => ({ guid: `item-${i}`, name: `Item ${i}` }));
const COURSES = [null, { guid: "c1", name: "Starter" }, { guid: "c2", name: "Main" }];

function makeDay(date: string, seed: number, tickets: number): ItemFulfillment[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const base = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)), 15);
  const out: ItemFulfillment[] = [];
  for (let t = 0; t < tickets; t++) {
    const fired = base + Math.floor(r() * 11 * 3_600_000);
    const behavior = pick(BEHAVIORS);
    const source = pick(SOURCES);
    for (let k = 0; k < 1 + Math.floor(r() * 3); k++) {
      const item = pick(ITEMS);
      const station = r() < 0.1 ? null : pick(STATIONS);
      const course = pick(COURSES);
      const started = fired + Math.floor(r() * 90_000);
      // Mostly minutes; now and then hours (beyond the dense span) or a clock that ran backwards.
      const cook =
        r() < 0.02
          ? 9_000_000 + Math.floor(r() * 3_000_000)
          : r() < 0.02
            ? -Math.floor(r() * 5_000)
            : Math.floor(r() * 900_000);
      for (const level of [0, 1, 2] as const) {
        const fulfilled = started + cook + level * Math.floor(r() * 60_000);
        out.push({
          restaurantGuid: "r-1",
          orderGuid: `o-${date}-${t}`,
          selectionGuid: `s-${date}-${t}-${k}`,
          selectionMenuItemGuid: item.guid,
          selectionMenuItemName: item.name,
          ticketGuid: `t-${date}-${t}`,
          ticketFiredAt: r() < 0.02 ? null : new Date(fired).toISOString(),
          itemStartedAt: r() < 0.03 ? null : new Date(started).toISOString(),
          itemFulfilledAt: r() < 0.02 ? null : new Date(fulfilled).toISOString(),
          itemFulfillmentLevel: level,
          prepStationGuid: level === 0 ? (station?.guid ?? null) : null,
          prepStationName: level === 0 ? (station?.name ?? null) : null,
          diningOptionBehavior: behavior,
          orderSource: source,
          courseGuid: course?.guid ?? null,
          courseName: course?.name ?? null,
        });
      }
    }
  }
  return out;
}

/** The definition, independently: the smallest d with at least p% of the values ≤ d. */
function definitionPercentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = sorted.findIndex((_, i) => (i + 1) * 100 >= p * sorted.length);
  return sorted[at]!;
}

function expectedStats(records: readonly ItemFulfillment[], metric: RecordMetric): Stats {
  const all = records.map((rec) => recordDurations(rec)[metric]);
  const values = all.filter((v): v is number => v !== null);
  const excluded = all.length - values.length;
  if (values.length === 0)
    return { count: 0, excluded, mean: null, p50: null, p75: null, p90: null, p95: null, max: null };
  const sum = values.reduce((a, b) => a + b, 0);
  return {
    count: values.length,
    excluded,
    // Half up to one decimal, computed here with BigInt-free integer arithmetic on small sums.
    mean: Math.floor((sum * 20 + values.length) / (values.length * 2)) / 10,
    p50: definitionPercentile(values, 50),
    p75: definitionPercentile(values, 75),
    p90: definitionPercentile(values, 90),
    p95: definitionPercentile(values, 95),
    max: Math.max(...values),
  };
}

function groupBy<K>(
  records: readonly ItemFulfillment[],
  key: (r: ItemFulfillment) => K,
): Map<string, ItemFulfillment[]> {
  const out = new Map<string, ItemFulfillment[]>();
  for (const r of records) {
    const k = JSON.stringify(key(r));
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}

const matchesFilter = (value: string | null | undefined, wanted: string | undefined) =>
  wanted === undefined || (wanted === NONE_FILTER ? (value ?? null) === null : value === wanted);

/** The filters; with an outlier cut, the records whose `metric` is over it are gone (a record without a value stays). */
function applyFilters(records: readonly ItemFulfillment[], f: SummaryFilters, metric?: RecordMetric) {
  return records.filter(
    (r) =>
      (f.level === undefined || r.itemFulfillmentLevel === f.level) &&
      matchesFilter(r.prepStationGuid, f.station) &&
      matchesFilter(r.diningOptionBehavior, f.behavior) &&
      matchesFilter(r.orderSource, f.source) &&
      (f.maxSeconds === undefined || !(recordDurations(r)[metric!]! > f.maxSeconds)),
  );
}

const DATES = ["20250307", "20250308", "20250309", "20250310"]; // a daylight-saving change inside
const rawDays = DATES.map((d, i) => makeDay(d, 1000 + i, 120));
const summaries: DaySummary[] = DATES.map((d, i) => summariseDay(rawDays[i]!, d, TZ));
const allRecords = rawDays.flat();
const hourOf = localHourResolver(TZ);
const anchorHour = (r: ItemFulfillment) => {
  const t = r.ticketFiredAt ?? r.itemStartedAt ?? r.itemFulfilledAt;
  return t ? hourOf(Date.parse(t)) : null;
};

const FILTER_CASES: SummaryFilters[] = [
  {},
  { level: 0 },
  { station: "st-fry" },
  { station: NONE_FILTER, level: 1 },
  { behavior: "TAKE_OUT", source: "Online" },
  { behavior: NONE_FILTER },
  { level: 2, source: "Kiosk", station: NONE_FILTER },
  { station: "no-such-station" },
  { maxSeconds: 600 },
  { maxSeconds: 3600, level: 0, behavior: "DINE_IN" },
  { maxSeconds: 60, station: "st-grill", source: "Online" },
];

describe("merging day summaries", () => {
  for (const metric of RECORD_METRICS) {
    for (const filters of FILTER_CASES) {
      it(`equals nearest rank over the raw records: ${metric} ${JSON.stringify(filters)}`, () => {
        const merged = mergeDays(summaries, metric, filters, { 0: 300, 1: 400, 2: 500 });
        const records = applyFilters(allRecords, filters, metric);
        if (filters.maxSeconds === undefined) expect(merged.outliers).toBeNull();
        else {
          const before = applyFilters(allRecords, { ...filters, maxSeconds: undefined });
          expect(merged.outliers).toEqual({
            maxMinutes: filters.maxSeconds / 60,
            removed: before.length - records.length,
          });
          // Fire to fulfill has hours-long records in these days: the cut has something to remove.
          if (metric === "fire_to_fulfill") expect(merged.outliers!.removed).toBeGreaterThan(0);
        }

        const byLevel = groupBy(records, (r) => r.itemFulfillmentLevel);
        expect(merged.levels.map((l) => [l.level, l.stats])).toEqual(
          [0, 1, 2]
            .filter((l) => filters.level === undefined || filters.level === l)
            .map((l) => [l, expectedStats(byLevel.get(String(l)) ?? [], metric)]),
        );

        const byStation = groupBy(records, (r) => [r.prepStationGuid ?? null, r.itemFulfillmentLevel]);
        expect(merged.stations.length).toBe(byStation.size);
        for (const row of merged.stations) {
          expect(row.stats, `${row.stationGuid} ${row.level}`).toEqual(
            expectedStats(byStation.get(JSON.stringify([row.stationGuid, row.level]))!, metric),
          );
        }

        const byHour = groupBy(
          records.filter((r) => anchorHour(r) !== null),
          (r) => [anchorHour(r), r.itemFulfillmentLevel],
        );
        expect(merged.hours.length).toBe(byHour.size);
        for (const row of merged.hours)
          expect(row.stats).toEqual(
            expectedStats(byHour.get(JSON.stringify([row.hour, row.level]))!, metric),
          );

        const byHourStation = groupBy(
          records.filter((r) => anchorHour(r) !== null),
          (r) => [anchorHour(r), r.prepStationGuid ?? null, r.itemFulfillmentLevel],
        );
        expect(merged.hourStations.length).toBe(byHourStation.size);
        for (const row of merged.hourStations) {
          expect(row.stats).toEqual(
            expectedStats(byHourStation.get(JSON.stringify([row.hour, row.stationGuid, row.level]))!, metric),
          );
        }

        for (const row of merged.days) {
          const day = applyFilters(rawDays[DATES.indexOf(row.businessDate)]!, filters, metric).filter(
            (r) => r.itemFulfillmentLevel === row.level,
          );
          expect(row.stats).toEqual(expectedStats(day, metric));
        }

        const byItem = groupBy(records, (r) => [r.selectionMenuItemGuid ?? null, r.itemFulfillmentLevel]);
        expect(merged.items.length).toBe(byItem.size);
        for (const row of merged.items)
          expect(row.stats).toEqual(
            expectedStats(byItem.get(JSON.stringify([row.itemGuid, row.level]))!, metric),
          );

        const byCourse = groupBy(records, (r) => [r.courseGuid ?? null, r.itemFulfillmentLevel]);
        expect(merged.courses.length).toBe(byCourse.size);
        for (const row of merged.courses)
          expect(row.stats).toEqual(
            expectedStats(byCourse.get(JSON.stringify([row.courseGuid, row.level]))!, metric),
          );

        const byBehavior = groupBy(records, (r) => [r.diningOptionBehavior ?? null, r.itemFulfillmentLevel]);
        for (const row of merged.behaviors)
          expect(row.stats).toEqual(
            expectedStats(byBehavior.get(JSON.stringify([row.behavior, row.level]))!, metric),
          );
        const bySource = groupBy(records, (r) => [r.orderSource ?? null, r.itemFulfillmentLevel]);
        for (const row of merged.sources)
          expect(row.stats).toEqual(
            expectedStats(bySource.get(JSON.stringify([row.source, row.level]))!, metric),
          );

        const values = records.map((r) => recordDurations(r)[metric]).filter((v): v is number => v !== null);
        expect(merged.histogram.bins.reduce((a, b) => a + b.count, 0)).toBe(values.length);
        for (const bin of merged.histogram.bins) {
          expect(bin.count).toBe(
            values.filter((v) => v >= bin.from && (bin.to === null || v < bin.to)).length,
          );
        }
        for (const share of merged.withinTarget) {
          const atLevel = (byLevel.get(String(share.level)) ?? [])
            .map((r) => recordDurations(r)[metric])
            .filter((v): v is number => v !== null);
          expect(share.count).toBe(atLevel.length);
          expect(share.within).toBe(atLevel.filter((v) => v <= share.targetSeconds).length);
        }

        expect(mergeStationLevels(summaries, metric, filters)).toEqual(
          merged.stations.map(({ stationGuid, stationName, level, stats }) => ({
            stationGuid,
            stationName,
            level,
            stats,
          })),
        );
      });
    }
  }

  it("gives the same answer after the stored encoding round trip", () => {
    const decoded = summaries.map((s) => decodeDaySummary(encodeDaySummary(s)));
    expect(decoded).toEqual(summaries);
    expect(mergeDays(decoded, "wait_to_start", { behavior: "DINE_IN" }, { 0: 1, 1: 2, 2: 3 })).toEqual(
      mergeDays(summaries, "wait_to_start", { behavior: "DINE_IN" }, { 0: 1, 1: 2, 2: 3 }),
    );
    // A deep comparison of every cube (the service cubes too): seconds on a loaded machine, not a time limit.
  }, 30_000);

  it("refuses a damaged encoding instead of merging wrong numbers", () => {
    const bytes = encodeDaySummary(summaries[0]!);
    expect(() => decodeDaySummary(bytes.subarray(0, bytes.length - 7))).toThrow();
    const wrongVersion = bytes.slice();
    wrongVersion[0] = bytes[0]! + 1;
    expect(() => decodeDaySummary(wrongVersion)).toThrow(/format/);
  });

  it("lists filter options from the whole range, whatever the filters", () => {
    const merged = mergeDays(
      summaries,
      "fire_to_fulfill",
      { station: "st-grill", behavior: "DELIVERY" },
      { 0: 1, 1: 1, 2: 1 },
    );
    expect(new Set(merged.options.stations.map((s) => s.stationGuid))).toEqual(
      new Set(["st-grill", "st-fry", "st-cold", null]),
    );
    expect(new Set(merged.options.behaviors)).toEqual(new Set(BEHAVIORS));
    expect(merged.options.levels).toEqual([0, 1, 2]);
  });
});

describe("slowest tickets", () => {
  it("ranks tickets by their largest matching value, ties by date then ticket", () => {
    const facts = DATES.map((d, i) => decodeTicketFacts(encodeTicketFacts(buildTicketFacts(rawDays[i]!, d))));
    const filters: SummaryFilters = { level: 0, behavior: "DINE_IN" };
    const ranked = slowestTickets(facts, "start_to_fulfill", filters, 15);

    const expected = [...groupBy(applyFilters(allRecords, filters), (r) => r.ticketGuid).entries()]
      .map(([, recs]) => ({
        ticketGuid: recs[0]!.ticketGuid!,
        date: recs[0]!.ticketGuid!.split("-")[1]!,
        seconds: Math.max(-1, ...recs.map((r) => recordDurations(r).start_to_fulfill ?? -1)),
      }))
      .filter((t) => t.seconds >= 0)
      .sort(
        (a, b) =>
          b.seconds - a.seconds || a.date.localeCompare(b.date) || a.ticketGuid.localeCompare(b.ticketGuid),
      )
      .slice(0, 15);
    expect(ranked.map((t) => [t.ticketGuid, t.seconds])).toEqual(
      expected.map((t) => [t.ticketGuid, t.seconds]),
    );
    for (const t of ranked) {
      const day = rawDays[DATES.indexOf(t.businessDate)]!;
      expect(t.recordIndices.map((i) => day[i]!.ticketGuid)).toEqual(
        day.filter((r) => r.ticketGuid === t.ticketGuid).map((r) => r.ticketGuid),
      );
      expect(new Set(t.recordIndices.map((i) => day[i]!.itemFulfillmentLevel))).toEqual(new Set([0, 1, 2]));
    }
  });
});

describe("stable answers", () => {
  // 260 items seen once each: every count ties, so which 200 are kept and in what order must come
  // from the items themselves, not from the order a process met them.
  const tiedDay = (date: string, order: number[]): DaySummary =>
    summariseDay(
      order.map((i) => ({
        restaurantGuid: "r-1",
        orderGuid: `o-${i}`,
        selectionGuid: `s-${date}-${i}`,
        selectionMenuItemGuid: `item-${String(i).padStart(3, "0")}`,
        selectionMenuItemName: `Item ${i}`,
        ticketGuid: `t-${date}-${i}`,
        ticketFiredAt: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T17:00:00.000Z`,
        itemStartedAt: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T17:00:00.000Z`,
        itemFulfilledAt: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T17:10:00.000Z`,
        itemFulfillmentLevel: 0,
        prepStationGuid: i % 2 ? "st-b" : "st-a",
        prepStationName: "Line",
        diningOptionBehavior: i % 3 ? "DINE_IN" : "TAKE_OUT",
        orderSource: i % 5 ? "In Store" : "Online",
      })),
      date,
      TZ,
    );
  const ids = Array.from({ length: 260 }, (_, i) => i);

  it("gives byte-identical JSON whatever order the values were first met in", () => {
    const forward = [tiedDay("20250303", ids), tiedDay("20250304", ids)];
    const backward = [tiedDay("20250303", [...ids].reverse()), tiedDay("20250304", [...ids].reverse())];
    const fresh = new DimensionInterner();
    const primed = new DimensionInterner();
    mergeDays([...backward].reverse(), "fire_to_fulfill", {}, { 0: 300, 1: 400, 2: 500 }, primed);
    const a = JSON.stringify(mergeDays(forward, "fire_to_fulfill", {}, { 0: 300, 1: 400, 2: 500 }, fresh));
    const b = JSON.stringify(mergeDays(backward, "fire_to_fulfill", {}, { 0: 300, 1: 400, 2: 500 }, primed));
    expect(b).toBe(a);
    const items = (JSON.parse(a) as { items: { itemGuid: string }[] }).items.map((i) => i.itemGuid);
    expect(items).toHaveLength(200);
    expect(items).toEqual(ids.slice(0, 200).map((i) => `item-${String(i).padStart(3, "0")}`));
  });
});
