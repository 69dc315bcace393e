import { describe, expect, it } from "vitest";

import { MalformedDayError } from "@/lib/kitchen/ingest/fetch-failure";
import { ingestDay } from "@/lib/kitchen/ingest/ingest";
import { readItemFulfillments, type ItemFulfillment } from "@/lib/platform/schemas";

const OURS = "8f1a0b3e-5c2d-4e6f-9a7b-1c2d3e4f5a6b";
const THEIRS = "0d9c8b7a-6f5e-4d3c-2b1a-0f9e8d7c6b5a";

function record(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    restaurantGuid: OURS,
    orderGuid: "o-1",
    selectionGuid: "s-1",
    selectionMenuItemGuid: "m-1",
    selectionMenuItemName: "Burger",
    ticketGuid: "t-1",
    ticketFiredAt: "2025-03-04T16:15:12.589Z",
    itemStartedAt: "2025-03-04T16:15:12.589Z",
    itemFulfilledAt: "2025-03-04T16:25:12.589Z",
    itemFulfillmentLevel: 0,
    prepStationGuid: "p-grill",
    prepStationName: "Grill",
    orderSource: "In Store",
    ...overrides,
  };
}

const ingest = (body: unknown[]) => ingestDay(readItemFulfillments(body), OURS);

describe("readItemFulfillments", () => {
  it("reads a wrong-typed field as absent and counts the record, keeping the rest of it", () => {
    const read = readItemFulfillments([
      record({ orderGuid: 7, prepStationName: { text: "Grill" } }),
      record({ selectionGuid: "s-2" }),
    ]);
    expect(read.records).toHaveLength(2);
    expect(read.malformedRecords).toBe(1);
    expect(read.records[0]!.orderGuid).toBeNull();
    expect(read.records[0]!.prepStationName).toBeNull();
    expect(read.records[0]!.selectionMenuItemName).toBe("Burger");
  });

  it("drops entries that are not objects and reads a numeric string level as its number", () => {
    const read = readItemFulfillments([null, "x", [1], record({ itemFulfillmentLevel: "1" })]);
    expect(read.notRecords).toBe(3);
    expect(read.records.map((r) => r.itemFulfillmentLevel)).toEqual([1]);
  });

  it("accepts a record with every field absent", () => {
    const read = readItemFulfillments([{}]);
    expect(read.records).toHaveLength(1);
    expect(read.malformedRecords).toBe(0);
    expect(read.records[0]!.itemFulfillmentLevel).toBeNull();
  });
});

describe("ingestDay", () => {
  it("counts a byte-identical duplicate once and keeps the number dropped", () => {
    const r = record();
    const day = ingest([r, JSON.parse(JSON.stringify(r)), record({ selectionGuid: "s-2" }), { ...r }]);
    expect(day.records).toHaveLength(2);
    expect(day.counts.duplicates).toBe(2);
    expect(day.counts.received).toBe(4);
  });

  it("keeps records that share the quick key but differ in another field", () => {
    const day = ingest([record(), record({ diningOptionBehavior: "TAKE_OUT" })]);
    expect(day.records).toHaveLength(2);
    expect(day.counts.duplicates).toBe(0);
  });

  it("treats a record without a restaurant as this restaurant's and refuses only one naming another", () => {
    const day = ingest([
      record({ restaurantGuid: undefined, selectionGuid: "a" }),
      record({ restaurantGuid: null, selectionGuid: "b" }),
      record({ restaurantGuid: THEIRS, selectionGuid: "c" }),
      record({ restaurantGuid: OURS.toUpperCase(), selectionGuid: "d" }),
    ]);
    expect(day.records.map((r) => r.selectionGuid)).toEqual(["a", "b", "d"]);
    expect(day.counts.otherRestaurant).toBe(1);
  });

  it("fails the day when every record names another restaurant", () => {
    expect(() =>
      ingest([record({ restaurantGuid: THEIRS }), record({ restaurantGuid: THEIRS, selectionGuid: "s-2" })]),
    ).toThrow(MalformedDayError);
  });

  it("keeps records without a known level but leaves them out of the measurable ones, by reason", () => {
    const day = ingest([
      record(),
      record({ selectionGuid: "s-2", itemFulfillmentLevel: null }),
      record({ selectionGuid: "s-3", itemFulfillmentLevel: undefined }),
      record({ selectionGuid: "s-4", itemFulfillmentLevel: 3 }),
    ]);
    expect(day.records).toHaveLength(4);
    expect(day.measurable.map((r: ItemFulfillment) => r.selectionGuid)).toEqual(["s-1"]);
    expect(day.counts).toMatchObject({ noLevel: 2, unknownLevel: 1, duplicates: 0 });
  });

  it("keeps expediter rows without a prep station as measurable records of their level", () => {
    const expo = record({
      itemFulfillmentLevel: 1,
      prepStationGuid: null,
      prepStationName: null,
      itemFulfilledAt: "2025-03-04T16:27:00.000Z",
    });
    const day = ingest([record(), expo]);
    expect(day.measurable).toHaveLength(2);
    expect(day.measurable[1]!.prepStationGuid).toBeNull();
  });

  it("an empty export is an empty day, not a failure", () => {
    expect(ingest([]).records).toEqual([]);
  });
});
