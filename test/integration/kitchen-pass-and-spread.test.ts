import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { kitchenSummarySchema, kitchenTicketsSchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary, KitchenTickets } from "@/lib/kitchen/contract/responses";
import { summaryCsv } from "@/lib/kitchen/query/kitchen-csv";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import { isLeftOnScreen, levelOf, seconds, type RawRecord } from "./independent-stats";
import {
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  ready,
  worldRestaurant,
  type CsvRow,
} from "./kitchen-harness";

/**
 * pass_wait and ticket_spread (issue 36) over the sandbox over real HTTP, held against an oracle
 * written here from fulfillments.csv alone, on two restaurants and two ranges each: per level the
 * count, exclusions, nearest-rank p50 and p90, max and late share (targets 120 s and 180 s), from
 * the summary's JSON (whole, and filtered by behavior) and summary.csv's station × level rows; and
 * the slowest tickets by pass wait. Items left on screen are left out first, as if never recorded
 * (the summaries' default). The sandbox backs the pass up at peak and puts some tickets' stations
 * out of sync (lib/sandbox/generate/pass-and-sync.ts), so both have a tail to find.
 */

const kitchen = kitchenFile();
const CASES = [
  {
    restaurant: worldRestaurant("Mesa Verde Cantina"),
    ranges: [
      ["20250311", "20250311"],
      ["20250311", "20250313"],
    ],
  },
  {
    restaurant: worldRestaurant("Lakeside Diner"),
    ranges: [
      ["20250307", "20250307"],
      ["20250307", "20250308"],
    ],
  },
] as const;
const TARGET = { pass_wait: 120, ticket_spread: 180 } as const;
type NewMetric = keyof typeof TARGET;

/** One row's value under each metric: a number, null (excluded), or undefined (takes no part). */
interface Valued {
  row: CsvRow;
  level: 0 | 1 | 2;
  pass_wait: number | null | undefined;
  ticket_spread: number | null | undefined;
}

const instant = (v: string | undefined) => (v ? Date.parse(v) : Number.NaN);

/** The definitions, applied to one business date's rows (items left on screen already gone). */
function valuesOfDay(rows: readonly CsvRow[]): Valued[] {
  const out: Valued[] = [];
  for (const row of rows) {
    const level = levelOf(row as RawRecord);
    if (level !== null) out.push({ row, level, pass_wait: null, ticket_spread: undefined });
  }
  // pass_wait: the expediter's fulfilment − the latest fulfilment of its selection one level below.
  for (const v of out) {
    if (v.level === 0 || !v.row.selectionGuid) continue;
    const below = out.filter(
      (w) =>
        w.level === v.level - 1 &&
        w.row.selectionGuid === v.row.selectionGuid &&
        !Number.isNaN(instant(w.row.itemFulfilledAt)),
    );
    if (below.length === 0) continue;
    const latest = below.reduce((a, b) =>
      instant(b.row.itemFulfilledAt) > instant(a.row.itemFulfilledAt) ? b : a,
    );
    v.pass_wait = seconds(latest.row.itemFulfilledAt, v.row.itemFulfilledAt || undefined);
  }
  // ticket_spread: per ticket at level 0, on the record fulfilled last (the first on a tie).
  const tickets = new Map<string, Valued[]>();
  out.forEach((v, i) => {
    if (v.level !== 0) return;
    const key = v.row.ticketGuid || `own-${i}`;
    tickets.set(key, [...(tickets.get(key) ?? []), v]);
  });
  for (const recs of tickets.values()) {
    const done = recs.filter((v) => !Number.isNaN(instant(v.row.itemFulfilledAt)));
    const carrier = done.length
      ? done.reduce((a, b) => (instant(b.row.itemFulfilledAt) > instant(a.row.itemFulfilledAt) ? b : a))
      : recs[0]!;
    const finish = new Map<string, CsvRow>();
    for (const v of done) {
      const st = v.row.prepStationGuid ?? "";
      const held = finish.get(st);
      if (!held || instant(v.row.itemFulfilledAt) > instant(held.itemFulfilledAt)) finish.set(st, v.row);
    }
    const ends = [...finish.values()].sort((a, b) => instant(a.itemFulfilledAt) - instant(b.itemFulfilledAt));
    carrier.ticket_spread =
      ends.length < 2 ? null : seconds(ends[0]!.itemFulfilledAt, ends.at(-1)!.itemFulfilledAt);
  }
  return out;
}

/** Every row of the range valued, date by date (a selection and a ticket live within one business date). */
function valued(rows: readonly CsvRow[]): Valued[] {
  const byDate = new Map<string, CsvRow[]>();
  for (const r of rows)
    if (!isLeftOnScreen(r as RawRecord))
      byDate.set(r.business_date!, [...(byDate.get(r.business_date!) ?? []), r]);
  return [...byDate.values()].flatMap(valuesOfDay);
}

