import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { createNote, listStoredAnnotations } from "@/lib/annotations/annotation-store";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { toCsv } from "@/lib/csv/csv";
import { kitchenStationsMatrixSchema, type OverviewAreaRef } from "@/lib/kitchen/contract/chain";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import type { OverviewRange } from "@/lib/kitchen/contract/vocabulary";
import { overviewCsvColumns, overviewCsvRows } from "@/lib/kitchen/query/kitchen-csv";
import { stationsMatrixCsvColumns } from "@/lib/kitchen/query/stations-matrix-csv";
import { kitchenOverview } from "@/lib/kitchen/service/overview";
import { overviewEvidence } from "@/lib/kitchen/service/overview-evidence";
import { kitchenStationsMatrix } from "@/lib/kitchen/service/stations-matrix";
import { overviewSentenceSubjects } from "@/lib/url-state/headline-sentences";

import { isLeftOnScreen, levelOf, seconds } from "./independent-stats";
import {
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  overviewRestaurant,
  ready as readyAnswer,
  type CsvRow,
} from "./kitchen-harness";

/**
 * The chain (issue 36) over the sandbox over real HTTP, held against oracles recomputed here from
 * each restaurant's fulfillments.csv of the period: the Overview's area figures are the nearest
 * rank over the union of the area's restaurants' records (not a mean of their percentiles), late
 * items each record against its level's default target; the chain's pooled figures and median
 * restaurant p90; the stations matrix's cells per prepStationMultiLocationId, and its CSV.
 */
const mesa = overviewRestaurant("Mesa Verde Cantina");
const lakeside = overviewRestaurant("Lakeside Diner");
const northside = overviewRestaurant("Northside Noodle Bar");
const oldTown = overviewRestaurant("Old Town Grill");
const pier = overviewRestaurant("Pier 9 Pizza", false);
const RESTAURANTS = [mesa, lakeside, northside, oldTown, pier];
const WEST: OverviewAreaRef = { kind: "area", key: "area:1", name: "West" };
const MIDWEST: OverviewAreaRef = { kind: "area", key: "area:2", name: "Midwest" };
const GROUPS = new Map<string, OverviewAreaRef[]>([
  [mesa.guid, [WEST]],
  [northside.guid, [WEST]],
  [pier.guid, [WEST]],
  [lakeside.guid, [MIDWEST]],
  [oldTown.guid, [MIDWEST]],
]);
/** The built-in targets of levels 0-2 (a fresh database has no other). */
const TARGET = [600, 720, 840];

const kitchen = kitchenFile();
const { clock } = kitchen;

const rank = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]! : null;
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

interface Measured {
  level: number;
  v: number;
  station: string | null;
  stationName: string | null;
}

/** A restaurant's rows of fulfillments.csv reduced to what the oracles read (left on screen out, as by default). */
function measured(rows: readonly CsvRow[]): Measured[] {
  return rows.flatMap((row) => {
    const level = levelOf(row);
    const v = seconds(row.ticketFiredAt, row.itemFulfilledAt);
    if (level === null || v === null || isLeftOnScreen(row)) return [];
    return [
      { level, v, station: row.prepStationMultiLocationId || null, stationName: row.prepStationName || null },
    ];
  });
}

function figures(values: readonly Measured[], level: number) {
  const at = sortedOf(values.filter((x) => x.level === level).map((x) => x.v));
  const late = at.filter((v) => v > TARGET[level]!).length;
  return {
    level,
    records: at.length,
    p50: rank(at, 50),
    p90: rank(at, 90),
    late,
    onTimeShare: at.length ? (at.length - late) / at.length : null,
  };
}

