import { describe, expect, it } from "vitest";

import type { Stats } from "@/lib/kitchen/contract/responses";
import { NONE_FILTER, RECORD_METRICS, type RecordMetric } from "@/lib/kitchen/contract/vocabulary";
import { NO_SERVICE, servicesOn } from "@/lib/kitchen/ingest/day-parts";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { mergeDayParts } from "@/lib/kitchen/query/day-parts-summary";
import { mergeDays, type SummaryFilters } from "@/lib/kitchen/query/range-summary";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment, RestaurantInfo } from "@/lib/platform/schemas";
import { serviceWeekOf } from "@/lib/restaurants/schedule";
import { seededRandom } from "@/lib/sandbox/options";

import { calendarDay, wallClock, weekdayName } from "../support/wall-clock";

/**
 * Day parts and the weekday × hour pattern against an oracle written apart from the code: the
 * wall clock is read with Intl.DateTimeFormat (the code uses @date-fns/tz offsets), a service
 * is a pair of wall-clock strings compared as text, and the statistics are nearest rank over
 * sorted raw durations. The days hold an overnight service (Friday and Saturday late night), a
 * service after midnight that is not overnight (Sunday's night owl, 00:30-02:00 before a 04:00
 * closeout), the spring-forward Sunday and the fall-back night inside Saturday's late night.
 */

const TZ = "America/Chicago";
const CLOSEOUT = 4;

const service = (name: string, start: string, end: string, overnight?: boolean) => ({
  name,
  hours: { startTime: start, endTime: end },
  overnight: overnight ?? null,
});
const SCHEDULES: NonNullable<RestaurantInfo["schedules"]> = {
  daySchedules: {
    week: {
      scheduleName: "Weekday",
      services: [
        service("Lunch", "11:00:00.000", "15:00:00.000"),
        service("Dinner", "17:00:00.000", "22:00:00.000"),
      ],
    },
    late: {
      scheduleName: "Late",
      services: [
        service("Lunch", "11:00", "15:00"),
        service("Dinner", "17:00", "22:00"),
        service("Late night", "22:00", "02:00", true),
      ],
    },
    sunday: {
      scheduleName: "Sunday",
      services: [service("Brunch", "09:30", "14:00"), service("Night owl", "00:30", "02:00")],
    },
  },
  weekSchedule: {
    monday: "week",
    tuesday: "week",
    wednesday: "week",
    thursday: "week",
    friday: "late",
    saturday: "late",
    sunday: "sunday",
  },
};

// Fri, Sat (spring forward at 02:00 the next morning), Sun (the change itself), Sat + Sun of the fall-back night, a Monday.
const DATES = ["20250307", "20250308", "20250309", "20251101", "20251102", "20251103"];
const STATIONS = ["st-grill", "st-fry", null];
const BEHAVIORS = ["DINE_IN", "TAKE_OUT", null];

function makeDay(date: string, seed: number): ItemFulfillment[] {
  const r = seededRandom(`day-parts-${seed}`);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  // The business day in UTC terms, roughly: 09:00 local to 04:00 the next morning, fired anywhere in it.
  const start = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(4, 6)) - 1,
    Number(date.slice(6, 8)),
    14,
  );
  const out: ItemFulfillment[] = [];
  for (let t = 0; t < 260; t++) {
    // Now and then exactly on a service boundary (a whole local hour), to test the half-open hours.
    const fired =
      r() < 0.1 ? start + Math.floor(r() * 19) * 3_600_000 : start + Math.floor(r() * 19 * 3_600_000);
    const behavior = pick(BEHAVIORS);
    for (let k = 0; k < 1 + Math.floor(r() * 2); k++) {
      const station = pick(STATIONS);
      const cook = r() < 0.03 ? 7_200_000 + Math.floor(r() * 1_000_000) : Math.floor(r() * 1_200_000);
      for (const level of [0, 1] as const) {
        out.push({
          restaurantGuid: "r-1",
          selectionGuid: `s-${date}-${t}-${k}`,
          ticketGuid: `t-${date}-${t}`,
          ticketFiredAt: r() < 0.02 ? null : new Date(fired).toISOString(),
          itemStartedAt: new Date(fired + 30_000).toISOString(),
          itemFulfilledAt: r() < 0.02 ? null : new Date(fired + cook + level * 45_000).toISOString(),
          itemFulfillmentLevel: level,
          prepStationGuid: level === 0 ? station : null,
          diningOptionBehavior: behavior,
        });
      }
    }
  }
  return out;
}

// ---- the oracle --------------------------------------------------------------------------

/** "2025-03-07 22:15:09", the restaurant's wall clock. */
const wall = (iso: string) => wallClock(TZ, iso);

