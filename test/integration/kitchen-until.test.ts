import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { summaryCsv } from "@/lib/kitchen/query/kitchen-csv";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import { wallParts } from "../support/wall-clock";
import { isLeftOnScreen, statsOf } from "./independent-stats";
import {
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  ready,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * The time-of-day clip (`until=HHMM`, business-day clock) against fulfillments.csv's rows, date
 * by date, kept or not by a rule written here on the restaurant's WALL CLOCK (Intl, not the
 * service's instants): a row counts when the local time the kitchen got it, read as seconds from
 * the business date's calendar midnight (a time past midnight and before the closeout is the next
 * calendar day's), is before the clip's. Mesa Verde Cantina closes out at 03:00 in Los Angeles;
 * 2025-03-09 02:00 is the spring-forward change, inside business date 20250308.
 */
const mesa = worldRestaurant("Mesa Verde Cantina");
const DATES = ["20250308", "20250309", "20250310"];
const range = { from: DATES[0]!, to: DATES[DATES.length - 1]! };
const kitchen = kitchenFile();

type Row = Record<string, string>;

/** Seconds from the business date's calendar midnight to the row's local arrival time; null when it has no time. */
function localPosition(row: Row, date: string): number | null {
  const at = row.ticketFiredAt || row.itemStartedAt || row.itemFulfilledAt;
  if (!at) return null;
  const p = wallParts(mesa.timeZone, at);
  const dayDiff =
    (Date.UTC(+p.year!, +p.month! - 1, +p.day!) -
      Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6))) /
    86_400_000;
  return dayDiff * 86_400 + +p.hour! * 3600 + +p.minute! * 60 + +p.second!;
}

function clipPosition(until: string): number {
  const h = Number(until.slice(0, 2));
  return (
    (h < mesa.closeoutHour ? 86_400 : 0) +
    h * 3600 +
    Number(until.slice(2, 4)) * 60 +
    Number(until.slice(4, 6) || 0)
  );
}

const rowsOf = (service: KitchenService, date: string): Promise<Row[]> =>
  fulfillmentsRows(service, mesa, { from: date, to: date });

/** A selection's behavior is the first its rows name (a row may lack one), as the summary reads it. */
function firstBehaviors(rows: readonly Row[]): Map<string, string> {
  const first = new Map<string, string>();
  for (const r of rows)
    if (r.selectionGuid && !first.get(r.selectionGuid))
      first.set(r.selectionGuid, r.diningOptionBehavior ?? "");
  return first;
}

describe.each(STORE_KINDS)("the time-of-day clip on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("counts, at every level and with other filters, exactly the rows before the clip on each date's wall clock", async () => {
    const service = kitchen.service(t.db);
    const byDate = new Map<string, Row[]>();
    for (const date of DATES) byDate.set(date, await rowsOf(service, date));
    const all = [...byDate.values()].flat();
    const behavior = firstBehaviors(all);
    const item = [...new Set(all.map((r) => r.selectionMenuItemGuid))]
      .map((g) => [g, all.filter((r) => r.selectionMenuItemGuid === g).length] as const)
      .sort((a, b) => b[1] - a[1])[0]![0]!;
    const station = all.find((r) => r.itemFulfillmentLevel === "0" && r.prepStationGuid)!.prepStationGuid!;

    // 0230 falls in the skipped hour of 2025-03-09 (the business date 20250308's night); 0100 is
    // the next calendar day; 142415 has seconds.
    const clips = ["1424", "0100", "0230", "142415", "2000"];
    const filterCases: Record<string, string>[] = [
      {},
      { level: "0" },
      { station, behavior: "DINE_IN" },
      { maxMinutes: "15" },
      { item },
    ];
    let cuts = 0;
    for (const until of clips) {
      const kept = DATES.flatMap((date) =>
        byDate.get(date)!.filter((r) => (localPosition(r, date) ?? Infinity) < clipPosition(until)),
      );
      expect(kept.length, until).toBeGreaterThan(0);
      if (kept.length < all.length) cuts += 1;
      for (const filters of filterCases) {
        for (const metric of ["fire_to_fulfill", "wait_to_start"] as const) {
          const summary: KitchenSummary = await ready(
            service.summary(
              mesa,
              await kitchenQuery(kitchenSummarySchema, { ...range, ...filters, metric, until }),
            ),
          );
          expect(summary.filters.until).toBe(until);
          const label = `${until} ${JSON.stringify(filters)} ${metric}`;
          const max = filters.maxMinutes === undefined ? Infinity : Number(filters.maxMinutes) * 60;
          const durationOf = (r: Row) => r[`${metric}_s`];
          const passing = kept.filter(
            (r) =>
              ["0", "1", "2"].includes(r.itemFulfillmentLevel!) &&
              (filters.level === undefined || r.itemFulfillmentLevel === filters.level) &&
              (filters.station === undefined || r.prepStationGuid === filters.station) &&
              (filters.behavior === undefined ||
                (behavior.get(r.selectionGuid!) ?? r.diningOptionBehavior) === filters.behavior) &&
              (filters.item === undefined || r.selectionMenuItemGuid === filters.item) &&
              !(durationOf(r) !== "" && Number(durationOf(r)) > max) &&
              // Items left on screen count nowhere by default.
              !isLeftOnScreen(r),
          );
          const levels = [...new Set(passing.map((r) => Number(r.itemFulfillmentLevel)))].sort();
          expect(
            summary.levels.filter((l) => l.stats.count + l.stats.excluded > 0).map((l) => l.level),
            label,
          ).toEqual(levels);
          for (const l of summary.levels) {
            const at = passing.filter((r) => r.itemFulfillmentLevel === String(l.level));
            expect(l.stats, `${label} level ${l.level}`).toMatchObject(statsOf(at, metric));
            expect(l.items, `${label} level ${l.level} items`).toBe(
              new Set(at.map((r, i) => r.selectionGuid || `row ${i}`)).size,
            );
          }
        }
      }
    }
    // Most clips cut the day (the kitchen is quiet after 02:30, so that one keeps every row).
    expect(cuts).toBeGreaterThanOrEqual(3);

    // summary.csv takes the clip too: its station rows add up to the clipped records.
    const csv = parse(
      await new Response(
        summaryCsv(
          mesa.guid,
          await ready(
            service.stationLevelRows(
              mesa,
              await kitchenQuery(kitchenSummarySchema, { ...range, until: "1424" }),
            ),
          ),
        ),
      ).text(),
      { columns: true, bom: true },
    ) as Row[];
    const kept = DATES.flatMap((date) =>
      byDate.get(date)!.filter((r) => (localPosition(r, date) ?? Infinity) < clipPosition("1424")),
    );
    expect(
      csv
        .filter((r) => r.metric === "fire_to_fulfill")
        .reduce((n, r) => n + Number(r.count) + Number(r.excluded), 0),
    ).toBe(
      kept.filter((r) => ["0", "1", "2"].includes(r.itemFulfillmentLevel!) && !isLeftOnScreen(r)).length,
    );
  });

  it("refuses a clip that is not a time of day, in words", async () => {
    for (const until of ["2400", "14:24", "1460", "abc", "14241"]) {
      await expect(kitchenQuery(kitchenSummarySchema, { ...range, until })).rejects.toThrow(
        /until must be a time of day written HHMM or HHMMSS/,
      );
    }
  });
});
