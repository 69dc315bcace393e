import { describe, expect, it } from "vitest";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { buildDigest, type Digest } from "@/lib/digests/digest";
import {
  createKitchenService,
  type KitchenRestaurant,
  type KitchenService,
} from "@/lib/kitchen/service/kitchen-service";
import { serviceWeekOf, type ServiceWeek } from "@/lib/restaurants/schedule";
import { loadKitchenViewParams, resolveKitchenView } from "@/lib/url-state/kitchen-view";

import { isLeftOnScreen, levelOf, seconds } from "./independent-stats";
import {
  asOf,
  BEFORE_THE_RANGES,
  fulfillmentsRows,
  kitchenFile,
  newLog,
  sandboxClient,
  TEST_CONFIG,
  worldRestaurant,
  type CsvRow,
} from "./kitchen-harness";

/**
 * The daily digest of 19 March 2025 (a Wednesday) over the sandbox over real HTTP, held against an
 * oracle recomputed here from fulfillments.csv of that day and of the 8 Wednesdays before it: per
 * restaurant and level the records, nearest-rank p50 and p90, late records and late share (each
 * record against the target written here for its date and station), the usual (the lower median
 * of the 8 Wednesdays' own figures), and the three largest station × service moves in order. The
 * service of a record is what fulfillments.csv's service filter gives. Its links open that view.
 */

const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;
const harbor = worldRestaurant("Harbor Street Kitchen");
const mesa = worldRestaurant("Mesa Verde Cantina");
const diner = worldRestaurant("Lakeside Diner");
const DATE = "20250319";
const ORIGIN = "https://pulse.kitchen.test";
/** From 1 March (Harbor's business date at BEFORE_THE_RANGES): the grill's own level-0 target, and level 1 at 500 s. */
const CHANGE = "20250301";

interface Figures {
  records: number;
  p50: number | null;
  p90: number | null;
  late: number;
  lateShare: number | null;
}

function figuresOf(values: readonly { v: number; target: number }[]): Figures {
  const sorted = values.map((x) => x.v).sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted.length ? sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]! : null;
  const late = values.filter((x) => x.v > x.target).length;
  return {
    records: sorted.length,
    p50: rank(50),
    p90: rank(90),
    late,
    lateShare: sorted.length ? late / sorted.length : null,
  };
}

/** The lower median: the value at rank ceil(n/2). */
const lowerMedian = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1]!;

function usualOf(periods: Figures[]) {
  const had = periods.filter((f) => f.records > 0);
  if (had.length === 0) return null;
  return {
    periods: had.length,
    records: lowerMedian(had.map((f) => f.records)),
    p50: lowerMedian(had.map((f) => f.p50!)),
    p90: lowerMedian(had.map((f) => f.p90!)),
    lateShare: lowerMedian(had.map((f) => f.lateShare!)),
  };
}

type Tagged = CsvRow & { service: string };

/** One counted record: its date, level, station, service, whole seconds and the target that judges it. */
interface Value {
  date: string;
  level: number;
  station: string | null;
  stationName: string | null;
  service: string;
  v: number;
  target: number;
}

/** The plain median (the mean of the two middle values), as the anomaly band's rule reads it. */
const plainMedian = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};
const tenth = (x: number) => Math.round(x * 10) / 10;

/**
 * The unusual-day band written here from the issue: the previous 8 same weekdays' p90, at least 6
 * with records; their median ± max(60 s, 3 × 1.4826 × their median absolute deviation).
 */
function band(previous: (number | null)[]) {
  const xs = previous.filter((x): x is number => x !== null);
  if (xs.length < 6) return null;
  const median = plainMedian(xs);
  const half = Math.max(60, 3 * 1.4826 * plainMedian(xs.map((x) => Math.abs(x - median))));
  return { median, low: median - half, high: median + half };
}

const cellKey = (x: Pick<Value, "level" | "station" | "service">) => `${x.level}|${x.station}|${x.service}`;

