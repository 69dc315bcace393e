import { describe, expect, it } from "vitest";

import type { KitchenSummary, KitchenTargets } from "@/lib/kitchen/contract/responses";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import { withoutLeftOnScreen } from "./independent-stats";
import {
  asOf,
  BEFORE_THE_RANGES,
  fulfillmentsRows,
  kitchenFile,
  NOW,
  ready,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Targets per station and level through the kitchen service on both stores: kept per restaurant,
 * reset one at a time, and the summary's late counts (per station, level and day) equal to a
 * count over fulfillments.csv of the same range, each record held to its station's own target
 * when it has one.
 */

const harbor = worldRestaurant("Harbor Street Kitchen"); // levels 0, 1 and 2; expediter rows with and without a station
const range = { from: "20250310", to: "20250312" };
const kitchen = kitchenFile();
const { clock } = kitchen;

type Row = Record<string, string>;

/** fulfillments.csv's rows the figures count: items left on screen count nowhere by default. */
async function csvRecords(service: KitchenService, from: string, to: string): Promise<Row[]> {
  return withoutLeftOnScreen(await fulfillmentsRows(service, harbor, { from, to }));
}

/** The count, written from the issue: over the station's own target at the level if set, else the level's; very late over 1.5 × it. */
function countLate(records: readonly Row[], targets: Pick<KitchenTargets, "targets" | "stations">) {
  const perKey = new Map<string, { late: number; veryLate: number; count: number }>();
  for (const r of records) {
    if (r.fire_to_fulfill_s === "" || !["0", "1", "2"].includes(r.itemFulfillmentLevel!)) continue;
    const v = Number(r.fire_to_fulfill_s);
    const level = Number(r.itemFulfillmentLevel);
    const station = r.prepStationGuid === "" ? null : r.prepStationGuid!;
    const own = targets.stations.find((s) => s.stationGuid === station && s.level === level);
    const target = own?.seconds ?? targets.targets.find((t) => t.level === level)!.seconds;
    for (const key of [`level:${level}`, `station:${station}:${level}`]) {
      const c = perKey.get(key) ?? { late: 0, veryLate: 0, count: 0 };
      c.count++;
      if (v > target) c.late++;
      if (v > target * 1.5) c.veryLate++;
      perKey.set(key, c);
    }
  }
  return perKey;
}

describe.each(STORE_KINDS)("station targets on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("keeps a station's own target per level beside the level's, and resets one without touching the others", async () => {
    const service = kitchen.service(t.db);
    expect((await service.targets(harbor)).stations).toEqual([]);
    const saved = await service.putTargets(harbor, {
      targets: [{ level: 1, seconds: 700 }],
      stations: [
        { stationGuid: "st-b", level: 0, seconds: 300 },
        { stationGuid: "st-a", level: 2, seconds: 1000 },
        { stationGuid: "st-a", level: 0, seconds: 420 },
      ],
    });
    const own = { source: "own", effectiveFrom: "20250320" };
    expect(saved.stations).toEqual([
      { stationGuid: "st-a", level: 0, seconds: 420, ...own },
      { stationGuid: "st-a", level: 2, seconds: 1000, ...own },
      { stationGuid: "st-b", level: 0, seconds: 300, ...own },
    ]);
    expect(saved.targets.find((x) => x.level === 1)).toEqual({
      level: 1,
      seconds: 700,
      isDefault: false,
      ...own,
    });
    expect(saved.updatedAt).toBe(new Date(NOW).toISOString());

    // Changed again later: the newer instant; one row reset, the rest kept; another restaurant untouched.
    clock.now = NOW + 60_000;
    const after = await service.putTargets(harbor, {
      stations: [
        { stationGuid: "st-a", level: 0, seconds: null },
        { stationGuid: "st-b", level: 0, seconds: 360 },
      ],
    });
    expect(after.stations).toEqual([
      { stationGuid: "st-a", level: 2, seconds: 1000, ...own },
      { stationGuid: "st-b", level: 0, seconds: 360, ...own },
    ]);
    expect(after.targets.find((x) => x.level === 1)!.seconds).toBe(700);
    expect(after.updatedAt).toBe(new Date(NOW + 60_000).toISOString());
    expect(await service.targets(harbor)).toEqual(after);
    expect((await service.targets(worldRestaurant("Lakeside Diner"))).stations).toEqual([]);
  });

  it("counts late and very late records per station, level and day as fulfillments.csv does, each station against its own target", async () => {
    const service = kitchen.service(t.db);
    const plain = await ready(service.summary(harbor, { ...range, metric: "fire_to_fulfill" }));
    const station = (name: string) => plain.stations.find((s) => s.stationName === name)!.stationGuid!;
    // Some stations only, at every level, changed before the range.
    const targets = await asOf(kitchen.clock, BEFORE_THE_RANGES, () =>
      service.putTargets(harbor, {
        stations: [
          { stationGuid: station("Grill"), level: 0, seconds: 300 },
          { stationGuid: station("Pizza"), level: 0, seconds: 1200 },
          { stationGuid: station("Expo"), level: 1, seconds: 480 },
          { stationGuid: station("Expo 2"), level: 2, seconds: 1100 },
        ],
      }),
    );
    const summary: KitchenSummary = await ready(
      service.summary(harbor, { ...range, metric: "fire_to_fulfill" }),
    );
    const expected = countLate(await csvRecords(service, range.from, range.to), targets);

    expect(summary.withinTarget.map((w) => w.level)).toEqual([0, 1, 2]);
    for (const w of summary.withinTarget) {
      const c = expected.get(`level:${w.level}`)!;
      expect({ count: w.count, late: w.late, veryLate: w.veryLate, within: w.within }).toEqual({
        count: c.count,
        late: c.late,
        veryLate: c.veryLate,
        within: c.count - c.late,
      });
    }
    for (const s of summary.stations) {
      const c = expected.get(`station:${s.stationGuid}:${s.level}`)!;
      expect([s.stationName, s.level, s.late, s.veryLate]).toEqual([
        s.stationName,
        s.level,
        c.late,
        c.veryLate,
      ]);
    }
    // The Grill's own, shorter target makes more of its records late than the level's did.
    const grill = (x: KitchenSummary) => x.stations.find((s) => s.stationName === "Grill" && s.level === 0)!;
    expect(grill(summary).targetSeconds).toBe(300);
    expect(grill(summary).late).toBeGreaterThan(grill(plain).late);

    for (const date of ["20250310", "20250311", "20250312"]) {
      const perDay = countLate(await csvRecords(service, date, date), targets);
      for (const level of [0, 1, 2] as const) {
        const row = summary.days.find((d) => d.businessDate === date && d.level === level)!;
        const c = perDay.get(`level:${level}`)!;
        expect([date, level, row.late, row.veryLate]).toEqual([date, level, c.late, c.veryLate]);
      }
    }
  });
});
