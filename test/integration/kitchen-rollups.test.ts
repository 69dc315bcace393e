import { describe, expect, it } from "vitest";

import { addBusinessDays, enumerateBusinessDates } from "@/lib/business-date/business-date";
import type { KitchenSummaryQuery } from "@/lib/kitchen/contract/params";
import { KITCHEN_METRICS, NONE_FILTER, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { seededRandom } from "@/lib/sandbox/options";

import { kitchenFile, newLog, ready, STORE_KINDS, worldRestaurant } from "./kitchen-harness";

/**
 * The rollups in the service, on both stores: a long range answered from stored rollups of its
 * whole weeks and months plus its edge days must be byte for byte what merging every day gives,
 * for random ranges and filters; and after a restart it is answered from the stored rollups.
 */

// The sandbox's seeded generator: the same "random" ranges on every run.
const rng = (seed: number) => seededRandom(String(seed));

const grill = worldRestaurant("Old Town Grill");
const WINDOW = { from: "20241225", to: "20250216" };
const kitchen = kitchenFile();

describe.each(STORE_KINDS)("kitchen rollups on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("answer random ranges and filters byte for byte as merging every day does, also after a restart", async () => {
    const log = newLog();
    const withRollups = kitchen.service(t.db, log);
    const daysOnly = kitchen.service(t.db, log, { rollups: false });
    const whole = await ready(withRollups.summary(grill, { ...WINDOW, metric: "fire_to_fulfill" }));
    expect(whole.coverage.complete).toHaveLength(enumerateBusinessDates(WINDOW.from, WINDOW.to).length);

    const random = rng(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const stations = [...whole.options.stations.map((s) => s.stationGuid ?? NONE_FILTER)];
    const queries: KitchenSummaryQuery[] = Array.from({ length: 30 }, () => {
      const from = addBusinessDays(WINDOW.from, Math.floor(random() * 25));
      const to = addBusinessDays(
        from,
        7 + Math.floor(random() * (enumerateBusinessDates(from, WINDOW.to).length - 8)),
      );
      const q: KitchenSummaryQuery = { from, to, metric: pick(KITCHEN_METRICS) };
      if (random() < 0.3) q.level = pick([0, 1, 2] as KitchenLevel[]);
      if (random() < 0.3) q.station = pick(stations);
      if (random() < 0.3) q.behavior = pick([...whole.options.behaviors.map((b) => b ?? NONE_FILTER)]);
      if (random() < 0.3) q.source = pick([...whole.options.sources.map((s) => s ?? NONE_FILTER)]);
      return q;
    });
    // The first asking builds the rollups in the background (and answers from the days).
    for (const q of queries) await ready(withRollups.summary(grill, q));
    await withRollups.rollupsSettled();
    const stored = await t.db.query<{ n: number }>(
      "SELECT count(DISTINCT period_kind || period_start)::int AS n FROM kitchen_rollups",
    );
    expect(stored[0]!.n).toBeGreaterThanOrEqual(5);

    for (const q of queries) {
      const same =
        JSON.stringify(await ready(withRollups.summary(grill, q))) ===
        JSON.stringify(await ready(daysOnly.summary(grill, q)));
      expect(same, `answers differ for ${JSON.stringify(q)}`).toBe(true);
    }
    const csvQuery = { from: "20250101", to: "20250216", level: 0 as const };
    expect(await ready(withRollups.stationLevelRows(grill, csvQuery))).toEqual(
      await ready(daysOnly.stationLevelRows(grill, csvQuery)),
    );

    // A restart: a new service over the same store. With the summaries of the days its rollups
    // cover (January; the weeks of Feb 3 and Feb 10) gone from the store, only the stored
    // rollups can still give the range whole.
    // Counting items left on screen: left out, wait to start is merged from days only (its rollups
    // cannot give the stuck records back), so the rollups' stand-in is what this asks.
    const q: KitchenSummaryQuery = {
      from: "20250101",
      to: "20250216",
      metric: "wait_to_start",
      stuck: "include",
    };
    const filtered: KitchenSummaryQuery = { ...q, station: stations[0]!, behavior: "DINE_IN" };
    // The day parts (services, weekday × hour) come from the rollups too: with the summaries of
    // the covered days gone, the whole answer still comes back, day parts included.
    const before = JSON.stringify(await ready(daysOnly.summary(grill, q)));
    const filteredBefore = JSON.stringify(await ready(daysOnly.summary(grill, filtered)));
    expect(JSON.parse(before).dayParts.weekdayHours.length).toBeGreaterThan(100);
    await t.db.query(
      "UPDATE kitchen_days SET summary = NULL WHERE business_date BETWEEN '20250101' AND '20250131' OR business_date BETWEEN '20250203' AND '20250216'",
    );
    const restarted = kitchen.service(t.db, log);
    const after = JSON.stringify(await ready(restarted.summary(grill, q)));
    // Compared as booleans: a difference would print two 60 kB answers.
    expect(after === before, "the restarted answer differs").toBe(true);
    // A station filter needs the rollups' full cubes, read from the store only then.
    expect(
      JSON.stringify(await ready(restarted.summary(grill, filtered))) === filteredBefore,
      "the restarted filtered answer differs",
    ).toBe(true);
    expect(log.fulfillmentRequests).toHaveLength(enumerateBusinessDates(WINDOW.from, WINDOW.to).length);
  });
});
