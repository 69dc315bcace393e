import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { toCsv } from "@/lib/csv/csv";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import { DEFAULT_TARGET_SECONDS, KITCHEN_LEVELS } from "@/lib/kitchen/contract/vocabulary";
import { overviewCsvColumns } from "@/lib/kitchen/query/kitchen-csv";
import { kitchenOverview } from "@/lib/kitchen/service/overview";

import {
  dropByteDuplicates,
  isLeftOnScreen,
  levelOf,
  seconds,
  statsOf,
  withoutLeftOnScreen,
  type RawRecord,
} from "./independent-stats";
import { kitchenFile, kitchenQuery, newLog, overviewRestaurant, ready } from "./kitchen-harness";

/**
 * The multi-unit Overview (issue 15): each restaurant's own period and the one before it, levels
 * 0-2, held against the raw records of each period computed the plain way (independent-stats.ts),
 * with archived and not-entitled restaurants listed and marked.
 */
const restaurant = overviewRestaurant;
const mesa = restaurant("Mesa Verde Cantina");
const oldTown = restaurant("Old Town Grill");
const pier = restaurant("Pier 9 Pizza");

const kitchen = kitchenFile();
const { clock } = kitchen;

describe("kitchen overview", () => {
  const t = kitchen.databasePerTest("pglite");

  it("gives each restaurant's period and the one before it, per level, exactly as the raw records say", async () => {
    const service = kitchen.service(t.db);
    const overview = await kitchenOverview(service, [mesa, oldTown, pier], "yesterday", clock.now);
    expect(overview.range).toBe("yesterday");
    expect(overview.rows.map((r) => [r.restaurantName, r.status, r.archived])).toEqual([
      ["Mesa Verde Cantina", "ready", false],
      ["Old Town Grill", "ready", true],
      ["Pier 9 Pizza", "not_entitled", false],
    ]);
    for (const row of overview.rows.filter((r) => r.status === "ready")) {
      const r = row.restaurantGuid === mesa.guid ? mesa : oldTown;
      // Yesterday and the day before, in the restaurant's own business dates.
      expect(row.period.from).toBe(row.period.to);
      expect(Number(row.period.from) - Number(row.previousPeriod.from)).toBe(1);
      for (const [period, figures] of [
        [row.period, row.current],
        [row.previousPeriod, row.previous],
      ] as const) {
        const chunks = await ready(service.records(r, await kitchenQuery(kitchenRangeSchema, period)));
        const raw: RawRecord[] = [];
        for await (const chunk of chunks) raw.push(...(chunk as unknown as RawRecord[]));
        const { unique: all } = dropByteDuplicates(raw);
        // Items left on screen count in no figure by default; the current period says how many.
        const unique = withoutLeftOnScreen(all);
        if (period === row.period)
          expect(row.stuckRecords).toBe(all.filter((x) => levelOf(x) !== null && isLeftOnScreen(x)).length);
        expect(figures.map((f) => f.level)).toEqual([...KITCHEN_LEVELS]);
        for (const level of KITCHEN_LEVELS) {
          const atLevel = unique.filter((x) => levelOf(x) === level);
          const stats = statsOf(atLevel, "fire_to_fulfill");
          const times = atLevel
            .map((x) => seconds(x.ticketFiredAt, x.itemFulfilledAt))
            .filter((s): s is number => s !== null);
          const within = times.filter((s) => s <= DEFAULT_TARGET_SECONDS[level]).length;
          // Items: distinct order selections with a record at the level (one without a selection is its own).
          const items = new Set(
            atLevel.map((x, i) =>
              typeof x.selectionGuid === "string" && x.selectionGuid ? x.selectionGuid : `#${i}`,
            ),
          ).size;
          const f = figures.find((x) => x.level === level)!;
          expect(
            { items: f.items, records: f.records, p50: f.p50, p90: f.p90, onTimeShare: f.onTimeShare },
            `${r.name} ${period.from} L${level}`,
          ).toEqual({
            items,
            records: stats.count,
            p50: stats.p50,
            p90: stats.p90,
            onTimeShare: stats.count === 0 ? null : within / stats.count,
          });
        }
        expect(figures[0]!.records).toBeGreaterThan(0);
      }
    }
  });

  it("says which restaurants are still being fetched, with their progress, instead of holding the table", async () => {
    const service = kitchen.service(t.db, newLog(), { readyWaitMs: 0 });
    const overview = await kitchenOverview(service, [mesa], "7d", clock.now);
    const [row] = overview.rows;
    expect(row!.status).toBe("pending");
    expect(row!.current).toEqual([]);
    expect(row!.progress!.total).toBe(14);
    expect(row!.progress!.answered).toBeLessThan(14);
  });

  it("writes one CSV row per restaurant, numbers as numbers, marked archived and not entitled", async () => {
    const service = kitchen.service(t.db);
    const overview = await kitchenOverview(service, [mesa, oldTown, pier], "yesterday", clock.now);
    const rows = parse(toCsv(overviewCsvColumns, overview.rows), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((r) => [r.restaurant, r.status, r.archived])).toEqual([
      ["Mesa Verde Cantina", "ready", "false"],
      ["Old Town Grill", "ready", "true"],
      ["Pier 9 Pizza", "not_entitled", "false"],
    ]);
    const m = overview.rows[0]!;
    expect(Number(rows[0]!.l1_p90_s)).toBe(m.current[1]!.p90);
    // Minutes with one decimal beside the seconds; the share as a percentage with one decimal.
    expect(Number(rows[0]!.l1_p90_min)).toBe(Math.floor(m.current[1]!.p90! / 6 + 0.5) / 10);
    expect(Number(rows[0]!.l2_previous_records)).toBe(m.previous[2]!.records);
    expect(Number(rows[0]!.l0_on_time_pct)).toBe(Math.round(m.current[0]!.onTimeShare! * 1000) / 10);
    expect(rows[0]!.l0_on_time_pct).toMatch(/^\d{1,3}(\.\d)?$/);
    // The periods as ISO dates: yesterday of the clock, and the day before it.
    expect([rows[0]!.from, rows[0]!.to, rows[0]!.previous_from]).toEqual([
      `${m.period.from.slice(0, 4)}-${m.period.from.slice(4, 6)}-${m.period.from.slice(6)}`,
      `${m.period.to.slice(0, 4)}-${m.period.to.slice(4, 6)}-${m.period.to.slice(6)}`,
      `${m.previousPeriod.from.slice(0, 4)}-${m.previousPeriod.from.slice(4, 6)}-${m.previousPeriod.from.slice(6)}`,
    ]);
    expect(rows[2]!.l0_p50_s).toBe("");
    expect(rows[2]!.l0_p50_min).toBe("");
  });
});
