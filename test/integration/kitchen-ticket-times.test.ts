import { describe, expect, it } from "vitest";

import {
  kitchenSummarySchema,
  kitchenTargetsSchema,
  kitchenTicketsSchema,
} from "@/lib/kitchen/contract/params";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import {
  asOf,
  BEFORE_THE_RANGES,
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  ready,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Ticket times on the summary route's service, held against fulfillments.csv: per ticket and
 * level, the latest itemFulfilledAt of its rows minus the earliest ticketFiredAt, a ticket with a
 * row never fulfilled at the level counted as excluded; the ticket targets kept like the item
 * targets; the slowest tickets naming the row that ranked them.
 */

const mesa = worldRestaurant("Mesa Verde Cantina");
const range = { from: "20250310", to: "20250312" };
const kitchen = kitchenFile();

type Row = Record<string, string>;

const csvRows = (service: KitchenService): Promise<Row[]> => fulfillmentsRows(service, mesa, range);

/**
 * Per level: the ticket times (null = excluded) of the rows kept by `keep`, ticket attributes from
 * the ticket's first row naming them. Unless `withStuck`, a ticket whose time is over 240 minutes
 * (it waited for an item left on screen) is left out, as the summary does by default.
 */
function ticketTimes(
  rows: readonly Row[],
  level: number,
  keep: (r: Row, ticket: { behavior: string }) => boolean,
  withStuck = false,
): (number | null)[] {
  const byTicket = new Map<string, Row[]>();
  rows.forEach((r, i) => {
    if (!["0", "1", "2"].includes(r.itemFulfillmentLevel!)) return;
    const key = r.ticketGuid || `row ${i}`;
    byTicket.set(key, [...(byTicket.get(key) ?? []), r]);
  });
  const out: (number | null)[] = [];
  for (const list of byTicket.values()) {
    const ticket = { behavior: list.find((r) => r.diningOptionBehavior)?.diningOptionBehavior ?? "" };
    const fires = list.filter((r) => r.ticketFiredAt).map((r) => Date.parse(r.ticketFiredAt!));
    const mine = list.filter((r) => r.itemFulfillmentLevel === String(level) && keep(r, ticket));
    if (mine.length === 0) continue;
    if (fires.length === 0 || mine.some((r) => !r.itemFulfilledAt)) {
      out.push(null);
      continue;
    }
    const ms = Math.max(...mine.map((r) => Date.parse(r.itemFulfilledAt!))) - Math.min(...fires);
    out.push(ms < 0 ? null : Math.floor(ms / 1000 + 0.5));
  }
  return withStuck ? out : out.filter((v) => v === null || v <= 240 * 60);
}

function expectStats(
  figures: KitchenSummary["tickets"][number],
  times: readonly (number | null)[],
  target: number,
) {
  const values = times.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const rank = (p: number) => values[Math.max(1, Math.ceil((p * values.length) / 100)) - 1] ?? null;
  expect(figures.stats).toMatchObject({
    count: values.length,
    excluded: times.length - values.length,
    p50: rank(50),
    p90: rank(90),
    max: values.at(-1) ?? null,
  });
  expect(figures.withinTarget).toMatchObject({
    targetSeconds: target,
    within: values.filter((v) => v <= target).length,
    count: values.length,
  });
}

describe.each(STORE_KINDS)("ticket times on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("equal fulfillments.csv's ticket times per level, alone and with station and dining option filters", async () => {
    const service = kitchen.service(t.db);
    const rows = await csvRows(service);
    const station = rows.find((r) => r.itemFulfillmentLevel === "0" && r.prepStationGuid)!.prepStationGuid!;
    const cases: [Record<string, string>, (r: Row, ticket: { behavior: string }) => boolean][] = [
      [{}, () => true],
      [{ station }, (r) => r.prepStationGuid === station],
      [{ behavior: "DINE_IN", level: "0" }, (_r, ticket) => ticket.behavior === "DINE_IN"],
      [{ stuck: "include" }, () => true],
    ];
    for (const [filters, keep] of cases) {
      const summary = await ready(
        service.summary(
          mesa,
          await kitchenQuery(kitchenSummarySchema, { ...range, metric: "wait_to_start", ...filters }),
        ),
      );
      expect(summary.tickets.length, JSON.stringify(filters)).toBeGreaterThan(0);
      for (const figures of summary.tickets)
        expectStats(
          figures,
          ticketTimes(rows, figures.level, keep, filters.stuck === "include"),
          [900, 1080, 1260][figures.level]!,
        );
      // The hours and the days are the same tickets, cut another way.
      for (const figures of summary.tickets) {
        const sum = (list: { level: number; stats: { count: number } }[]) =>
          list.filter((x) => x.level === figures.level).reduce((n, x) => n + x.stats.count, 0);
        expect(sum(summary.ticketHours)).toBe(figures.stats.count);
        expect(sum(summary.ticketDays)).toBe(figures.stats.count);
      }
    }
  });

  it("keeps ticket targets per level apart from the item targets, and measures the share within them", async () => {
    const service = kitchen.service(t.db);
    const byDefault = { source: "default", effectiveFrom: null, isDefault: true };
    expect((await service.targets(mesa)).tickets).toEqual([
      { level: 0, seconds: 900, ...byDefault },
      { level: 1, seconds: 1080, ...byDefault },
      { level: 2, seconds: 1260, ...byDefault },
    ]);
    // Changed before the range, so the range is judged by it.
    const body = await kitchenTargetsSchema.parseAsync({ tickets: [{ level: 0, seconds: 420 }] });
    const saved = await asOf(kitchen.clock, BEFORE_THE_RANGES, () => service.putTargets(mesa, body));
    expect(saved.tickets[0]).toEqual({
      level: 0,
      seconds: 420,
      source: "own",
      effectiveFrom: "20250301",
      isDefault: false,
    });
    expect(saved.targets[0]).toEqual({ level: 0, seconds: 600, ...byDefault });
    const rows = await csvRows(service);
    const summary = await ready(service.summary(mesa, await kitchenQuery(kitchenSummarySchema, range)));
    expectStats(
      summary.tickets.find((x) => x.level === 0)!,
      ticketTimes(rows, 0, () => true),
      420,
    );

    const reset = await service.putTargets(
      mesa,
      await kitchenTargetsSchema.parseAsync({ tickets: [{ level: 0, seconds: null }] }),
    );
    expect(reset.tickets[0]).toEqual({ level: 0, seconds: 900, ...byDefault });
    expect(kitchenTargetsSchema.safeParse({}).error?.issues[0]?.message).toBe(
      "targets, tickets, stations, passWait, ticketSpread or channels must name at least one level, station or channel",
    );
  });

  it("names each slowest ticket's slowest item and station, the one record that ranked it, marked among its items", async () => {
    const service = kitchen.service(t.db);
    const res = await ready(
      service.tickets(mesa, await kitchenQuery(kitchenTicketsSchema, { ...range, level: 0, limit: 6 })),
    );
    expect(res.tickets).toHaveLength(6);
    for (const ticket of res.tickets) {
      const marked = ticket.items.filter((i) => i.slowest);
      expect(marked).toHaveLength(1);
      expect(marked[0]).toMatchObject({
        level: 0,
        fireToFulfill: ticket.seconds,
        itemName: ticket.slowestItem!.itemName,
        stationName: ticket.slowestItem!.stationName,
      });
      expect(Math.max(...ticket.items.filter((i) => i.level === 0).map((i) => i.fireToFulfill ?? -1))).toBe(
        ticket.seconds,
      );
    }
  });
});
