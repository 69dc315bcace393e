import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { toCsv } from "@/lib/csv/csv";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import type { KitchenQuoteAnswer, QuoteCounts } from "@/lib/kitchen/contract/quote";
import { QUOTE_CSV_COLUMNS, quoteCsvRows } from "@/lib/kitchen/query/quote-csv";
import { createKitchenService, type KitchenService } from "@/lib/kitchen/service/kitchen-service";
import { kitchenQuote } from "@/lib/kitchen/service/quote";
import type { RestaurantInfo } from "@/lib/platform/schemas";
import { restaurantQuoteOf } from "@/lib/restaurants/quote";
import { serviceWeekOf } from "@/lib/restaurants/schedule";

import { rowServiceFor, wallParts } from "../support/wall-clock";
import { levelOf, seconds, type RawRecord } from "./independent-stats";
import {
  asOf,
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
 * The guest's quote (issue 36) over the sandbox over real HTTP: the quote answer (JSON, and
 * quote.csv as the route writes it) equals an oracle that reads fulfillments.csv date by date,
 * groups rows into tickets, takes each take-out and delivery ticket's fire to its last fulfillment
 * at its highest level, and judges it (at most the quote: within) against the quote the
 * restaurant's information sent when the date was fetched, prep time plus throttling time.
 * Harbor Street Kitchen tightens its take-out quote 10 days before the sandbox's start
 * (lib/sandbox/generate/guest-quotes.ts): dates fetched before keep the old quote (the snapshot),
 * though the information now sends the new one.
 */

const harbor = worldRestaurant("Harbor Street Kitchen"); // America/New_York
const northside = worldRestaurant("Northside Noodle Bar"); // America/Los_Angeles
/** Before Harbor's quote change (2025-03-10 11:00 local), after 6 March has settled. */
const BEFORE_CHANGE = Date.parse("2025-03-09T16:00:00Z");
const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;

type Tally = { tickets: number; within: number; unmeasured: number };
const empty = (): Tally => ({ tickets: 0, within: 0, unmeasured: 0 });
const counts = (t: Tally): QuoteCounts => ({
  tickets: t.tickets,
  withinQuote: t.within,
  share: t.tickets ? t.within / t.tickets : null,
  unmeasured: t.unmeasured,
});

/** The oracle's answer of one channel over rows of the given dates, each judged by its date's quote (seconds). */
function oracle(
  rowsByDate: Map<string, CsvRow[]>,
  quoteOf: (date: string) => { takeout: number; delivery: number },
  info: RestaurantInfo,
  restaurant: typeof harbor,
  behavior: "TAKE_OUT" | "DELIVERY",
) {
  const service = rowServiceFor(info, restaurant);
  const total = empty();
  const hours = new Map<number, Tally>();
  const services = new Map<string, Tally>();
  const dates = new Map<string, Tally>();
  const bump = <K>(m: Map<K, Tally>, k: K) => m.get(k) ?? m.set(k, empty()).get(k)!;
  for (const [date, rows] of rowsByDate) {
    const limit = behavior === "TAKE_OUT" ? quoteOf(date).takeout : quoteOf(date).delivery;
    const tickets = new Map<string, CsvRow[]>();
    rows.forEach((r, i) => {
      if (levelOf(r as RawRecord) === null) return;
      const key = r.ticketGuid || `own-${i}`;
      (tickets.get(key) ?? tickets.set(key, []).get(key)!).push(r);
    });
    const day = bump(dates, date);
    for (const ticket of tickets.values()) {
      if (ticket.find((r) => r.diningOptionBehavior)?.diningOptionBehavior !== behavior) continue;
      const fired = ticket
        .map((r) => r.ticketFiredAt)
        .filter(Boolean)
        .sort((a, b) => Date.parse(a!) - Date.parse(b!))[0];
      const top = Math.max(...ticket.map((r) => Number(r.itemFulfillmentLevel)));
      const atTop = ticket.filter((r) => Number(r.itemFulfillmentLevel) === top);
      const last = atTop.every((r) => r.itemFulfilledAt)
        ? atTop.map((r) => r.itemFulfilledAt!).sort((a, b) => Date.parse(b) - Date.parse(a))[0]
        : undefined;
      const s = fired && last ? seconds(fired, last) : null;
      const hour = fired ? Number(wallParts(restaurant.timeZone, fired).hour) : 24;
      const name = fired ? service({ ticketFiredAt: fired }, date) : "(none)";
      for (const t of [total, day, bump(hours, hour), bump(services, name)]) {
        if (s === null) t.unmeasured++;
        else {
          t.tickets++;
          if (s <= limit) t.within++;
        }
      }
    }
  }
  return {
    ...counts(total),
    byHour: [...hours].sort((a, b) => a[0] - b[0]).map(([hour, t]) => ({ hour, ...counts(t) })),
    byService: [...services]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([service, t]) => ({ service, ...counts(t) })),
    byDate: [...dates].map(([businessDate, t]) => ({
      businessDate,
      quoteMinutes:
        (behavior === "TAKE_OUT" ? quoteOf(businessDate).takeout : quoteOf(businessDate).delivery) / 60,
      ...counts(t),
    })),
  };
}

async function answerOf(service: KitchenService, restaurant: typeof harbor, from: string, to: string) {
  const query = await kitchenQuery(kitchenRangeSchema, { from, to });
  return ready(kitchenQuote(service, restaurant, query));
}