/** The service by the definition: the business date's weekday schedule, the first whose wall-clock hours hold the fire time. */
function oracleService(r: ItemFulfillment, date: string): string {
  const at = r.ticketFiredAt ?? r.itemStartedAt ?? r.itemFulfilledAt;
  if (!at) return NO_SERVICE;
  const clock = wall(at);
  const ref = SCHEDULES.weekSchedule![weekdayName(date)]!;
  const services = [
    ...(SCHEDULES.daySchedules![ref] as { services: ReturnType<typeof service>[] }).services,
  ].sort((a, b) => a.hours.startTime.localeCompare(b.hours.startTime));
  for (const s of services) {
    const startHm = s.hours.startTime.slice(0, 5);
    const endHm = s.hours.endTime.slice(0, 5);
    // Before the closeout hour, a start is in the morning after the business date.
    const startDay = Number(startHm.slice(0, 2)) < CLOSEOUT ? 1 : 0;
    const endDay = startDay + (s.overnight ? 1 : 0);
    const from = `${calendarDay(date, startDay)} ${startHm}:00`;
    const to = `${calendarDay(date, endDay)} ${endHm}:00`;
    if (clock >= from && clock < to) return s.name;
  }
  return NO_SERVICE;
}
const oracleHour = (r: ItemFulfillment) => {
  const at = r.ticketFiredAt ?? r.itemStartedAt ?? r.itemFulfilledAt;
  return at ? Number(wall(at).slice(11, 13)) : null;
};

function seconds(r: ItemFulfillment, metric: RecordMetric): number | null {
  const [a, b] =
    metric === "fire_to_fulfill"
      ? [r.ticketFiredAt, r.itemFulfilledAt]
      : metric === "start_to_fulfill"
        ? [r.itemStartedAt, r.itemFulfilledAt]
        : [r.ticketFiredAt, r.itemStartedAt];
  if (!a || !b) return null;
  // Milliseconds rounded half up to whole seconds; a negative difference has no value.
  const ms = Date.parse(b) - Date.parse(a);
  return ms < 0 ? null : Math.floor((ms + 500) / 1000);
}

function oracleStats(
  records: readonly ItemFulfillment[],
  metric: RecordMetric,
): Pick<Stats, "count" | "excluded" | "p50" | "p90" | "max"> {
  const values = records
    .map((r) => seconds(r, metric))
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  const rank = (p: number) =>
    values.length === 0 ? null : values[Math.ceil((p / 100) * values.length) - 1]!;
  return {
    count: values.length,
    excluded: records.length - values.length,
    p50: rank(50),
    p90: rank(90),
    max: values.length ? values[values.length - 1]! : null,
  };
}
const pickStats = (s: Stats) => ({
  count: s.count,
  excluded: s.excluded,
  p50: s.p50,
  p90: s.p90,
  max: s.max,
});

const is = (value: string | null | undefined, wanted: string | undefined) =>
  wanted === undefined || (wanted === NONE_FILTER ? value == null : value === wanted);
function passes(r: ItemFulfillment, f: SummaryFilters, metric: RecordMetric): boolean {
  const s = seconds(r, metric);
  return (
    (f.level === undefined || r.itemFulfillmentLevel === f.level) &&
    is(r.prepStationGuid, f.station) &&
    is(r.diningOptionBehavior, f.behavior) &&
    (f.maxSeconds === undefined || s === null || s <= f.maxSeconds)
  );
}

// ---- the days, summarised as the fetch does and stored ------------------------------------

const week = serviceWeekOf(SCHEDULES);
const raw = DATES.map((d, i) => makeDay(d, i));
const days = DATES.map((d, i) =>
  decodeDaySummary(
    encodeDaySummary(summariseDay(raw[i]!, d, TZ, { closeoutHour: CLOSEOUT, services: servicesOn(week, d) })),
  ),
);
const tagged = raw.flatMap((records, i) =>
  records.map((r) => ({ r, date: DATES[i]!, service: oracleService(r, DATES[i]!) })),
);

const FILTERS: SummaryFilters[] = [
  {},
  { level: 0 },
  { station: "st-fry" },
  { station: NONE_FILTER, behavior: "TAKE_OUT" },
  { maxSeconds: 900 },
  { level: 1, behavior: "DINE_IN", maxSeconds: 1200 },
];

