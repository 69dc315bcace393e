import { describe, expect, it } from "vitest";

import { kitchenSummarySchema, kitchenTicketsSchema } from "@/lib/kitchen/contract/params";
import type { Stats } from "@/lib/kitchen/contract/responses";
import type { RecordMetric } from "@/lib/kitchen/contract/vocabulary";

import { isLeftOnScreen, levelOf, statsOf, withoutLeftOnScreen } from "./independent-stats";
import { fulfillmentsRows, kitchenFile, kitchenQuery, ready, worldRestaurant } from "./kitchen-harness";

/**
 * Items left on screen where the cubes alone cannot answer: start to fulfill over a day whose raw
 * records are gone (counted, and said), and the slowest-tickets ranking, both against
 * fulfillments.csv read plainly.
 */
const harbor = worldRestaurant("Harbor Street Kitchen");
const range = { from: "20250307", to: "20250308" };
const kitchen = kitchenFile();

type Row = Record<string, string>;

/** Each level of the summary has the figures of `records` at that level, computed plainly. */
function expectLevels(
  summary: { levels: { level: number; stats: Stats }[] },
  records: readonly Row[],
  metric: RecordMetric,
): void {
  for (const l of summary.levels)
    expect(l.stats).toMatchObject(
      statsOf(
        records.filter((r) => levelOf(r) === l.level),
        metric,
      ),
    );
}

describe("items left on screen", { timeout: 240_000 }, () => {
  const t = kitchen.databasePerTest("pglite");

  it("ranks no item left on screen among the slowest tickets, and ranks them again with stuck=include", async () => {
    const service = kitchen.service(t.db);
    const rows = await fulfillmentsRows(service, harbor, range);
    const ranking = (records: readonly Row[]) => {
      const best = new Map<string, number>();
      for (const r of records) {
        if (r.itemFulfillmentLevel !== "0" || r.fire_to_fulfill_s === "") continue;
        best.set(r.ticketGuid!, Math.max(best.get(r.ticketGuid!) ?? -1, Number(r.fire_to_fulfill_s)));
      }
      return [...best.values()].sort((a, b) => b - a).slice(0, 10);
    };
    expect(rows.filter((r) => r.itemFulfillmentLevel === "0" && isLeftOnScreen(r)).length).toBeGreaterThan(0);
    const left = await ready(
      service.tickets(harbor, await kitchenQuery(kitchenTicketsSchema, { ...range, level: 0, limit: 10 })),
    );
    expect(left.tickets.map((x) => x.seconds)).toEqual(ranking(withoutLeftOnScreen(rows)));
    expect(Math.max(...left.tickets.map((x) => x.seconds))).toBeLessThanOrEqual(240 * 60);
    const counted = await ready(
      service.tickets(
        harbor,
        await kitchenQuery(kitchenTicketsSchema, { ...range, level: 0, limit: 10, stuck: "include" }),
      ),
    );
    expect(counted.tickets.map((x) => x.seconds)).toEqual(ranking(rows));
    expect(counted.tickets[0]!.seconds).toBeGreaterThan(240 * 60);
  });

  it("keeps a day's stuck records in start to fulfill once its raw records are gone, and says how many", async () => {
    const service = kitchen.service(t.db);
    const rows = await fulfillmentsRows(service, harbor, range);
    const measurable = rows.filter((r) => levelOf(r) !== null);
    const stuck = measurable.filter((r) => isLeftOnScreen(r)).length;
    expect(stuck).toBeGreaterThan(0);
    const query = await kitchenQuery(kitchenSummarySchema, { ...range, metric: "start_to_fulfill" });
    const before = await ready(service.summary(harbor, query));
    expect(before.stuck).toEqual({ maxMinutes: 240, records: stuck, included: false });
    expectLevels(before, withoutLeftOnScreen(measurable), "start_to_fulfill");

    // The raw records pruned (as KITCHEN_RAW_RETENTION_DAYS does): the stored cubes cannot tell the stuck records apart.
    await t.db.query("DELETE FROM kitchen_day_records WHERE restaurant_guid = $1", [harbor.guid]);
    // A new process without the answer kept from before the prune (that one, computed from the raw
    // records, stays right): what the cubes alone can say.
    const after = await ready(
      kitchen.service(t.db, undefined, { keptAnswers: false }).summary(harbor, query),
    );
    expect(after.stuck).toEqual({ maxMinutes: 240, records: stuck, included: false, unseparated: stuck });
    expectLevels(after, measurable, "start_to_fulfill");
    // Fire to fulfill needs no raw record: its own cubes leave them out exactly.
    const f2f = await ready(service.summary(harbor, await kitchenQuery(kitchenSummarySchema, range)));
    expect(f2f.stuck).toEqual({ maxMinutes: 240, records: stuck, included: false });
    expectLevels(f2f, withoutLeftOnScreen(measurable), "fire_to_fulfill");
  });
});
