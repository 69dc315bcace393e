import { z } from "zod";

import { dateTime, openEnum, platformReference } from "./common";

/** 2.5.1 orderSource values. The real service may add more, so the schema accepts any string. */
export const KNOWN_ORDER_SOURCES = [
  "In Store",
  "Online",
  "Order-and-Pay-at-Table",
  "API",
  "Kiosk",
  "Caller Id",
  "Invoice",
  "Platform Pickup App",
  "Platform Local",
  "Branded Online Ordering",
  "Catering",
  "Catering Online Ordering",
  "Platform Tables",
  "eCommerce Online ordering",
  "Branded Mobile App",
] as const;

/**
 * 2.5 ItemFulfillment. Every field is optional and nullable, as in the published kitchen 1.0.2
 * definition: real exports carry expediter rows without a prep station and records with fields
 * missing. The sandbox's own records satisfy this schema; the client reads exports with
 * `readItemFulfillments`, which accepts the same shapes record by record without zod's cost.
 */
export const itemFulfillment = z.looseObject({
  restaurantGuid: z.string().nullish(),
  orderGuid: z.string().nullish(),
  selectionGuid: z.string().nullish(),
  selectionMenuItemGuid: z.string().nullish(),
  selectionMenuItemName: z.string().nullish(),
  selectionMenuItemMultiLocationId: z.string().nullish(),
  ticketGuid: z.string().nullish(),
  ticketFiredAt: dateTime.nullish(),
  itemFulfilledAt: dateTime.nullish(),
  itemStartedAt: dateTime.nullish(),
  // Any number: a level the client does not know is kept and counted, never a rejected record.
  itemFulfillmentLevel: z.number().nullish(),
  prepStationGuid: z.string().nullish(),
  prepStationName: z.string().nullish(),
  prepStationMultiLocationId: z.string().nullish(),
  diningOptionGuid: z.string().nullish(),
  diningOptionName: z.string().nullish(),
  diningOptionBehavior: z.string().nullish(),
  courseGuid: z.string().nullish(),
  courseName: z.string().nullish(),
  orderSource: z.string().nullish(),
});
export type ItemFulfillment = z.infer<typeof itemFulfillment>;
export const itemFulfillmentList = z.array(itemFulfillment);

/** Every field of an ItemFulfillment, in the published order (2.5). */
export const ITEM_FULFILLMENT_FIELDS = [
  "restaurantGuid",
  "orderGuid",
  "selectionGuid",
  "selectionMenuItemGuid",
  "selectionMenuItemName",
  "selectionMenuItemMultiLocationId",
  "ticketGuid",
  "ticketFiredAt",
  "itemFulfilledAt",
  "itemStartedAt",
  "itemFulfillmentLevel",
  "prepStationGuid",
  "prepStationName",
  "prepStationMultiLocationId",
  "diningOptionGuid",
  "diningOptionName",
  "diningOptionBehavior",
  "courseGuid",
  "courseName",
  "orderSource",
] as const satisfies readonly (keyof ItemFulfillment)[];

type TextField = Exclude<(typeof ITEM_FULFILLMENT_FIELDS)[number], "itemFulfillmentLevel">;

/** The string fields: every field but the level. */
export const ITEM_FULFILLMENT_TEXT_FIELDS: readonly TextField[] = ITEM_FULFILLMENT_FIELDS.filter(
  (f): f is TextField => f !== "itemFulfillmentLevel",
);

/** What `readItemFulfillments` made of an export body. */
export interface ReadFulfillments {
  records: ItemFulfillment[];
  /** Array elements that are not JSON objects: nothing in them can be counted. */
  notRecords: number;
  /** Records that had at least one field of the wrong type (that field was read as absent). */
  malformedRecords: number;
}

/**
 * Reads an export record by record, liberally: a field of the wrong type is read as absent (and
 * the record counted as malformed), a numeric string level ("1") as its number, unknown fields
 * are dropped. One odd record never rejects the day; what could not be read is counted.
 */
export function readItemFulfillments(body: readonly unknown[]): ReadFulfillments {
  const read: ReadFulfillments = { records: [], notRecords: 0, malformedRecords: 0 };
  for (const value of body) addItemFulfillment(read, value);
  return read;
}

/**
 * One element of an export into `into` (readItemFulfillments' rule), as the streamed export hands
 * them over: the raw element is dropped once read, only the record of known fields is kept.
 */
export function addItemFulfillment(into: ReadFulfillments, value: unknown): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    into.notRecords++;
    return;
  }
  const raw = value as Record<string, unknown>;
  let malformed = false;
  const text = (v: unknown): string | null => {
    if (typeof v === "string") return v;
    if (v !== null && v !== undefined) malformed = true;
    return null;
  };
  let level: number | null = null;
  const rawLevel = raw.itemFulfillmentLevel;
  if (typeof rawLevel === "number" && Number.isFinite(rawLevel)) level = rawLevel;
  else if (typeof rawLevel === "string" && /^\s*-?\d+\s*$/.test(rawLevel)) level = Number(rawLevel);
  else if (rawLevel !== null && rawLevel !== undefined) malformed = true;
  // One literal with every field, in one order: one hidden class for every record of the day.
  into.records.push({
    restaurantGuid: text(raw.restaurantGuid),
    orderGuid: text(raw.orderGuid),
    selectionGuid: text(raw.selectionGuid),
    selectionMenuItemGuid: text(raw.selectionMenuItemGuid),
    selectionMenuItemName: text(raw.selectionMenuItemName),
    selectionMenuItemMultiLocationId: text(raw.selectionMenuItemMultiLocationId),
    ticketGuid: text(raw.ticketGuid),
    ticketFiredAt: text(raw.ticketFiredAt),
    itemFulfilledAt: text(raw.itemFulfilledAt),
    itemStartedAt: text(raw.itemStartedAt),
    itemFulfillmentLevel: level,
    prepStationGuid: text(raw.prepStationGuid),
    prepStationName: text(raw.prepStationName),
    prepStationMultiLocationId: text(raw.prepStationMultiLocationId),
    diningOptionGuid: text(raw.diningOptionGuid),
    diningOptionName: text(raw.diningOptionName),
    diningOptionBehavior: text(raw.diningOptionBehavior),
    courseGuid: text(raw.courseGuid),
    courseName: text(raw.courseName),
    orderSource: text(raw.orderSource),
  });
  if (malformed) into.malformedRecords++;
}

export const PRINTING_MODES = ["ON", "OFFLINE_ONLY"] as const;
export const EXPO_ROUTINGS = ["SEND_TO_EXPO", "EXPO_ONLY", "SKIP_EXPO"] as const;

/** 2.6 PrepStation. printingMode and expoRouting are open: a value added by the service is kept as sent. */
export const prepStation = platformReference.extend({
  name: z.string().nullish(),
  connectedPrepStations: z.array(platformReference).nullish(),
  printingMode: openEnum(PRINTING_MODES).nullish(),
  includeWithExpediter: z.boolean().nullish(),
  expoRouting: openEnum(EXPO_ROUTINGS).nullish(),
  kitchenPrinter: platformReference.nullish(),
});
export type PrepStation = z.infer<typeof prepStation>;
