import { z } from "zod";
import { dateTime, platformReference } from "./common";

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

export const FULFILLMENT_LEVELS = [0, 1, 2] as const;
export type FulfillmentLevel = (typeof FULFILLMENT_LEVELS)[number];

/**
 * 2.5 ItemFulfillment. Fields the contract marks "if available" are optional, and so are the
 * timestamps: real exports contain records without them, which the metrics count as excluded.
 */
export const itemFulfillment = z.looseObject({
  restaurantGuid: z.string().min(1),
  orderGuid: z.string().min(1),
  selectionGuid: z.string().min(1),
  selectionMenuItemGuid: z.string().nullish(),
  selectionMenuItemName: z.string().nullish(),
  selectionMenuItemMultiLocationId: z.string().nullish(),
  ticketGuid: z.string().nullish(),
  ticketFiredAt: dateTime.nullish(),
  itemFulfilledAt: dateTime.nullish(),
  itemStartedAt: dateTime.nullish(),
  itemFulfillmentLevel: z.number().int().min(0).max(2),
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

export const PRINTING_MODES = ["ON", "OFFLINE_ONLY"] as const;
export const EXPO_ROUTINGS = ["SEND_TO_EXPO", "EXPO_ONLY", "SKIP_EXPO"] as const;

/** 2.6 PrepStation. */
export const prepStation = platformReference.extend({
  name: z.string().nullish(),
  connectedPrepStations: z.array(platformReference).nullish(),
  printingMode: z.enum(PRINTING_MODES).nullish(),
  includeWithExpediter: z.boolean().nullish(),
  expoRouting: z.enum(EXPO_ROUTINGS).nullish(),
  kitchenPrinter: platformReference.nullish(),
});
export type PrepStation = z.infer<typeof prepStation>;