function figures(values: readonly (number | null | undefined)[], target: number) {
  const present = values.filter((v): v is number => typeof v === "number").sort((a, b) => a - b);
  const rank = (p: number) =>
    present.length ? present[Math.max(1, Math.ceil((p / 100) * present.length)) - 1]! : null;
  const late = present.filter((v) => v > target).length;
  return {
    count: present.length,
    excluded: values.filter((v) => v === null).length,
    p50: rank(50),
    p90: rank(90),
    max: present.at(-1) ?? null,
    lateShare: present.length ? late / present.length : null,
  };
}

const fromSummary = (s: KitchenSummary, level: number) => {
  const stats = s.levels.find((l) => l.level === level)?.stats;
  const share = s.withinTarget.find((w) => w.level === level);
  return {
    count: stats?.count ?? 0,
    excluded: stats?.excluded ?? 0,
    p50: stats?.p50 ?? null,
    p90: stats?.p90 ?? null,
    max: stats?.max ?? null,
    lateShare: share && share.count ? share.late / share.count : null,
  };
};

async function summaryJson(
  service: KitchenService,
  restaurant: (typeof CASES)[number]["restaurant"],
  query: Record<string, string>,
) {
  const answer = await ready(service.summary(restaurant, await kitchenQuery(kitchenSummarySchema, query)));
  // As the route sends it: JSON over the wire.
  return JSON.parse(JSON.stringify(answer)) as KitchenSummary;
}

describe("pass_wait and ticket_spread equal an oracle from fulfillments.csv", () => {
  const t = kitchen.databasePerTest("pglite");

  it.each(CASES)(
    "at $restaurant.name, over two ranges, in the JSON summary and summary.csv",
    async ({ restaurant, ranges }) => {
      const service = kitchen.service(t.db);
      for (const [from, to] of ranges) {
        const rows = await fulfillmentsRows(service, restaurant, { from, to });
        const all = valued(rows);
        for (const metric of ["pass_wait", "ticket_spread"] as const satisfies readonly NewMetric[]) {
          const target = TARGET[metric];
          for (const behavior of [undefined, "TAKE_OUT"]) {
            const summary = await summaryJson(service, restaurant, {
              from,
              to,
              metric,
              ...(behavior ? { behavior } : {}),
            });
            const kept = all.filter((v) => behavior === undefined || v.row.diningOptionBehavior === behavior);
            for (const level of [0, 1, 2] as const) {
              const expected = figures(
                kept.filter((v) => v.level === level).map((v) => v[metric]),
                target,
              );
              expect(
                fromSummary(summary, level),
                `${from}-${to} ${metric} ${behavior ?? ""} level ${level}`,
              ).toEqual(expected);
            }
            if (behavior === undefined)
              expect(summary.withinTarget.map((w) => w.targetSeconds)).toEqual(
                summary.withinTarget.map(() => target),
              );
          }
          // The planted tails: something to show, at the levels each metric reads.
          const main = metric === "pass_wait" ? 1 : 0;
          expect(
            figures(
              all.filter((v) => v.level === main).map((v) => v[metric]),
              target,
            ).count,
          ).toBeGreaterThan(50);
        }

        // summary.csv: per station and level, the new metrics' rows.
        const csvRows = parse(
          summaryCsv(
            restaurant.guid,
            await ready(
              service.stationLevelRows(restaurant, await kitchenQuery(kitchenSummarySchema, { from, to })),
            ),
          ),
          { bom: true, columns: true },
        ) as Record<string, string>[];
        for (const metric of ["pass_wait", "ticket_spread"] as const) {
          const groups = new Map<string, Valued[]>();
          for (const v of all) {
            const key = `${v.row.prepStationGuid ?? ""}|${v.level}`;
            groups.set(key, [...(groups.get(key) ?? []), v]);
          }
          const expected = [...groups].map(([key, vs]) => {
            const f = figures(
              vs.map((v) => v[metric]),
              TARGET[metric],
            );
            return [key, f.count, f.excluded, f.p50 ?? "", f.p90 ?? "", f.max ?? ""].join(",");
          });
          const got = csvRows
            .filter((r) => r.metric === metric)
            .map((r) =>
              [`${r.station_guid}|${r.level}`, r.count, r.excluded, r.p50_s, r.p90_s, r.max_s].join(","),
            );
          expect(got.sort(), `${from}-${to} ${metric} summary.csv`).toEqual(expected.map(String).sort());
        }
      }
    },
  );

  it("ranks the slowest tickets by their largest pass wait", async () => {
    const { restaurant, ranges } = CASES[0]!;
    const [from, to] = ranges[1]!;
    const service = kitchen.service(t.db);
    const all = valued(await fulfillmentsRows(service, restaurant, { from, to }));
    const res: KitchenTickets = await ready(
      service.tickets(
        restaurant,
        await kitchenQuery(kitchenTicketsSchema, { from, to, metric: "pass_wait", level: 1, limit: 5 }),
      ),
    );
    const best = new Map<string, number>();
    for (const v of all) {
      if (v.level !== 1 || typeof v.pass_wait !== "number") continue;
      best.set(v.row.ticketGuid!, Math.max(best.get(v.row.ticketGuid!) ?? -1, v.pass_wait));
    }
    expect(res.tickets.map((x) => x.seconds)).toEqual([...best.values()].sort((a, b) => b - a).slice(0, 5));
  });
});
