import { z } from "zod";

import { CLIENT_TYPES } from "@/lib/platform/schemas/auth";

import worldJson from "./world.json";

/** The schema of world.json: the hand-editable declaration everything in the sandbox derives from. */
export const worldClient = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  name: z.string().min(1),
  type: z.enum(CLIENT_TYPES),
  partnerGuid: z.string().optional(),
  managementGroupGuid: z.string().optional(),
  scopes: z.array(z.string()),
  restaurants: z.array(z.string()),
});

export const worldRestaurant = z.object({
  guid: z.string().min(1),
  name: z.string().min(1),
  locationName: z.string(),
  locationCode: z.string(),
  timeZone: z.string().min(1),
  /**
   * Hour of day (restaurant time) at which one business date ends and the next begins. The real
   * service's developer guide gives it as 0-12, midnight to noon (the Business Day Cutoff).
   */
  closeoutHour: z.number().int().min(0).max(12),
  archived: z.boolean(),
  tier: z.enum(["professional", "basic"]),
  twoLevelExpo: z.boolean(),
  startQueue: z.boolean(),
  /** Typical tickets fired on a business date; the generator varies it by weekday and seed. */
  ticketsPerDay: z.number().int().min(0),
  /** How many sellable menu items the generated menu holds (modifiers come on top). */
  menuItems: z.number().int().min(1),
  managementGroupGuid: z.string(),
  address1: z.string(),
  city: z.string(),
  stateCode: z.string(),
  zipCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  firstBusinessDate: z.number().int(),
  /**
   * Send a few enum values the published contract does not list (a printingMode, an
   * expoRouting, a unitOfMeasure, a menu item type, a discount type, a dining option behavior),
   * as the real service does when it adds values without a new version.
   */
  futureEnumValues: z.boolean().optional(),
});

export const worldSchema = z.object({
  seed: z.string().min(1),
  issuer: z.string().min(1),
  audience: z.string().min(1),
  clients: z.array(worldClient).min(1),
  restaurants: z.array(worldRestaurant).min(1),
});

export type World = z.infer<typeof worldSchema>;
export type WorldClient = z.infer<typeof worldClient>;
export type WorldRestaurant = z.infer<typeof worldRestaurant>;

/** The world shipped in world.json, validated. */
export function defaultWorld(): World {
  return worldSchema.parse(worldJson);
}
