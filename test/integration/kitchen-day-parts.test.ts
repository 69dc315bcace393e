import { describe, expect, it } from "vitest";

import { kitchenSummarySchema, kitchenTicketsSchema } from "@/lib/kitchen/contract/params";
import { createKitchenService, type KitchenService } from "@/lib/kitchen/service/kitchen-service";
import { serviceWeekOf } from "@/lib/restaurants/schedule";

import { rowServiceFor } from "../support/wall-clock";
import { levelOf, statsOf, withoutLeftOnScreen, type RawRecord } from "./independent-stats";
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
 * Day parts over the sandbox over real HTTP: the summary's services and weekday × hour, and the
 * service filter on the summary, tickets and fulfillments.csv, held against fulfillments.csv's
 * rows assigned to services independently (Intl's wall clock, the schedule as the restaurant's
 * information sends it, compared as text).
 */

const harbor = worldRestaurant("Harbor Street Kitchen"); // America/New_York, closeout 04:00, late night Fri and Sat
// Friday, Saturday (late night through the spring-forward night), Sunday (the change).
const range = { from: "20250307", to: "20250309" };
const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;

type Row = Record<string, string>;

const csvRows = (service: KitchenService, query: Record<string, string>): Promise<Row[]> =>
  fulfillmentsRows(service, harbor, query);

describe("kitchen day parts on pglite", () => {
  const t = kitchen.databasePerTest("pglite");

  it("answers services, weekday x hour and the service filter as fulfillments.csv's rows give them", async () => {
    const client = sandboxClient(sandbox.url, newLog());
    const info = await client.restaurants.get(harbor.guid, { includeArchived: true });
    const service = createKitchenService({
      db: t.db,
      client,
      config: TEST_CONFIG,
      now: () => clock.now,
      serviceWeek: async () => serviceWeekOf(info.schedules),
    });
    const assign = rowServiceFor(info, harbor);
    // The rows of each date, with the date they were stored under.
    const rows: (Row & { date: string; service: string })[] = [];
    for (const date of ["20250307", "20250308", "20250309"]) {
      for (const r of await csvRows(service, { from: date, to: date }))
        rows.push({ ...r, date, service: assign(r, date) });
    }
    const measurable = rows.filter((r) => levelOf(r as RawRecord) !== null);
    expect(new Set(measurable.map((r) => r.service))).toContain("Late Night");
    // Items left on screen count in no figure by default.
    const counted = withoutLeftOnScreen(measurable);

    const summary = await ready(service.summary(harbor, await kitchenQuery(kitchenSummarySchema, range)));
    const parts = summary.dayParts!;
    const expected = new Map<string, Row[]>();
    const push = (m: Map<string, Row[]>, key: string, r: Row) =>
      (m.get(key) ?? m.set(key, []).get(key)!).push(r);
    for (const r of counted) push(expected, `${r.service}|${r.itemFulfillmentLevel}`, r);
    expect(parts.services.map((s) => `${s.service}|${s.level}`).sort()).toEqual([...expected.keys()].sort());
    for (const s of parts.services)
      expect(s.stats).toMatchObject(statsOf(expected.get(`${s.service}|${s.level}`)!, "fire_to_fulfill"));
    for (const level of summary.levels) {
      expect(
        parts.services.filter((s) => s.level === level.level).reduce((n, s) => n + s.stats.count, 0),
      ).toBe(level.stats.count);
    }

    // Weekday x hour: the cells' counts are the rows' by the business date's weekday and the fire time's hour.
    const hourFormat = new Intl.DateTimeFormat("en-US", {
      timeZone: harbor.timeZone,
      hour: "numeric",
      hourCycle: "h23",
    });
    const hourOf = (iso: string) => Number(hourFormat.format(new Date(iso)));
    const cells = new Map<string, Row[]>();
    for (const r of counted) {
      const at = r.ticketFiredAt || r.itemStartedAt || r.itemFulfilledAt;
      if (!at || r.itemFulfillmentLevel !== "0") continue;
      const weekday = new Date(Date.UTC(+r.date.slice(0, 4), +r.date.slice(4, 6) - 1, +r.date.slice(6, 8)))
        .toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" })
        .toLowerCase();
      const key = `${weekday}|${hourOf(at)}`;
      push(cells, key, r);
    }
    const level0 = parts.weekdayHours.filter((c) => c.level === 0);
    expect(level0.map((c) => `${c.weekday}|${c.hour}`).sort()).toEqual([...cells.keys()].sort());
    for (const c of level0)
      expect(c.stats).toMatchObject(statsOf(cells.get(`${c.weekday}|${c.hour}`)!, "fire_to_fulfill"));
    expect(parts.businessDayStartHour).toBe(harbor.closeoutHour);

    // The service filter, alone and with a station, on the summary; fulfillments.csv gives exactly the service's rows.
    const station = measurable.find((r) => r.service === "Late Night" && r.prepStationGuid)!.prepStationGuid!;
    const cases: Record<string, string>[] = [
      { service: "Late Night" },
      { service: "Late Night", station },
      { service: "(none)", level: "1" },
    ];
    for (const filters of cases) {
      const filtered = await ready(
        service.summary(harbor, await kitchenQuery(kitchenSummarySchema, { ...range, ...filters })),
      );
      expect(filtered.filters.service).toBe(filters.service);
      const own = counted.filter(
        (r) =>
          r.service === filters.service &&
          (!("station" in filters) || r.prepStationGuid === filters.station) &&
          (!("level" in filters) || r.itemFulfillmentLevel === filters.level),
      );
      // The levels shown are those of the filtered days (a station filter keeps the expediter levels, at zero).
      const inService = measurable.filter(
        (r) =>
          r.service === filters.service &&
          (!("level" in filters) || r.itemFulfillmentLevel === filters.level),
      );
      const levels = [...new Set(inService.map((r) => Number(r.itemFulfillmentLevel)))].sort();
      expect(
        filtered.levels.map((l) => l.level),
        JSON.stringify(filters),
      ).toEqual(levels);
      for (const l of filtered.levels)
        expect(l.stats).toMatchObject(
          statsOf(
            own.filter((r) => Number(r.itemFulfillmentLevel) === l.level),
            "fire_to_fulfill",
          ),
        );
      expect(new Set(filtered.dayParts!.services.map((s) => s.service))).toEqual(
        new Set(own.length ? [filters.service] : []),
      );
    }
    const lateRows = await csvRows(service, { ...range, service: "Late Night" });
    const identity = (r: Row) => `${r.selectionGuid}|${r.itemFulfillmentLevel}|${r.prepStationGuid}`;
    expect(lateRows.map(identity)).toEqual(rows.filter((r) => r.service === "Late Night").map(identity));

    // Tickets: only late-night tickets rank, by their largest level-0 fire to fulfill among late-night rows.
    const tickets = await ready(
      service.tickets(
        harbor,
        await kitchenQuery(kitchenTicketsSchema, { ...range, level: 0, limit: 5, service: "Late Night" }),
      ),
    );
    const best = new Map<string, number>();
    for (const r of counted) {
      if (r.service !== "Late Night" || r.itemFulfillmentLevel !== "0" || r.fire_to_fulfill_s === "")
        continue;
      best.set(r.ticketGuid!, Math.max(best.get(r.ticketGuid!) ?? -1, Number(r.fire_to_fulfill_s)));
    }
    expect(tickets.tickets.map((x) => x.seconds)).toEqual(
      [...best.values()].sort((a, b) => b - a).slice(0, 5),
    );
    for (const x of tickets.tickets) expect(best.has(x.ticketGuid!)).toBe(true);
  }, 240_000);
});