/** The Overview's areas and chain of `range`, against the oracle. */
async function checkAreas(service: ReturnType<typeof kitchen.service>, range: OverviewRange) {
  const overview = await kitchenOverview(service, RESTAURANTS, range, clock.now, "exclude", GROUPS);
  const ready = overview.rows.filter((r) => r.status === "ready");
  expect(ready.map((r) => r.restaurantName)).toEqual([
    "Mesa Verde Cantina",
    "Lakeside Diner",
    "Northside Noodle Bar",
    "Old Town Grill",
  ]);
  const values = new Map<string, Measured[]>();
  for (const row of ready) {
    const r = RESTAURANTS.find((x) => x.guid === row.restaurantGuid)!;
    values.set(r.guid, measured(await fulfillmentsRows(service, r, row.period)));
  }
  expect(overview.rows.map((r) => r.area?.name)).toEqual(["West", "Midwest", "West", "Midwest", "West"]);
  expect(overview.areas!.map((a) => [a.key, a.name, a.restaurantGuids, a.complete])).toEqual([
    ["area:2", "Midwest", [lakeside.guid, oldTown.guid], true],
    ["area:1", "West", [mesa.guid, northside.guid, pier.guid], true],
  ]);
  let differsFromMean = false;
  for (const area of overview.areas!) {
    const union = area.restaurantGuids.flatMap((g) => values.get(g) ?? []);
    const expected = [0, 1, 2].map((level) => figures(union, level));
    expect(area.levels, `${range} ${area.name}`).toEqual(expected);
    // A mean of the restaurants' p90s is another number: the test tells them apart.
    const p90s = area.restaurantGuids.flatMap((g) =>
      values.has(g) ? [figures(values.get(g)!, 0).p90!] : [],
    );
    if (p90s.length > 1 && p90s.reduce((a, b) => a + b, 0) / p90s.length !== expected[0]!.p90)
      differsFromMean = true;
    expect(area.levels[0]!.records).toBeGreaterThan(MIN_RANKED_COUNT);
  }
  expect(differsFromMean).toBe(true);
  // The rows' own figures are the same records: the area's records and late items add up.
  for (const area of overview.areas!)
    for (const level of [0, 1, 2])
      expect(area.levels[level]!.late).toBe(
        overview.rows
          .filter((r) => area.restaurantGuids.includes(r.restaurantGuid))
          .reduce((n, r) => n + (r.current.find((f) => f.level === level)?.late ?? 0), 0),
      );

  // From the day digests (above) or, where those do not answer, from the decoded days: the same.
  const viaDays = await kitchenOverview(
    { ...service, levelHistograms: undefined },
    RESTAURANTS,
    range,
    clock.now,
    "exclude",
    GROUPS,
  );
  expect([viaDays.areas, viaDays.chain]).toEqual([overview.areas, overview.chain]);
  // The digests did answer above (else both would be the days' answer).
  const direct = await service.levelHistograms(
    [{ restaurant: mesa, range: overview.rows[0]!.period }],
    "exclude",
  );
  expect([...direct.get(mesa.guid)![0]!.values()].reduce((a, b) => a + b, 0)).toBe(
    overview.rows[0]!.current[0]!.records,
  );

  const all = [...values.values()].flat();
  const ownP90 = (level: number) => ready.map((row) => figures(values.get(row.restaurantGuid)!, level).p90);
  expect(overview.chain).toEqual({
    restaurants: 4,
    levels: [0, 1, 2].map((level) => {
      const present = sortedOf(ownP90(level).filter((p): p is number => p !== null));
      return { ...figures(all, level), medianRestaurantP90: rank(present, 50) };
    }),
  });
  // Each row's place by p90 (1 the fastest) and its distance to the median restaurant.
  const p90s = ownP90(0);
  const median = rank(sortedOf(p90s.filter((p): p is number => p !== null)), 50)!;
  ready.forEach((row, i) =>
    expect(row.chainRanks![0]).toEqual({
      level: 0,
      rank: 1 + p90s.filter((p) => p! < p90s[i]!).length,
      of: 4,
      vsMedianSeconds: p90s[i]! - median,
    }),
  );
  expect(overview.rows.at(-1)!.chainRanks![0]).toEqual({
    level: 0,
    rank: null,
    of: 4,
    vsMedianSeconds: null,
  });

  // overview.csv: each restaurant's area and chain rank, then the area subtotals and the chain's
  // total, their figures the oracle's over the union of the records (row_kind tells them apart).
  const csv = parse(toCsv(overviewCsvColumns, overviewCsvRows(overview)), { columns: true }) as Record<
    string,
    string
  >[];
  expect(csv.map((r) => [r.row_kind, r.area, r.restaurant])).toEqual([
    ["restaurant", "West", "Mesa Verde Cantina"],
    ["restaurant", "Midwest", "Lakeside Diner"],
    ["restaurant", "West", "Northside Noodle Bar"],
    ["restaurant", "Midwest", "Old Town Grill"],
    ["restaurant", "West", "Pier 9 Pizza"],
    ["area", "Midwest", "Midwest"],
    ["area", "West", "West"],
    ["chain", "", "Chain"],
  ]);
  ready.forEach((row, i) =>
    expect([csv[i]!.l0_chain_rank, csv[i]!.l0_chain_ranked]).toEqual([
      String(1 + p90s.filter((p) => p! < p90s[i]!).length),
      "4",
    ]),
  );
  expect([csv[4]!.l0_chain_rank, csv[4]!.l0_chain_ranked]).toEqual(["", "4"]);
  const totals = [...overview.areas!.map((a) => a.restaurantGuids.flatMap((g) => values.get(g) ?? [])), all];
  totals.forEach((union, j) => {
    const line = csv[5 + j]!;
    for (const level of [0, 1, 2]) {
      const f = figures(union, level);
      expect([line[`l${level}_records`], line[`l${level}_p50_s`], line[`l${level}_p90_s`]]).toEqual([
        String(f.records),
        String(f.p50 ?? ""),
        String(f.p90 ?? ""),
      ]);
    }
    expect([line.status, line.l0_previous_records, line.l0_chain_rank]).toEqual(["ready", "", ""]);
  });
}

