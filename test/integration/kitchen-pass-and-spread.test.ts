import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { kitchenSummarySchema, kitchenTicketsSchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary, KitchenTickets } from "@/lib/kitchen/contract/responses";
import { summaryCsv } from "@/lib/kitchen/query/kitchen-csv";
import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import { valued, type Valued } from "./issue36-oracles";
import { fulfillmentsRows, kitchenFile, kitchenQuery, ready, worldRestaurant } from "./kitchen-harness";

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
