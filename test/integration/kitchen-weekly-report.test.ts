import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { toCsv } from "@/lib/csv/csv";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import { weeklyReportSchema } from "@/lib/kitchen/contract/weekly-report";
import { weeklyReportCsvColumns } from "@/lib/kitchen/query/weekly-report-csv";
import { kitchenWeeklyReport, reportWeek } from "@/lib/kitchen/service/weekly-report";

import {
  dropByteDuplicates,
  levelOf,
  seconds,
  statsOf,
  withoutLeftOnScreen,
  type RawRecord,
} from "./independent-stats";
import { kitchenFile, kitchenQuery, overviewRestaurant, ready } from "./kitchen-harness";

/**
 * weekly-report.csv (issue 34): per restaurant and level, a Monday-Sunday week against the week
 * before, every figure held against the raw records of each week computed the plain way
 * (independent-stats.ts, the default targets 600/720/840 s written out), in the CSVs' units.
 */
const harbor = overviewRestaurant("Harbor Street Kitchen");
const mesa = overviewRestaurant("Mesa Verde Cantina");
const oldTown = overviewRestaurant("Old Town Grill");
const pier = overviewRestaurant("Pier 9 Pizza");
const TARGET = [600, 720, 840] as const;

const kitchen = kitchenFile();
const { clock } = kitchen;

type Figures = { records: number; late: number; p50: number | null; p90: number | null };

/** One week's figures per level from the records fulfillments come from, counted plainly. */
async function expectedWeek(
  service: ReturnType<typeof kitchen.service>,
  restaurant: typeof harbor,
  week: { from: string; to: string },
): Promise<Figures[]> {
  const chunks = await ready(service.records(restaurant, await kitchenQuery(kitchenRangeSchema, week)));
  const raw: RawRecord[] = [];
  for await (const chunk of chunks) raw.push(...(chunk as unknown as RawRecord[]));
  const unique = withoutLeftOnScreen(dropByteDuplicates(raw).unique);
  return ([0, 1, 2] as const).map((level) => {
    const atLevel = unique.filter((x) => levelOf(x) === level);
    const stats = statsOf(atLevel, "fire_to_fulfill");
    const late = atLevel
      .map((x) => seconds(x.ticketFiredAt, x.itemFulfilledAt))
      .filter((s): s is number => s !== null && s > TARGET[level]).length;
    return { records: stats.count, late, p50: stats.p50, p90: stats.p90 };
  });
}

/** The CSV's texts for a figure: one decimal, halves up, empty for none. */
const text = (v: number | null) => (v === null ? "" : String(v));
const minutes = (s: number | null) =>
  s === null ? "" : String(Math.sign(s) * (Math.floor(Math.abs(s) / 6 + 0.5) / 10));
const pct = (late: number, records: number) =>
  records === 0 ? "" : String(Math.floor((late * 1000) / records + 0.5) / 10);

describe("kitchen weekly report", () => {
  const t = kitchen.databasePerTest("pglite");

  it("takes the last full Monday-Sunday week by default, refuses one not ended and a day that is not a Monday", async () => {
    // The clock: Thursday 2025-03-20 in every restaurant.
    expect(reportWeek([harbor, mesa], clock.now)).toEqual({ from: "20250310", to: "20250316" });
    expect(reportWeek([harbor], clock.now, "20250303")).toEqual({ from: "20250303", to: "20250309" });
    expect(reportWeek([harbor], clock.now, "20250317")).toEqual({
      error: "the week of 2025-03-17 has not ended yet for every restaurant",
    });
    expect((await kitchenQuery(weeklyReportSchema, { week: "2025-03-10" })).week).toBe("20250310");
    await expect(kitchenQuery(weeklyReportSchema, { week: "2025-03-11" })).rejects.toThrow(
      /must be a Monday/,
    );
    await expect(kitchenQuery(weeklyReportSchema, { week: "20250310" })).rejects.toThrow(/must be a Monday/);
  });

  it("writes per restaurant and level the week, the week before and the change, exactly as the raw records say", async () => {
    const service = kitchen.service(t.db);
    const week = reportWeek([mesa, oldTown, pier], clock.now);
    if ("error" in week) throw new Error(week.error);
    const report = await kitchenWeeklyReport(service, [mesa, oldTown, pier], week);
    expect(report.pending).toEqual([]);
    const csv = toCsv(weeklyReportCsvColumns(report), report.rows);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(csv.split("\r\n")[0]).toBe(
      "week_from,week_to,previous_from,previous_to,restaurant_guid,restaurant,location,archived,status,level," +
        "records,late,late_pct,p50_s,p50_min,p90_s,p90_min," +
        "previous_records,previous_late,previous_late_pct,previous_p50_s,previous_p50_min,previous_p90_s,previous_p90_min," +
        "records_change,late_change,late_change_pts,p50_change_s,p50_change_min,p90_change_s,p90_change_min",
    );
    expect(
      new Set(rows.map((r) => [r.week_from, r.week_to, r.previous_from, r.previous_to].join(" "))),
    ).toEqual(new Set(["2025-03-10 2025-03-16 2025-03-03 2025-03-09"]));
    // Pier 9 has no kitchen tier: listed once, marked, no figures.
    const pierRows = rows.filter((r) => r.restaurant === "Pier 9 Pizza");
    expect(pierRows.map((r) => [r.status, r.level, r.records, r.late_pct])).toEqual([
      ["not_entitled", "0", "", ""],
    ]);
    expect(rows.find((r) => r.restaurant === "Old Town Grill")!.archived).toBe("true");

    for (const restaurant of [mesa, oldTown]) {
      const current = await expectedWeek(service, restaurant, week);
      const previous = await expectedWeek(service, restaurant, { from: "20250303", to: "20250309" });
      const mine = rows.filter((r) => r.restaurant_guid === restaurant.guid);
      // Levels with a record in either week, level 0 always.
      const levels = [0, 1, 2].filter((l) => l === 0 || current[l]!.records + previous[l]!.records > 0);
      expect(mine.map((r) => Number(r.level))).toEqual(levels);
      expect(current[0]!.records).toBeGreaterThan(0);
      for (const row of mine) {
        const c = current[Number(row.level)]!;
        const p = previous[Number(row.level)]!;
        const d = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
        const pts =
          c.records === 0 || p.records === 0
            ? ""
            : String(Math.round((c.late / c.records - p.late / p.records) * 1000) / 10);
        expect(row, `${restaurant.name} L${row.level}`).toEqual({
          ...row,
          status: "ready",
          records: String(c.records),
          late: String(c.late),
          late_pct: pct(c.late, c.records),
          p50_s: text(c.p50),
          p50_min: minutes(c.p50),
          p90_s: text(c.p90),
          p90_min: minutes(c.p90),
          previous_records: String(p.records),
          previous_late: String(p.late),
          previous_late_pct: pct(p.late, p.records),
          previous_p50_s: text(p.p50),
          previous_p90_s: text(p.p90),
          previous_p90_min: minutes(p.p90),
          records_change: String(c.records - p.records),
          late_change: String(c.late - p.late),
          p90_change_s: text(d(c.p90, p.p90)),
          p90_change_min: minutes(d(c.p90, p.p90)),
        });
        // Points: the two shares' difference, rounded once (a hair from a half it could round either way).
        if (pts !== "") expect(Math.abs(Number(row.late_change_pts) - Number(pts))).toBeLessThanOrEqual(0.1);
        else expect(row.late_change_pts).toBe("");
      }
    }
  }, 300_000);
});
