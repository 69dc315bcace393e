import { describe, expect, it } from "vitest";

import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { restaurantQuoteOf, type RestaurantQuote } from "@/lib/restaurants/quote";

import { dayQuote, isWithinQuote } from "./quote-tickets";

const FIRE = Date.parse("2025-03-07T23:00:00Z");
const at = (seconds: number) => new Date(FIRE + seconds * 1000).toISOString();

function record(ticket: string, over: Partial<ItemFulfillment> & { after?: number | null }): ItemFulfillment {
  const { after = 600, ...rest } = over;
  return {
    ticketGuid: ticket,
    itemFulfillmentLevel: 0,
    diningOptionBehavior: "TAKE_OUT",
    ticketFiredAt: at(0),
    itemFulfilledAt: after === null ? null : at(after),
    ...rest,
  } as ItemFulfillment;
}

const QUOTE: RestaurantQuote = { takeoutSeconds: 1200, deliverySeconds: 2700 };
const judge = (records: ItemFulfillment[], quote = QUOTE) =>
  dayQuote(
    records,
    quote,
    () => 18,
    () => 0,
  ).cells;

describe("within the quote", () => {
  it("counts exactly the quote as within, one second more as missed (whole seconds, rounded half up)", () => {
    expect(isWithinQuote(1200, 1200)).toBe(true);
    expect(isWithinQuote(1201, 1200)).toBe(false);
    // 20:00.4 rounds to 1200 s (within); 20:00.5 to 1201 s (missed).
    const cells = judge([
      record("a", { after: 1200.4 }),
      record("b", { after: 1200.5 }),
      record("c", { after: 1200 }),
    ]);
    expect(cells).toEqual([{ channel: 0, hour: 18, service: 0, tickets: 3, within: 2, unmeasured: 0 }]);
  });

  it("judges a ticket at the highest level it reaches, by its last fulfillment there", () => {
    const cells = judge([
      // Stations done at 10 min, the expediter at 25: the guest waited 25 minutes.
      record("t", { after: 600 }),
      record("t", { after: 1500, itemFulfillmentLevel: 1 }),
      // Station level only: its last item at 19 minutes.
      record("u", { after: 300 }),
      record("u", { after: 1140 }),
    ]);
    expect(cells[0]).toMatchObject({ tickets: 2, within: 1, unmeasured: 0 });
  });

  it("leaves a ticket unfulfilled at its top level unjudged, but not one unfulfilled only below it", () => {
    const cells = judge([
      record("open", { after: 600, itemFulfillmentLevel: 1 }),
      record("open", { after: null, itemFulfillmentLevel: 1 }),
      record("below", { after: null }),
      record("below", { after: 900, itemFulfillmentLevel: 1 }),
    ]);
    expect(cells[0]).toMatchObject({ tickets: 1, within: 1, unmeasured: 1 });
  });

  it("takes the first behavior a ticket names, counts delivery apart and no dine-in", () => {
    const cells = judge([
      record("d", { diningOptionBehavior: null, after: 100 }),
      record("d", { diningOptionBehavior: "DELIVERY", after: 2700 }),
      record("in", { diningOptionBehavior: "DINE_IN" }),
      record("t", {}),
    ]);
    expect(cells).toEqual([
      { channel: 0, hour: 18, service: 0, tickets: 1, within: 1, unmeasured: 0 },
      { channel: 1, hour: 18, service: 0, tickets: 1, within: 1, unmeasured: 0 },
    ]);
    // A channel without a quote is not judged at all.
    expect(
      judge([record("d", { diningOptionBehavior: "DELIVERY" })], { ...QUOTE, deliverySeconds: null }),
    ).toEqual([]);
  });

  it("reads the quote as prep time plus throttling time, in minutes", () => {
    expect(
      restaurantQuoteOf({
        prepTimes: {
          takeoutPrepTime: 15,
          takeoutThrottlingTime: 5,
          deliveryPrepTime: 30,
          deliveryThrottlingTime: null,
        },
      }),
    ).toEqual({ takeoutSeconds: 1200, deliverySeconds: 1800 });
    expect(restaurantQuoteOf({ prepTimes: null })).toEqual({ takeoutSeconds: null, deliverySeconds: null });
    expect(restaurantQuoteOf({ prepTimes: { takeoutPrepTime: -1 } }).takeoutSeconds).toBeNull();
  });
});

describe("the day's quote, stored", () => {
  it("survives the day summary's encoding, and a day summarised without a quote has none", () => {
    const records = [
      record("a", { after: 900 }),
      record("b", { after: 1500 }),
      record("c", { diningOptionBehavior: "DELIVERY" }),
    ];
    const parts = { closeoutHour: 4, services: [] };
    const day = summariseDay(records, "20250307", "America/New_York", parts, { quote: QUOTE });
    expect(day.quote?.cells.reduce((n, c) => n + c.tickets, 0)).toBe(3);
    expect(decodeDaySummary(encodeDaySummary(day)).quote).toEqual(day.quote);
    const without = summariseDay(records, "20250307", "America/New_York", parts);
    expect(decodeDaySummary(encodeDaySummary(without)).quote).toBeUndefined();
  });
});