/** quote.csv as the route writes it, read back against the JSON answer's rows. */
function expectCsvMatches(answer: KitchenQuoteAnswer): void {
  const rows = parse(toCsv(QUOTE_CSV_COLUMNS, quoteCsvRows(answer)), { columns: true }) as CsvRow[];
  for (const a of [answer.takeout, answer.delivery]) {
    const channel = a.channel === "takeout" ? "take-out" : "delivery";
    const mine = rows.filter((r) => r.channel === channel);
    expect(mine.find((r) => r.breakdown === "total")).toMatchObject({
      tickets: String(a.tickets),
      within_quote: String(a.withinQuote),
      unmeasured: String(a.unmeasured),
    });
    expect(
      mine.filter((r) => r.breakdown === "hour").map((r) => [+r.key!, +r.tickets!, +r.within_quote!]),
    ).toEqual(a.byHour.map((h) => [h.hour, h.tickets, h.withinQuote]));
    expect(
      mine
        .filter((r) => r.breakdown === "date")
        .map((r) => [r.key, +r.quote_min!, +r.within_quote!, +r.within_quote_pct!]),
    ).toEqual(
      a.byDate.map((d) => [
        `${d.businessDate.slice(0, 4)}-${d.businessDate.slice(4, 6)}-${d.businessDate.slice(6)}`,
        d.quoteMinutes,
        d.withinQuote,
        d.share === null ? 0 : Math.round(d.share * 1000) / 10,
      ]),
    );
  }
}

describe("the guest's quote on pglite", () => {
  const t = kitchen.databasePerTest("pglite");

  it("equals the oracle from fulfillments.csv and the quote of each date as fetched, on two restaurants and two ranges", async () => {
    const client = sandboxClient(sandbox.url, newLog());
    const read = (guid: string) => client.restaurants.get(guid, { includeArchived: true });
    const service = createKitchenService({
      db: t.db,
      client,
      config: TEST_CONFIG,
      now: () => clock.now,
      serviceWeek: async (guid) => serviceWeekOf((await read(guid)).schedules),
      quote: async (guid) => restaurantQuoteOf(await read(guid)),
    });
    const quoteSeconds = (info: RestaurantInfo) => {
      const q = restaurantQuoteOf(info);
      return { takeout: q.takeoutSeconds!, delivery: q.deliverySeconds! };
    };

    // Harbor's 6 March fetched before its quote change, 7 March after it.
    const before = await asOf(clock, BEFORE_CHANGE, async () => {
      await service.prepare(harbor, { from: "20250306", to: "20250306" });
      return read(harbor.guid);
    });
    const harborNow = await read(harbor.guid);
    const old = quoteSeconds(before);
    const fresh = quoteSeconds(harborNow);
    // The sandbox's change: a 22-minute take-out quote became 17.
    expect([old.takeout, fresh.takeout]).toEqual([1320, 1020]);
    const harborQuote = (date: string) => (date < "20250307" ? old : fresh);
    const northsideInfo = await read(northside.guid);

    const cases = [
      { restaurant: harbor, info: harborNow, from: "20250306", to: "20250307", quote: harborQuote },
      { restaurant: harbor, info: harborNow, from: "20250307", to: "20250307", quote: harborQuote },
      {
        restaurant: northside,
        info: northsideInfo,
        from: "20250306",
        to: "20250307",
        quote: () => quoteSeconds(northsideInfo),
      },
      {
        restaurant: northside,
        info: northsideInfo,
        from: "20250307",
        to: "20250307",
        quote: () => quoteSeconds(northsideInfo),
      },
    ];
    const rowsOf = new Map<string, CsvRow[]>();
    for (const c of cases) {
      const rowsByDate = new Map<string, CsvRow[]>();
      for (let d = +c.from; d <= +c.to; d++) {
        const date = String(d);
        const key = `${c.restaurant.guid}|${date}`;
        if (!rowsOf.has(key))
          rowsOf.set(key, await fulfillmentsRows(service, c.restaurant, { from: date, to: date }));
        rowsByDate.set(date, rowsOf.get(key)!);
      }
      const answer = await answerOf(service, c.restaurant, c.from, c.to);
      const label = `${c.restaurant.name} ${c.from}-${c.to}`;
      expect(answer.takeout, label).toEqual({
        channel: "takeout",
        ...oracle(rowsByDate, c.quote, c.info, c.restaurant, "TAKE_OUT"),
      });
      expect(answer.delivery, label).toEqual({
        channel: "delivery",
        ...oracle(rowsByDate, c.quote, c.info, c.restaurant, "DELIVERY"),
      });
      expect(answer.takeout.tickets, label).toBeGreaterThan(50);
      expectCsvMatches(answer);
    }

    // The snapshot: both quotes over the long range, and the old dates judged by the old one.
    const long = await answerOf(service, harbor, "20250306", "20250307");
    expect(long.quotesUsed.takeout).toEqual([17, 22]);
    expect(long.takeout.byDate.map((d) => d.quoteMinutes)).toEqual([22, 17]);
    // The planted shape: Northside's late dinner hour misses its take-out quote, its other hours keep it.
    const noodles = await answerOf(service, northside, "20250306", "20250307");
    const shares = new Map(
      noodles.takeout.byHour.filter((h) => h.tickets >= 10).map((h) => [h.hour, h.share!]),
    );
    expect(shares.get(19)).toBeLessThan(0.5);
    expect(Math.max(...shares.values())).toBeGreaterThan(0.8);
  });
});
