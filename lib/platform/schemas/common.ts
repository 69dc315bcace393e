import { z } from "zod";

import { openEnum } from "./open-enum";

export { isKnownValue, openEnum } from "./open-enum";

/**
 * Shared building blocks of section 2.4. Objects are "loose": fields the contract does not name
 * pass through untouched, because the real service adds fields without notice.
 */
export const platformReference = z.looseObject({
  guid: z.string().min(1),
  entityType: z.string().min(1),
});
export type PlatformReference = z.infer<typeof platformReference>;

export const externalReference = platformReference.extend({
  externalId: z.string().nullish(),
});
export type ExternalReference = z.infer<typeof externalReference>;

export const image = z.looseObject({ url: z.string().nullish() });
export type Image = z.infer<typeof image>;

export const UNITS_OF_MEASURE = [
  "NONE",
  "LB",
  "OZ",
  "KG",
  "G",
  "GAL",
  "L",
  "ML",
  "FL_OZ",
  "M",
  "CM",
  "FT",
  "IN",
  "YD",
] as const;
export type KnownUnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];
export const unitOfMeasure = openEnum(UNITS_OF_MEASURE);
export type UnitOfMeasure = z.infer<typeof unitOfMeasure>;

/** Deprecated menu fields (section 9), still sent. */
export const ORDERABLE_ONLINE = ["YES", "NO"] as const;
export const VISIBILITIES = ["ALL", "POS_ONLY", "NONE"] as const;
export const orderableOnline = openEnum(ORDERABLE_ONLINE);
export const visibility = openEnum(VISIBILITIES);

/** ISO-8601 date-time as the service sends it (with offset or Z). */
export const dateTime = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO-8601 date-time");
