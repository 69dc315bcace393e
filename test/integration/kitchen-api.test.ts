import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import {
  kitchenRangeSchema,
  kitchenRecordsSchema,
  kitchenSummarySchema,
  kitchenTicketsSchema,
} from "@/lib/kitchen/contract/params";
import type { KitchenCoverage, KitchenTickets } from "@/lib/kitchen/contract/responses";
import { fulfillmentsCsv, summaryCsv } from "@/lib/kitchen/query/kitchen-csv";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import { statsOf, withoutLeftOnScreen } from "./independent-stats";
import {
  asOf,
  BEFORE_THE_RANGES,
  kitchenFile,
  kitchenQuery,
  newLog,
  NOW,
  parseFulfillmentsCsv,
  ready,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

const mesa = worldRestaurant("Mesa Verde Cantina"); // America/Los_Angeles, ~420 tickets a day
const range = { from: "20250310", to: "20250312" };

const kitchen = kitchenFile();

/**
 * What the kitchen routes answer, from the service and the CSV writer the handlers call with the
 * query the route wrapper parses; the wrapper itself (session, access, 400s) is tested route by
 * route in api-routes.test.ts.
 */
async function fulfillmentsCsvText(service: KitchenService, query: Record<string, string>): Promise<string> {
  return new Response(
    fulfillmentsCsv(
      await ready(service.records(mesa, await kitchenQuery(kitchenRecordsSchema, query))),
      new Set(),
      mesa.timeZone,
    ),
  ).text();
}

describe.each(STORE_KINDS)("kitchen API on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("reports coverage from the store alone: a cold range is pending and nothing is fetched", async () => {
    const log = newLog();
    const service = kitchen.service(t.db, log);
    const cold: KitchenCoverage = await service.coverage(mesa, await kitchenQuery(kitchenRangeSchema, range));
    expect(cold).toMatchObject({ total: 3, ready: 0, pending: 3, complete: 0 });
    expect(cold.dates.map((d) => d.status)).toEqual(["pending", "pending", "pending"]);
    expect(log.fulfillmentRequests).toEqual([]);

    await service.prepare(mesa, { from: "20250310", to: "20250311" });
    const warm: KitchenCoverage = await service.coverage(mesa, await kitchenQuery(kitchenRangeSchema, range));
    expect(warm).toMatchObject({ total: 3, ready: 2, complete: 2, pending: 1 });
    expect(warm.dates).toEqual([
      { date: "20250310", status: "complete" },
      { date: "20250311", status: "complete" },
      { date: "20250312", status: "pending" },
    ]);
  });

  it("lists the slowest tickets with every record of each, at every level", async () => {
    const service = kitchen.service(t.db);
    const res: KitchenTickets = await ready(
      service.tickets(mesa, await kitchenQuery(kitchenTicketsSchema, { ...range, limit: 8, level: 0 })),
    );
    expect(res.tickets).toHaveLength(8);
    const csv = await fulfillmentsCsvText(service, range);
    const records = parseFulfillmentsCsv(csv);

    // The ranking, recomputed from the export: a ticket's largest level-0 fire-to-fulfill, items left on screen left out.
    const best = new Map<string, number>();
    for (const r of withoutLeftOnScreen(records)) {
      if (r.itemFulfillmentLevel !== "0" || r.fire_to_fulfill_s === "") continue;
      best.set(r.ticketGuid!, Math.max(best.get(r.ticketGuid!) ?? -1, Number(r.fire_to_fulfill_s)));
    }
    const expected = [...best.values()].sort((a, b) => b - a).slice(0, 8);
    expect(res.tickets.map((x) => x.seconds)).toEqual(expected);

    for (const ticket of res.tickets) {
      const own = records.filter((r) => r.ticketGuid === ticket.ticketGuid);
      expect(ticket.items).toHaveLength(own.length);
      expect(new Set(ticket.items.map((i) => i.selectionGuid))).toEqual(
        new Set(own.map((r) => r.selectionGuid)),
      );
      expect(
        Math.max(
          ...ticket.items
            .filter((i) => i.level === 0 && (i.fireToFulfill ?? -1) <= 240 * 60)
            .map((i) => i.fireToFulfill ?? -1),
        ),
      ).toBe(ticket.seconds);
      expect(ticket.levels.map((l) => l.level)).toEqual(
        [...new Set(own.map((r) => Number(r.itemFulfillmentLevel)))].sort(),
      );
      expect(ticket.orderGuid).toBe(own[0]!.orderGuid);
    }
  });

  it("counts distinct items per level as fulfillments.csv gives them, under combined filters", async () => {
    const service = kitchen.service(t.db);
    const rows = parseFulfillmentsCsv(await fulfillmentsCsvText(service, range));
    // A selection's behavior and source are the first its rows name (a row may lack one).
    const first = new Map<string, { behavior: string; source: string }>();
    for (const r of rows) {
      if (!r.selectionGuid) continue;
      const known = first.get(r.selectionGuid) ?? { behavior: "", source: "" };
      first.set(r.selectionGuid, {
        behavior: known.behavior || r.diningOptionBehavior!,
        source: known.source || r.orderSource!,
      });
    }
    const level0 = rows.filter((r) => r.itemFulfillmentLevel === "0");
    expect(new Set(level0.map((r) => r.selectionGuid)).size).toBeLessThan(level0.length);
    const station = level0.find((r) => r.prepStationGuid)!.prepStationGuid!;
    const cases: Record<string, string>[] = [
      {},
      { level: "0" },
      { station },
      { station, behavior: "DINE_IN" },
      { behavior: "TAKE_OUT", level: "1" },
    ];
    for (const filters of cases) {
      const summary = await ready(
        service.summary(mesa, await kitchenQuery(kitchenSummarySchema, { ...range, ...filters })),
      );
      const expected = summary.levels.map(({ level }) => {
        const kept = withoutLeftOnScreen(rows).filter((r) => {
          const own = first.get(r.selectionGuid!) ?? {
            behavior: r.diningOptionBehavior!,
            source: r.orderSource!,
          };
          return (
            r.itemFulfillmentLevel === String(level) &&
            (filters.station === undefined || r.prepStationGuid === filters.station) &&
            (filters.behavior === undefined || own.behavior === filters.behavior)
          );
        });
        return [level, new Set(kept.map((r, i) => r.selectionGuid || `row ${i}`)).size];
      });
      expect(
        summary.levels.map((l) => [l.level, l.items]),
        JSON.stringify(filters),
      ).toEqual(expected);
      if (filters.level === undefined)
        expect(summary.levels.map((l) => l.level)).toEqual(
          [...new Set(rows.map((r) => Number(r.itemFulfillmentLevel)))].sort(),
        );
    }
  });

  it("answers one menu item's figures, tickets and CSVs as fulfillments.csv's rows of that item give them", async () => {
    const service = kitchen.service(t.db);
    const rows = parseFulfillmentsCsv(await fulfillmentsCsvText(service, range));
    // The item with the most level-0 rows at more than one station: one whose items and records differ.
    const perItem = new Map<string, Record<string, string>[]>();
    for (const r of rows)
      perItem.set(r.selectionMenuItemGuid!, [...(perItem.get(r.selectionMenuItemGuid!) ?? []), r]);
    const [item, own] = [...perItem.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const station = own.find((r) => r.itemFulfillmentLevel === "0" && r.prepStationGuid)!.prepStationGuid!;

    for (const filters of [{}, { level: "0" }, { station, behavior: "DINE_IN" }] as Record<
      string,
      string
    >[]) {
      for (const metric of ["fire_to_fulfill", "wait_to_start"] as const) {
        const summary = await ready(
          service.summary(
            mesa,
            await kitchenQuery(kitchenSummarySchema, { ...range, ...filters, metric, item }),
          ),
        );
        expect(summary.filters.item).toBe(item);
        expect(summary.itemName).toBe(own.find((r) => r.selectionMenuItemName)!.selectionMenuItemName);
        const kept = withoutLeftOnScreen(own).filter(
          (r) =>
            (filters.level === undefined || r.itemFulfillmentLevel === filters.level) &&
            (filters.station === undefined || r.prepStationGuid === filters.station) &&
            (filters.behavior === undefined || r.diningOptionBehavior === filters.behavior),
        );
        const levels = [...new Set(own.map((r) => Number(r.itemFulfillmentLevel)))]
          .sort()
          .filter((l) => filters.level === undefined || String(l) === filters.level);
        expect(summary.levels.map((l) => l.level)).toEqual(levels);
        for (const l of summary.levels) {
          const at = kept.filter((r) => r.itemFulfillmentLevel === String(l.level));
          expect(l.stats, `${JSON.stringify(filters)} ${metric} level ${l.level}`).toMatchObject(
            statsOf(at, metric),
          );
          expect(l.items).toBe(new Set(at.map((r) => r.selectionGuid)).size);
        }
        expect([...new Set(summary.items.map((i) => i.itemGuid))]).toEqual(
          summary.items.length ? [item] : [],
        );
      }
    }

    // The tickets: ranked by their largest level-0 fire-to-fulfill among this item's rows.
    const tickets = await ready(
      service.tickets(mesa, await kitchenQuery(kitchenTicketsSchema, { ...range, level: 0, limit: 5, item })),
    );
    const best = new Map<string, number>();
    for (const r of withoutLeftOnScreen(own)) {
      if (r.itemFulfillmentLevel !== "0" || r.fire_to_fulfill_s === "") continue;
      best.set(r.ticketGuid!, Math.max(best.get(r.ticketGuid!) ?? -1, Number(r.fire_to_fulfill_s)));
    }
    expect(tickets.tickets.map((x) => x.seconds)).toEqual(
      [...best.values()].sort((a, b) => b - a).slice(0, 5),
    );
    for (const x of tickets.tickets) expect(x.items.some((i) => i.itemGuid === item)).toBe(true);

    // fulfillments.csv of the item is exactly its rows; summary.csv's station rows count them.
    const itemRows = parseFulfillmentsCsv(await fulfillmentsCsvText(service, { ...range, item }));
    expect(itemRows).toEqual(own);
    const csvRows = parse(
      await new Response(
        summaryCsv(
          mesa.guid,
          await ready(
            service.stationLevelRows(mesa, await kitchenQuery(kitchenSummarySchema, { ...range, item })),
          ),
        ),
      ).text(),
      { columns: true, bom: true },
    ) as Record<string, string>[];
    for (const r of csvRows.filter((x) => x.metric === "fire_to_fulfill")) {
      const at = withoutLeftOnScreen(own).filter(
        (x) => x.itemFulfillmentLevel === r.level && (x.prepStationGuid || "") === r.station_guid,
      );
      expect(Number(r.count)).toBe(statsOf(at, "fire_to_fulfill").count);
    }
    expect(
      csvRows
        .filter((x) => x.metric === "fire_to_fulfill")
        .reduce((n, x) => n + Number(x.count) + Number(x.excluded), 0),
    ).toBe(withoutLeftOnScreen(own).filter((r) => ["0", "1", "2"].includes(r.itemFulfillmentLevel!)).length);

    // An item the range never sold: no figures and no name, never the whole restaurant's.
    const unknown = await ready(
      service.summary(mesa, await kitchenQuery(kitchenSummarySchema, { ...range, item: "no-such-item" })),
    );
    expect(unknown.itemName).toBeNull();
    expect(unknown.levels).toEqual([]);
    expect(unknown.stations).toEqual([]);
  });

  it("leaves out the records over maxMinutes from every figure and the ranking, and says how many, as fulfillments.csv counts them", async () => {
    const service = kitchen.service(t.db);
    const rows = parseFulfillmentsCsv(await fulfillmentsCsvText(service, range));
    const over = (r: Record<string, string>) =>
      r.fire_to_fulfill_s !== "" && Number(r.fire_to_fulfill_s) > 600;
    const summary = await ready(
      service.summary(
        mesa,
        await kitchenQuery(kitchenSummarySchema, { ...range, maxMinutes: "10", behavior: "DINE_IN" }),
      ),
    );
    // Items left on screen are left out first: the outlier cut counts only the other records over it.
    const dineIn = withoutLeftOnScreen(rows).filter(
      (r) => ["0", "1", "2"].includes(r.itemFulfillmentLevel!) && r.diningOptionBehavior === "DINE_IN",
    );
    expect(summary.outliers).toEqual({ maxMinutes: 10, removed: dineIn.filter(over).length });
    expect(summary.outliers!.removed).toBeGreaterThan(0);
    for (const l of summary.levels) {
      const at = dineIn.filter((r) => r.itemFulfillmentLevel === String(l.level) && !over(r));
      expect(l.stats).toMatchObject(statsOf(at, "fire_to_fulfill"));
      expect(l.stats.max).toBeLessThanOrEqual(600);
    }
    const tickets = await ready(
      service.tickets(
        mesa,
        await kitchenQuery(kitchenTicketsSchema, { ...range, maxMinutes: "10", limit: 3 }),
      ),
    );
    for (const x of tickets.tickets) expect(x.seconds).toBeLessThanOrEqual(600);
    await expect(kitchenQuery(kitchenSummarySchema, { ...range, maxMinutes: "0" })).rejects.toThrow(
      /maxMinutes must be a whole number of minutes from 1 to 1440/,
    );
  });

  it("keeps targets per restaurant, says where each comes from, and measures the share within them", async () => {
    const service = kitchen.service(t.db);
    const defaults = await service.targets(mesa);
    const level = (l: 0 | 1 | 2, seconds: number) => ({
      level: l,
      seconds,
      source: "default",
      effectiveFrom: null,
      isDefault: true,
    });
    expect(defaults).toEqual({
      restaurantGuid: mesa.guid,
      businessDate: "20250320",
      targets: [level(0, 600), level(1, 720), level(2, 840)],
      tickets: [level(0, 900), level(1, 1080), level(2, 1260)],
      // Issue 36's own targets, at their defaults until the restaurant sets them.
      passWait: [level(0, 120), level(1, 120), level(2, 120)],
      ticketSpread: [level(0, 180), level(1, 180), level(2, 180)],
      channels: (
        [
          ["drive-thru", 240],
          ["curbside", 600],
          ["take-out", 600],
          ["dine-in", 900],
          ["delivery", 900],
        ] as const
      ).map(([channel, seconds]) => {
        const { level: _level, ...rest } = level(0, seconds);
        return { channel, ...rest };
      }),
      stations: [],
      scheduled: [],
      history: [],
      updatedAt: null,
    });

    // Changed today: in force from today's business date on, so the closed range keeps its 600.
    // Refused bodies never reach the service: the PUT route's body schema answers them (api-routes.test.ts).
    const saved = await service.putTargets(mesa, { targets: [{ level: 0, seconds: 300 }] }, { actor: "a@x" });
    expect(saved.targets[0]).toEqual({
      level: 0,
      seconds: 300,
      source: "own",
      effectiveFrom: "20250320",
      isDefault: false,
    });
    expect(saved.updatedAt).toBe(new Date(NOW).toISOString());
    expect(saved.history).toEqual([
      {
        id: expect.any(Number),
        scope: "own",
        restaurantGuid: mesa.guid,
        kind: "level",
        stationGuid: null,
        level: 0,
        effectiveFrom: "20250320",
        before: null,
        after: 300,
        at: new Date(NOW).toISOString(),
        actor: "a@x",
      },
    ]);
    expect((await service.targets(worldRestaurant("Lakeside Diner"))).targets[0]!.seconds).toBe(600);
    const unchanged = await ready(service.summary(mesa, { ...range, metric: "fire_to_fulfill" }));
    expect(unchanged.withinTarget.find((w) => w.level === 0)!.targetSeconds).toBe(600);

    // Changed before the range: the range is judged by it.
    await asOf(kitchen.clock, BEFORE_THE_RANGES, () =>
      service.putTargets(mesa, { targets: [{ level: 0, seconds: 300 }] }),
    );
    const summary = await ready(service.summary(mesa, { ...range, metric: "fire_to_fulfill" }));
    const level0 = summary.withinTarget.find((w) => w.level === 0)!;
    expect(level0.targetSeconds).toBe(300);
    const csv = await fulfillmentsCsvText(service, range);
    const values = withoutLeftOnScreen(parseFulfillmentsCsv(csv))
      .filter((r) => r.itemFulfillmentLevel === "0" && r.fire_to_fulfill_s !== "")
      .map((r) => Number(r.fire_to_fulfill_s));
    expect(level0.count).toBe(values.length);
    expect(level0.within).toBe(values.filter((v) => v <= 300).length);
    expect(level0.share).toBeCloseTo(level0.within / level0.count, 12);

    // Removed (seconds null) from today: the default again from today, and the answer says so.
    const reset = await service.putTargets(mesa, { targets: [{ level: 0, seconds: null }] });
    expect(reset.targets[0]).toEqual(level(0, 600));
    expect(reset.history.map((h) => [h.effectiveFrom, h.before, h.after])).toEqual([
      ["20250320", 300, null],
      ["20250301", null, 300],
      ["20250320", null, 300],
    ]);
  });
});
