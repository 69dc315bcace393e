import { describe, expect, it } from "vitest";

import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { KitchenAnomaly } from "@/lib/kitchen/contract/responses";
import { createKitchenService, type KitchenService } from "@/lib/kitchen/service/kitchen-service";
import { serviceWeekOf } from "@/lib/restaurants/schedule";

import { rowServiceFor } from "../support/wall-clock";
import { levelOf, seconds, withoutLeftOnScreen, type RawRecord } from "./independent-stats";
import {
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  newLog,
  ready,
  sandboxClient,
  TEST_CONFIG,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Unusual days (issue 35) over the sandbox over real HTTP: the summary's `anomalies` of a 60-day
 * range equal an oracle that reads fulfillments.csv date by date, assigns each row its service
 * from the schedule the restaurant's information sends (Intl's wall clock, compared as text),
 * computes each day's p90 per level × station × service by nearest rank, and applies the band rule
 * on its own: the previous 8 same weekdays, at least 6 with records, median ± max(60, 3 × 1.4826
 * × MAD). The sandbox makes some Friday dinners and some lines run slow (lib/sandbox/generate/
 * kitchen-timing.ts), so the oracle has days to find.
 */

const diner = worldRestaurant("Lakeside Diner"); // America/Chicago, closeout 04:00
const range = { from: "20250118", to: "20250318" }; // 60 business dates, all closed at NOW
const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;

type Row = Record<string, string>;

function addDays(date: string, days: number): string {
  const d = new Date(Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8) + days));
  return d.toISOString().slice(0, 10).replaceAll("-", "");
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};

/** Per date, per "level|station|service" slice ("*" = every prep station, level 0 only): p90 and the station's name. */
type DayTable = Map<string, { p90: number; stationName: string | null }>;