/**
 * Issue 35: the Overview's evidence, read for the restaurants its sentences name only, is each
 * one's summary anomalies of its period (with the 8 weeks before stored, so days can be flagged)
 * and its notes; a restaurant not named gets none.
 */
async function checkEvidence(
  service: ReturnType<typeof kitchen.service>,
  db: Parameters<typeof kitchen.service>[0],
) {
  const overview = await kitchenOverview(service, RESTAURANTS, "7d", clock.now, "exclude", GROUPS);
  const subjects = overviewSentenceSubjects(overview);
  expect(subjects.length).toBeGreaterThan(0);
  expect(subjects.length).toBeLessThanOrEqual(2);
  const named = RESTAURANTS.find((r) => r.guid === subjects[0])!;
  const period = overview.rows.find((r) => r.restaurantGuid === named.guid)!.period;
  await service.prepare(named, {
    from: addBusinessDays(period.from, -56),
    to: addBusinessDays(period.from, -1),
  });
  const note = await createNote(db, named.guid, { date: period.to, text: "new grill cook" }, "m@x.test");
  await createNote(
    db,
    mesa.guid === named.guid ? oldTown.guid : mesa.guid,
    { date: period.to, text: "x" },
    "m@x.test",
  );
  const evidence = await overviewEvidence(
    {
      anomalies: service.anomalies,
      annotations: (r, from, to) => listStoredAnnotations(db, r.guid, from, to),
    },
    RESTAURANTS,
    overview,
    subjects,
    "exclude",
  );
  expect(evidence.map((e) => e.restaurantGuid)).toEqual(subjects);
  for (const e of evidence) {
    const r = RESTAURANTS.find((x) => x.guid === e.restaurantGuid)!;
    const summary = await readyAnswer(service.summary(r, await kitchenQuery(kitchenSummarySchema, e.period)));
    expect(e.anomalies, r.name).toEqual(summary.anomalies);
    expect(e.annotations).toEqual(await listStoredAnnotations(db, r.guid, e.period.from, e.period.to));
    if (r.guid === named.guid) expect(e.annotations).toEqual([note]);
  }
  // With its lookback stored, the named restaurant has flagged days to speak of.
  expect(evidence[0]!.anomalies.length).toBeGreaterThan(0);
}

