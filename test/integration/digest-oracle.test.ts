import { describe, expect, it } from "vitest";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { buildDigest, type Digest } from "@/lib/digests/digest";
import { createKitchenService, type KitchenService } from "@/lib/kitchen/service/kitchen-service";
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

    // Each row tagged with its service by fulfillments.csv's service filter; every row has one.
    const rowsOf = new Map<string, Tagged[]>();
    for (const r of [harbor, mesa]) {
      const names = [
        ...new Set([
          ...Object.values(weeks.get(r.guid)!)
            .flat()
            .map((s) => s.name),
          "(none)",
        ]),
      ];
      for (const date of dates) {
        const tagged: Tagged[] = [];
        for (const name of names)
          for (const row of await fulfillmentsRows(service, r, { from: date, to: date, service: name }))
            tagged.push({ ...row, service: name });
        expect(tagged.length).toBe((await fulfillmentsRows(service, r, { from: date, to: date })).length);
        rowsOf.set(`${r.guid}|${date}`, tagged);
      }
    }
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
    const cells: {
      guid: string;
      name: string;
      level: number;
      station: string | null;
      stationName: string | null;
      service: string;
      now: Figures;
      usual: NonNullable<ReturnType<typeof usualOf>>;
      score: number;
    }[] = [];
    for (const r of [harbor, mesa]) {
      const perDate = dates.map((date) =>
        rowsOf.get(`${r.guid}|${date}`)!.flatMap((row) => {
          const level = levelOf(row);
          const v = seconds(row.ticketFiredAt, row.itemFulfilledAt);
          if (level === null || v === null || isLeftOnScreen(row)) return [];
          const station = row.prepStationGuid || null;
          return [
            {
              level,
              station,
              stationName: row.prepStationName || null,
              service: row.service,
              v,
              target: targetOf(r.guid, date, level, row.prepStationGuid ?? ""),
            },
          ];
        }),
      );
      const got = digest.restaurants.find((x) => x.guid === r.guid)!;
      expect(got.status).toBe("ready");
      const expectedLevels = [0, 1, 2].flatMap((level) => {
        const [now, ...before] = perDate.map((values) => figuresOf(values.filter((x) => x.level === level)));
        const usual = usualOf(before);
        if (now!.records === 0 && !usual) return [];
        return [{ level, ...now!, usual, targetSeconds: targetOf(r.guid, DATE, level, "") }];
      });
      expect(got.levels.map(({ label: _l, link: _k, ...figures }) => figures)).toEqual(expectedLevels);
      expect(expectedLevels.length).toBeGreaterThan(0);

      const keys = new Set(perDate[0]!.map((x) => `${x.level}|${x.station}|${x.service}`));
      for (const key of keys) {
        const of = (values: (typeof perDate)[number]) =>
          values.filter((x) => `${x.level}|${x.station}|${x.service}` === key);
        const [now, ...before] = perDate.map((values) => figuresOf(of(values)));
        const usual = usualOf(before);
        if (now!.records < 10 || !usual || usual.periods < 4) continue;
        const sample = of(perDate[0]!)[0]!;
        const score = Math.max(
          Math.abs(now!.p90! - usual.p90) / usual.p90,
          Math.abs(now!.lateShare! - usual.lateShare),
        );
        cells.push({
          guid: r.guid,
          name: r.name,
          level: sample.level,
          station: sample.station,
          stationName: sample.stationName,
          service: sample.service,
          now: now!,
          usual,
          score,
        });
      }
    }
    cells.sort(
      (a, b) =>
        b.score - a.score ||
        (a.stationName ?? "").localeCompare(b.stationName ?? "") ||
        a.service.localeCompare(b.service) ||
        a.level - b.level,
    );
    expect(cells.length).toBeGreaterThan(3);
    expect(
      digest.exceptions.map((e) => ({
        guid: e.restaurantGuid,
        name: e.restaurantName,
        level: e.level,
        station: e.stationGuid,
        stationName: e.stationName,
        service: e.service,
        now: e.now,
        usual: e.usual,
        score: e.score,
      })),
    ).toEqual(cells.slice(0, 3));
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
});