/**
 * The oracle's cells of one restaurant: `periods[0]` the digest's period and the 8 baselines after
 * it, each a list of values; a cell of the period with ≥ 10 records and a usual over ≥ 4 periods,
 * its score, and its unusual days (the band of the same cell's p90 on each period date's previous
 * 8 same weekdays, found among every value given).
 */
function oracleCells(r: { guid: string; name: string }, periods: Value[][]) {
  const all = periods.flat();
  const p90On = (date: string, key: string) =>
    figuresOf(all.filter((x) => x.date === date && cellKey(x) === key)).p90;
  const out = [];
  for (const key of new Set(periods[0]!.map(cellKey))) {
    const [now, ...before] = periods.map((values) => figuresOf(values.filter((x) => cellKey(x) === key)));
    const usual = usualOf(before);
    if (now!.records < 10 || !usual || usual.periods < 4) continue;
    const sample = periods[0]!.find((x) => cellKey(x) === key)!;
    const unusual = [...new Set(periods[0]!.map((x) => x.date))].sort().flatMap((date) => {
      const p90 = p90On(date, key);
      const b = band([1, 2, 3, 4, 5, 6, 7, 8].map((k) => p90On(addBusinessDays(date, -7 * k), key)));
      if (p90 === null || !b || (p90 >= b.low && p90 <= b.high)) return [];
      return [{ date, p90, median: tenth(b.median), low: tenth(b.low), high: tenth(b.high) }];
    });
    out.push({
      guid: r.guid,
      name: r.name,
      level: sample.level,
      station: sample.station,
      stationName: sample.stationName,
      service: sample.service,
      now: now!,
      usual,
      score: Math.max(
        Math.abs(now!.p90! - usual.p90) / usual.p90,
        Math.abs(now!.lateShare! - usual.lateShare),
      ),
      unusual,
    });
  }
  return out;
}

/** The ranking: a cell with an unusual day first, then the largest move, then station name, service, level. */
const byOracleMove = (a: ReturnType<typeof oracleCells>[number], b: typeof a) =>
  (a.unusual.length > 0 ? 0 : 1) - (b.unusual.length > 0 ? 0 : 1) ||
  b.score - a.score ||
  (a.stationName ?? "").localeCompare(b.stationName ?? "") ||
  a.service.localeCompare(b.service) ||
  a.level - b.level;

/** The oracle's levels of one restaurant: per level the period's figures, the usual, the target in force. */
function oracleLevels(periods: Value[][], targetOf: (level: number) => number) {
  return [0, 1, 2].flatMap((level) => {
    const [now, ...before] = periods.map((values) => figuresOf(values.filter((x) => x.level === level)));
    const usual = usualOf(before);
    if (now!.records === 0 && !usual) return [];
    return [{ level, ...now!, usual, targetSeconds: targetOf(level) }];
  });
}

/** A digest exception's fields the oracle gives. */
const exceptionFigures = (e: Digest["exceptions"][number]) => ({
  guid: e.restaurantGuid,
  name: e.restaurantName,
  level: e.level,
  station: e.stationGuid,
  stationName: e.stationName,
  service: e.service,
  now: e.now,
  usual: e.usual,
  score: e.score,
  unusual: e.unusual,
});

/** Counted values of CSV rows (level, time, not left on screen), each judged by `targetOf`. */
function valuesOf(
  rows: Tagged[],
  targetOf: (date: string, level: number, station: string) => number,
): Value[] {
  return rows.flatMap((row) => {
    const level = levelOf(row);
    const v = seconds(row.ticketFiredAt, row.itemFulfilledAt);
    if (level === null || v === null || isLeftOnScreen(row)) return [];
    const date = row.business_date!.replaceAll("-", "");
    return [
      {
        date,
        level,
        station: row.prepStationGuid || null,
        stationName: row.prepStationName || null,
        service: row.service,
        v,
        target: targetOf(date, level, row.prepStationGuid ?? ""),
      },
    ];
  });
}