/** The stations matrix of `range` and its CSV, against the oracle. */
async function checkStationsMatrix(
  service: ReturnType<typeof kitchen.service>,
  db: Parameters<typeof kitchen.service>[0],
  range: OverviewRange,
) {
  const query = await kitchenQuery(kitchenStationsMatrixSchema, { range });
  const matrix = await kitchenStationsMatrix(service, db, RESTAURANTS, query, clock.now);
  expect(matrix.complete).toBe(true);
  expect(matrix.columns.map((c) => [c.restaurantName, c.status, c.targetSeconds])).toEqual([
    ["Mesa Verde Cantina", "ready", 600],
    ["Lakeside Diner", "ready", 600],
    ["Northside Noodle Bar", "ready", 600],
    ["Old Town Grill", "ready", 600],
    ["Pier 9 Pizza", "not_entitled", 600],
  ]);
  const expected = new Map<string, (number[] | null)[]>();
  for (const [i, c] of matrix.columns.entries()) {
    if (c.status !== "ready") continue;
    const r = RESTAURANTS[i]!;
    const rows = measured(await fulfillmentsRows(service, r, c.period)).filter((x) => x.level === 0);
    expect(c.records + c.withoutMultiLocationId).toBe(rows.length);
    expect(c.withoutMultiLocationId).toBe(rows.filter((x) => x.station === null).length);
    for (const x of rows) {
      if (x.station === null) continue;
      const cells =
        expected.get(x.station) ??
        expected
          .set(
            x.station,
            matrix.columns.map(() => null),
          )
          .get(x.station)!;
      (cells[i] ??= []).push(x.v);
    }
  }
  expect(new Set(matrix.rows.map((r) => r.multiLocationId))).toEqual(new Set(expected.keys()));
  for (const row of matrix.rows) {
    const cells = expected.get(row.multiLocationId)!;
    expect(
      row.cells.map((c) => c && { records: c.records, p90: c.p90, fewRecords: c.fewRecords }),
      row.stationName ?? row.multiLocationId,
    ).toEqual(
      cells.map(
        (v) =>
          v && { records: v.length, p90: rank(sortedOf(v), 90), fewRecords: v.length < MIN_RANKED_COUNT },
      ),
    );
    const union = sortedOf(cells.flatMap((v) => v ?? []));
    expect([row.records, row.p90]).toEqual([union.length, rank(union, 90)]);
  }
  // The sandbox's concepts share stations by multi-location id: some rows span restaurants.
  expect(matrix.rows.filter((r) => r.cells.filter(Boolean).length >= 2).length).toBeGreaterThan(0);

  const csv = parse(toCsv(stationsMatrixCsvColumns(matrix), matrix.rows), { columns: true }) as Record<
    string,
    string
  >[];
  expect(csv.map((r) => r.multi_location_id)).toEqual(matrix.rows.map((r) => r.multiLocationId));
  const text = (n: number | null | undefined) => (n == null ? "" : String(n));
  const minutes = (s: number | null | undefined) => (s == null ? "" : String(Math.floor(s / 6 + 0.5) / 10));
  matrix.rows.forEach((row, j) => {
    const cells = expected.get(row.multiLocationId)!;
    expect(csv[j]!.p90_s).toBe(text(row.p90));
    expect(csv[j]!.lakeside_diner_p90_s).toBe(text(cells[1] && rank(sortedOf(cells[1]), 90)));
    expect(csv[j]!.lakeside_diner_p90_min).toBe(minutes(cells[1] && rank(sortedOf(cells[1]), 90)));
    expect(csv[j]!.mesa_verde_cantina_records).toBe(text(cells[0]?.length));
    expect(csv[j]!.pier_9_pizza_records).toBe("");
  });
}

describe("the chain against fulfillments.csv", { timeout: 300_000 }, () => {
  const t = kitchen.databasePerTest("pglite");

  it.each<OverviewRange>(["yesterday", "7d"])(
    "gives each area and the chain the nearest rank over the union of their restaurants' records, and each stations-matrix cell (and CSV row) its restaurant's records of that station multi-location id; the overview CSV's areas; the evidence of the restaurants the sentences name (%s)",
    async (range) => {
      const service = kitchen.service(t.db);
      await checkAreas(service, range);
      await checkStationsMatrix(service, t.db, range);
      if (range === "7d") await checkEvidence(service, t.db);
    },
  );
});