describe("day parts", () => {
  it("assigns the overnight, after-midnight and daylight-saving records as the definition does", () => {
    const names = new Set(tagged.map((t) => t.service));
    // Every kind of case is present, or the comparisons below prove less than they say.
    expect(names).toEqual(new Set(["Lunch", "Dinner", "Late night", "Brunch", "Night owl", NO_SERVICE]));
    const lateAfterMidnight = tagged.filter(
      (t) => t.service === "Late night" && wall(t.r.ticketFiredAt!).slice(0, 10) !== calendarDay(t.date, 0),
    );
    expect(lateAfterMidnight.length).toBeGreaterThan(0);
    // The fall-back night: Saturday 1 November's late night runs through the repeated 01:00 hour.
    expect(
      tagged.some(
        (t) =>
          t.date === "20251101" &&
          t.service === "Late night" &&
          wall(t.r.ticketFiredAt!).startsWith("2025-11-02 01:"),
      ),
    ).toBe(true);
  });

  for (const metric of RECORD_METRICS) {
    for (const filters of FILTERS) {
      it(`services equal the oracle and add up to each level: ${metric} ${JSON.stringify(filters)}`, () => {
        const parts = mergeDayParts(days, metric, filters, CLOSEOUT);
        const kept = tagged.filter((t) => passes(t.r, filters, metric));
        const expected = new Map<string, ItemFulfillment[]>();
        for (const t of kept) {
          const key = `${t.service}|${t.r.itemFulfillmentLevel}`;
          expected.set(key, [...(expected.get(key) ?? []), t.r]);
        }
        expect(parts.services.map((s) => `${s.service}|${s.level}`).sort()).toEqual(
          [...expected.keys()].sort(),
        );
        for (const row of parts.services)
          expect(pickStats(row.stats), `${row.service} ${row.level}`).toEqual(
            oracleStats(expected.get(`${row.service}|${row.level}`)!, metric),
          );

        // The business day's order: brunch before lunch, late night and night owl after dinner, (none) last.
        const order = [...new Set(parts.services.map((s) => s.service))];
        expect(order).toEqual(
          ["Brunch", "Lunch", "Dinner", "Late night", "Night owl", NO_SERVICE].filter((n) =>
            order.includes(n),
          ),
        );

        const levels = mergeDays(days, metric, filters, { 0: 600, 1: 720, 2: 840 }).levels;
        for (const level of levels) {
          const rows = parts.services.filter((s) => s.level === level.level);
          expect(rows.reduce((n, s) => n + s.stats.count, 0)).toBe(level.stats.count);
          expect(rows.reduce((n, s) => n + s.stats.excluded, 0)).toBe(level.stats.excluded);
        }
      });

      it(`weekday × hour equals the oracle: ${metric} ${JSON.stringify(filters)}`, () => {
        const parts = mergeDayParts(days, metric, filters, CLOSEOUT);
        const expected = new Map<string, ItemFulfillment[]>();
        for (const t of tagged) {
          const hour = oracleHour(t.r);
          if (hour === null || !passes(t.r, filters, metric)) continue;
          const key = `${weekdayName(t.date)}|${hour}|${t.r.itemFulfillmentLevel}`;
          expected.set(key, [...(expected.get(key) ?? []), t.r]);
        }
        expect(parts.weekdayHours.map((c) => `${c.weekday}|${c.hour}|${c.level}`).sort()).toEqual(
          [...expected.keys()].sort(),
        );
        for (const cell of parts.weekdayHours)
          expect(pickStats(cell.stats)).toEqual(
            oracleStats(expected.get(`${cell.weekday}|${cell.hour}|${cell.level}`)!, metric),
          );
        expect(parts.businessDayStartHour).toBe(CLOSEOUT);
      });
    }
  }

  it("keeps the services a day was stored with when the schedule changes afterwards", () => {
    const stored = days[0]!;
    expect(stored.dayParts.services.map((s) => s.name)).toEqual(["Lunch", "Dinner", "Late night"]);
    // Friday renamed and regrouped today: the stored Friday still answers with its own services.
    const parts = mergeDayParts([stored], "fire_to_fulfill", {}, CLOSEOUT);
    expect(new Set(parts.services.map((s) => s.service))).toEqual(
      new Set(tagged.filter((t) => t.date === DATES[0]).map((t) => t.service)),
    );
  });

  it("a restaurant without a schedule puts every record in (none)", () => {
    const day = summariseDay(raw[0]!, DATES[0]!, TZ);
    const parts = mergeDayParts([day], "fire_to_fulfill", {}, 0);
    expect(new Set(parts.services.map((s) => s.service))).toEqual(new Set([NO_SERVICE]));
    expect(parts.services.find((s) => s.level === 0)!.stats.count).toBe(
      oracleStats(
        raw[0]!.filter((r) => r.itemFulfillmentLevel === 0),
        "fire_to_fulfill",
      ).count,
    );
  });
});