/** Every row of [from, to], each tagged with its service by fulfillments.csv's service filter (every row has one). */
async function taggedRows(
  service: KitchenService,
  r: KitchenRestaurant,
  week: ServiceWeek,
  span: { from: string; to: string },
): Promise<Tagged[]> {
  const names = [
    ...new Set([
      ...Object.values(week)
        .flat()
        .map((s) => s.name),
      "(none)",
    ]),
  ];
  const tagged: Tagged[] = [];
  for (const name of names)
    for (const row of await fulfillmentsRows(service, r, { ...span, service: name }))
      tagged.push({ ...row, service: name });
  expect(tagged.length).toBe((await fulfillmentsRows(service, r, span)).length);
  return tagged;
}

describe("the daily digest against fulfillments.csv", () => {
  const t = kitchen.databasePerTest("pglite");

  it("gives every figure and the ranking of exceptions the oracle gives, with links to the right views", async () => {
    const client = sandboxClient(sandbox.url, newLog());
    const weeks = new Map<string, ServiceWeek>();
    for (const r of [harbor, mesa])
      weeks.set(
        r.guid,
        serviceWeekOf((await client.restaurants.get(r.guid, { includeArchived: true })).schedules),
      );
    const service: KitchenService = createKitchenService({
      db: t.db,
      client,
      config: TEST_CONFIG,
      now: () => clock.now,
      serviceWeek: async (guid) => weeks.get(guid) ?? null,
    });
    const dates = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => addBusinessDays(DATE, -7 * k));

    const rowsOf = new Map<string, Tagged[]>();
    for (const r of [harbor, mesa])
      for (const date of dates)
        rowsOf.set(
          `${r.guid}|${date}`,
          await taggedRows(service, r, weeks.get(r.guid)!, { from: date, to: date }),
        );
    const grill = rowsOf
      .get(`${harbor.guid}|${DATE}`)!
      .find((r) => r.prepStationName === "Grill")!.prepStationGuid!;
    await asOf(clock, BEFORE_THE_RANGES, () =>
      service.putTargets(harbor, {
        targets: [{ level: 1, seconds: 500 }],
        stations: [{ stationGuid: grill, level: 0, seconds: 200 }],
      }),
    );
    const targetOf = (guid: string, date: string, level: number, station: string) => {
      if (guid === harbor.guid && date >= CHANGE) {
        if (level === 0 && station === grill) return 200;
        if (level === 1) return 500;
      }
      return [600, 720, 840][level]!;
    };

    const digest: Digest = await buildDigest(
      {
        kitchen: service,
        db: t.db,
        origin: ORIGIN,
        now: () => clock.now,
        graceMinutes: TEST_CONFIG.closeGraceMinutes,
      },
      [harbor, mesa],
      "daily",
      DATE,
    );
    expect(digest.period).toEqual({ from: DATE, to: DATE });
    expect(digest.baselines.map((b) => b.from)).toEqual(dates.slice(1));

    // The oracle: per restaurant, date, level and cell (level, station, service), the measured values.
    const cells: ReturnType<typeof oracleCells> = [];
    for (const r of [harbor, mesa]) {
      const periods = dates.map((date) =>
        valuesOf(rowsOf.get(`${r.guid}|${date}`)!, (d, level, station) =>
          targetOf(r.guid, d, level, station),
        ),
      );
      const got = digest.restaurants.find((x) => x.guid === r.guid)!;
      expect(got.status).toBe("ready");
      const expectedLevels = oracleLevels(periods, (level) => targetOf(r.guid, DATE, level, ""));
      expect(got.levels.map(({ label: _l, link: _k, ...figures }) => figures)).toEqual(expectedLevels);
      expect(expectedLevels.length).toBeGreaterThan(0);
      cells.push(...oracleCells(r, periods));
    }
    cells.sort(byOracleMove);
    expect(cells.length).toBeGreaterThan(3);
    expect(digest.exceptions.map(exceptionFigures)).toEqual(cells.slice(0, 3));
    for (const e of digest.exceptions)
      expect(e.sentence).toContain(`${e.restaurantName}: ${e.stationName ?? "No station"} at ${e.service}`);

    // Every link opens the Kitchen page of its restaurant on that date, with its level, station and service.
    const opens = (link: string) => {
      const url = new URL(link);
      expect(url.origin).toBe(ORIGIN);
      const guid = /^\/restaurants\/([^/]+)\/kitchen$/.exec(url.pathname)?.[1];
      expect(guid, link).toBeDefined();
      const { view, problems } = resolveKitchenView(loadKitchenViewParams(url.searchParams), "20250320");
      expect(problems).toEqual([]);
      return { guid: decodeURIComponent(guid!), view };
    };
    for (const r of digest.restaurants) {
      expect(opens(r.link)).toMatchObject({
        guid: r.guid,
        view: { range: "custom", from: DATE, to: DATE, level: null },
      });
      for (const l of r.levels)
        expect(opens(l.link)).toMatchObject({
          guid: r.guid,
          view: { from: DATE, to: DATE, level: l.level, station: null, service: null },
        });
    }
    for (const e of digest.exceptions)
      expect(opens(e.link)).toMatchObject({
        guid: e.restaurantGuid,
        view: { from: DATE, to: DATE, level: e.level, station: e.stationGuid, service: e.service },
      });
  }, 300_000);

  it("gives the weekly digest's figures and exceptions as the oracle does over its week and the 8 weeks before, an unusual day first", async () => {
    // Lakeside's week of 24 February to 2 March 2025 holds a planted slow Friday dinner (28 February).
    const MONDAY = "20250224";
    const SUNDAY = "20250302";
    const client = sandboxClient(sandbox.url, newLog());
    const week = serviceWeekOf(
      (await client.restaurants.get(diner.guid, { includeArchived: true })).schedules,
    );
    const service = createKitchenService({
      db: t.db,
      client,
      config: TEST_CONFIG,
      now: () => clock.now,
      serviceWeek: async (guid) => (guid === diner.guid ? week : null),
    });
    const digest = await buildDigest(
      {
        kitchen: service,
        db: t.db,
        origin: ORIGIN,
        now: () => clock.now,
        graceMinutes: TEST_CONFIG.closeGraceMinutes,
      },
      [diner],
      "weekly",
      SUNDAY,
    );
    const spans = [digest.period, ...digest.baselines];
    expect(spans).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => ({
        from: addBusinessDays(MONDAY, -7 * k),
        to: addBusinessDays(SUNDAY, -7 * k),
      })),
    );

    // The default targets throughout (nothing was set in this database).
    const defaults = (_date: string, level: number) => [600, 720, 840][level]!;
    const periods: Value[][] = [];
    for (const span of spans) {
      const values = valuesOf(await taggedRows(service, diner, week, span), defaults);
      expect(values.every((x) => x.date >= span.from && x.date <= span.to)).toBe(true);
      periods.push(values);
    }
    const got = digest.restaurants[0]!;
    expect(got.status).toBe("ready");
    expect(got.levels.map(({ label: _l, link: _k, ...figures }) => figures)).toEqual(
      oracleLevels(periods, (level) => defaults(SUNDAY, level)),
    );
    const cells = oracleCells(diner, periods).sort(byOracleMove);
    // The week's slow Friday dinner is found by the oracle, so the ranking's first rule is tested.
    expect(cells.some((c) => c.unusual.some((u) => u.date === "20250228"))).toBe(true);
    expect(digest.exceptions.map(exceptionFigures)).toEqual(cells.slice(0, 3));
    expect(digest.exceptions[0]!.sentence).toContain("Unusual on ");
    const link = new URL(digest.exceptions[0]!.link);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ from: MONDAY, to: SUNDAY });
  }, 300_000);
});