function dayTable(rows: Row[], date: string, assign: (r: Row, date: string) => string): DayTable {
  const values = new Map<string, { values: number[]; stationName: string | null }>();
  const push = (key: string, v: number, stationName: string | null) => {
    const slice = values.get(key) ?? values.set(key, { values: [], stationName }).get(key)!;
    // A record now and then lacks the station's name: the day's first name given is the station's.
    slice.stationName ??= stationName;
    slice.values.push(v);
  };
  for (const r of withoutLeftOnScreen(rows as RawRecord[]) as Row[]) {
    const level = levelOf(r as RawRecord);
    const v = seconds(r.ticketFiredAt || undefined, r.itemFulfilledAt || undefined);
    if (level === null || v === null) continue;
    const service = assign(r, date);
    const station = r.prepStationGuid || "";
    push(`${level}|${station}|${service}`, v, r.prepStationName || null);
    if (level === 0) push(`0|*|${service}`, v, null);
  }
  const out: DayTable = new Map();
  for (const [key, { values: vs, stationName }] of values) {
    vs.sort((a, b) => a - b);
    out.set(key, { p90: vs[Math.ceil(0.9 * vs.length) - 1]!, stationName });
  }
  return out;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The oracle's flags of the range, given the days stored (a date absent from `tables` has no figures). */
function oracle(tables: Map<string, DayTable>, dates: string[]): string[] {
  const out: string[] = [];
  for (const date of dates) {
    for (const [key, { p90, stationName }] of tables.get(date) ?? []) {
      const previous: number[] = [];
      for (let k = 1; k <= 8; k++) {
        const p = tables.get(addDays(date, -7 * k))?.get(key)?.p90;
        if (p !== undefined) previous.push(p);
      }
      if (previous.length < 6) continue;
      const m = median(previous);
      const mad = median(previous.map((p) => Math.abs(p - m)));
      const half = Math.max(60, 3 * 1.4826 * mad);
      if (p90 >= m - half && p90 <= m + half) continue;
      const [level, station, service] = key.split("|");
      out.push(
        JSON.stringify([
          date,
          Number(level),
          station === "*" ? null : station === "" ? null : station,
          station === "*" ? null : stationName,
          station === "*",
          service === "(none)" ? null : service,
          p90,
          round1(m),
          round1(m - half),
          round1(m + half),
        ]),
      );
    }
  }
  return out.sort();
}

const flat = (anomalies: KitchenAnomaly[]) =>
  anomalies
    .map((a) =>
      JSON.stringify([
        a.date,
        a.level,
        a.station?.stationGuid ?? null,
        a.station?.stationName ?? null,
        a.station === null,
        a.service,
        a.p90,
        a.median,
        a.low,
        a.high,
      ]),
    )
    .sort();

function dates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

describe("kitchen anomalies on pglite", () => {
  const t = kitchen.databasePerTest("pglite");

  it("flags exactly the days an independent oracle over fulfillments.csv flags, over 60 days", async () => {
    const client = sandboxClient(sandbox.url, newLog());
    const info = await client.restaurants.get(diner.guid, { includeArchived: true });
    const service: KitchenService = createKitchenService({
      db: t.db,
      client,
      config: TEST_CONFIG,
      now: () => clock.now,
      serviceWeek: async () => serviceWeekOf(info.schedules),
    });
    const assign = rowServiceFor(info, diner);
    const summaryOf = async () =>
      ready(service.summary(diner, await kitchenQuery(kitchenSummarySchema, range))).then(
        (s) => s.anomalies!,
      );
    const rangeDates = dates(range.from, range.to);
    expect(rangeDates).toHaveLength(60);

    // Only the range stored: the first weeks' dates lack 6 of their 8 previous same weekdays.
    const onlyRange = await summaryOf();
    const tables = new Map<string, DayTable>();
    for (const date of rangeDates)
      tables.set(
        date,
        dayTable(await fulfillmentsRows(service, diner, { from: date, to: date }), date, assign),
      );
    expect(flat(onlyRange)).toEqual(oracle(tables, rangeDates));
    expect(onlyRange.every((a) => a.date >= addDays(range.from, 42))).toBe(true);

    // The 8 weeks before the range stored too (as the backfill stores them): the same range's
    // answer now reads them, although its own days did not change (the answer cache's key).
    const lookbackFrom = addDays(range.from, -56);
    await service.prepare(diner, { from: lookbackFrom, to: addDays(range.from, -1) });
    for (const date of dates(lookbackFrom, addDays(range.from, -1)))
      tables.set(
        date,
        dayTable(await fulfillmentsRows(service, diner, { from: date, to: date }), date, assign),
      );
    const anomalies = await summaryOf();
    const expected = oracle(tables, rangeDates);
    expect(flat(anomalies)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(flat(onlyRange).length);

    // The sandbox's slow Friday dinners (20250131 and 20250228) are found, at every station together.
    for (const date of ["20250131", "20250228"])
      expect(
        anomalies.some(
          (a) => a.date === date && a.level === 0 && a.station === null && a.service === "Dinner",
        ),
      ).toBe(true);
    // Every flag lies outside its band, and the band is at least 60 s each side.
    for (const a of anomalies) {
      expect(a.p90 < a.low || a.p90 > a.high).toBe(true);
      expect(a.high - a.median).toBeGreaterThanOrEqual(60 - 0.05);
    }

    // The trend section carries the same list; a station filter keeps that station's flags only.
    const trend = await ready(
      service.section(diner, await kitchenQuery(kitchenSummarySchema, range), "trend"),
    );
    expect(trend.anomalies).toEqual(anomalies);
    const station = anomalies.find((a) => a.station?.stationGuid)!.station!.stationGuid!;
    const filtered = await ready(
      service.summary(diner, await kitchenQuery(kitchenSummarySchema, { ...range, station })),
    );
    expect(filtered.anomalies).toEqual(anomalies.filter((a) => a.station?.stationGuid === station));
  }, 400_000); // 116 days fetched from the sandbox and read back as CSV
});
