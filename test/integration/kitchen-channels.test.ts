import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { kitchenSummarySchema, kitchenTicketsSchema } from "@/lib/kitchen/contract/params";
import type { Stats } from "@/lib/kitchen/contract/responses";
import { channelsCsv } from "@/lib/kitchen/query/channels-csv";
import { summaryCsv } from "@/lib/kitchen/query/kitchen-csv";
import { createKitchenService, type KitchenService } from "@/lib/kitchen/service/kitchen-service";
import type { KitchenRestaurant } from "@/lib/kitchen/service/service-config";

import { statsOf, withoutLeftOnScreen, type RawRecord } from "./independent-stats";
import { channelOf, NONE, ticketTimes, type Options } from "./issue36-oracles";
import {
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  newLog,
  ready,
  sandboxClient,
  TEST_CONFIG,
  worldRestaurant,
  type CsvRow,
} from "./kitchen-harness";

/**
 * Channels (issue 36) over the sandbox: the channels answer, the summary's `channels`, the
 * `channel=` filter of the summary, summary.csv and the slowest tickets, and channels.csv equal an
 * oracle that reads fulfillments.csv and the configuration's dining options (as the sandbox's
 * configuration API sends them) on its own: an option flagged driveThru is drive-thru, curbside is
 * curbside, otherwise its behavior names it; statistics by nearest rank over whole seconds.
 * Two restaurants, two short ranges.
 */

const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;
const CASES: [KitchenRestaurant, { from: string; to: string }][] = [
  [worldRestaurant("Mesa Verde Cantina"), { from: "20250310", to: "20250311" }],
  [worldRestaurant("Lakeside Diner"), { from: "20250131", to: "20250201" }],
];
const TARGETS: Record<string, number> = {
  "drive-thru": 240,
  curbside: 600,
  "take-out": 600,
  "dine-in": 900,
  delivery: 900,
};
const pick = (s: Pick<Stats, "count" | "p50" | "p90" | "max">) => [s.count, s.p50, s.p90, s.max];

/** Per "channel|level", the oracle's stats of the rows (left-on-screen records out, as by default). */
function oracleByChannel(rows: CsvRow[], options: Options): Map<string, (number | null)[]> {
  const groups = new Map<string, RawRecord[]>();
  for (const r of withoutLeftOnScreen(rows as RawRecord[]) as CsvRow[]) {
    if (!["0", "1", "2"].includes(r.itemFulfillmentLevel!)) continue;
    const key = `${channelOf(r, options)}|${r.itemFulfillmentLevel}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out = new Map<string, (number | null)[]>();
  for (const [key, records] of groups) {
    const s = statsOf(records, "fire_to_fulfill");
    if (s.count > 0) out.set(key, pick(s as Stats));
  }
  return out;
}

const csv = (text: string): Record<string, string>[] => parse(text, { columns: true });

describe("kitchen channels on pglite", () => {
  const t = kitchen.databasePerTest("pglite");

  it.each(CASES.map(([r, range]) => [r.name, r, range] as const))(
    "equal the oracle over fulfillments.csv and the dining options at %s",
    async (_name, restaurant, range) => {
      const client = sandboxClient(sandbox.url, newLog());
      const configured = await client.config.list("diningOptions", restaurant.guid);
      const service: KitchenService = createKitchenService({
        db: t.db,
        client,
        config: TEST_CONFIG,
        now: () => clock.now,
        diningOptions: async () => configured,
      });
      const options: Options = new Map(configured.map((o) => [o.guid.toLowerCase(), o]));
      const rows = await fulfillmentsRows(service, restaurant, range);
      const oracle = oracleByChannel(rows, options);
      // The sandbox's orders use every kind: the answer is about something.
      const channelsSeen = new Set([...oracle.keys()].map((k) => k.split("|")[0]));
      for (const c of ["dine-in", "take-out", "curbside", "drive-thru", "delivery"])
        expect(channelsSeen).toContain(c);

      const query = await kitchenQuery(kitchenSummarySchema, range);
      const answer = await ready(service.channels(restaurant, query));
      const got = new Map(answer.channels.map((r) => [`${r.channel ?? NONE}|${r.level}`, pick(r.stats)]));
      expect(got).toEqual(oracle);
      // The summary's breakdown is the same one.
      const summary = await ready(service.summary(restaurant, query));
      expect(
        new Map(summary.channels!.map((r) => [`${r.channel ?? NONE}|${r.level}`, pick(r.stats)])),
      ).toEqual(oracle);

      // Ticket times per channel, against each channel's ticket target.
      for (const ticket of answer.tickets) {
        const times = ticketTimes(rows, options, ticket.channel ?? NONE, ticket.level);
        const rank = (p: number) => times[Math.max(1, Math.ceil((p * times.length) / 100)) - 1] ?? null;
        expect(
          [ticket.stats.count, ticket.stats.p50, ticket.stats.p90],
          `${ticket.channel} ${ticket.level}`,
        ).toEqual([times.length, rank(50), rank(90)]);
        const target = TARGETS[ticket.channel ?? ""] ?? ticket.withinTarget.targetSeconds;
        expect(ticket.withinTarget.targetSeconds).toBe(target);
        expect(ticket.withinTarget.late).toBe(times.filter((s) => s > target).length);
      }
      expect(answer.tickets.some((tk) => tk.channel === "drive-thru")).toBe(true);

      // channels.csv: the same figures, a row per channel × level.
      const table = csv(channelsCsv(answer));
      for (const r of table) {
        const want = oracle.get(`${r.channel}|${r.level}`)!;
        expect([Number(r.count), Number(r.p50_s), Number(r.p90_s)], `${r.channel} ${r.level}`).toEqual([
          want[0],
          want[1],
          want[2],
        ]);
      }
      expect(table).toHaveLength(oracle.size);

      // channel=: the summary's levels, summary.csv's stations and the slowest tickets of that channel alone.
      for (const channel of ["drive-thru", "curbside", "take-out"]) {
        const filtered = await ready(
          service.summary(restaurant, await kitchenQuery(kitchenSummarySchema, { ...range, channel })),
        );
        expect(filtered.filters.channel).toBe(channel);
        for (const l of filtered.levels) expect(pick(l.stats)).toEqual(oracle.get(`${channel}|${l.level}`));
        const mine = withoutLeftOnScreen(rows as RawRecord[]).filter(
          (r) => channelOf(r as CsvRow, options) === channel,
        );
        const stationRows = csv(
          summaryCsv(
            restaurant.guid,
            (
              await ready(
                service.stationLevelRows(
                  restaurant,
                  await kitchenQuery(kitchenSummarySchema, { ...range, channel }),
                ),
              )
            ).filter((r) => r.metric === "fire_to_fulfill"),
          ),
        );
        for (const r of stationRows) {
          const records = mine.filter(
            (x) => String(x.itemFulfillmentLevel) === r.level && (x.prepStationGuid || "") === r.station_guid,
          );
          expect([Number(r.count), Number(r.p90_s)], `${channel} ${r.station_guid}`).toEqual([
            statsOf(records, "fire_to_fulfill").count,
            statsOf(records, "fire_to_fulfill").p90,
          ]);
        }
        const slowest = await ready(
          service.tickets(
            restaurant,
            await kitchenQuery(kitchenTicketsSchema, { ...range, channel, limit: 3 }),
          ),
        );
        for (const tk of slowest.tickets)
          expect(
            rows.filter((r) => r.ticketGuid === tk.ticketGuid).some((r) => channelOf(r, options) === channel),
          ).toBe(true);
      }
    },
  );
});
