import { z } from "zod";

import { businessDateParam, kitchenLevelParam, stuckParam } from "./params";
import type { DateCoverage } from "./responses";
import type { KitchenLevel } from "./vocabulary";

/**
 * Capacity (issue 36): how p90 fire to fulfill rises with the load, the items fired per 15-minute
 * slot. GET /api/restaurants/{guid}/kitchen/capacity?from&to[&level&station&stuck] and its CSV.
 * The rules (slots, loads, the knee) are lib/kitchen/query/capacity.ts's; docs/metrics.md says them.
 */
export const kitchenCapacitySchema = z
  .object({
    from: businessDateParam,
    to: businessDateParam,
    // Level 0 (the prep stations) unless asked: the load a capacity cap would limit.
    level: z.preprocess((v) => (v === "" || v === undefined ? 0 : v), kitchenLevelParam),
    station: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    stuck: stuckParam,
  })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type KitchenCapacityQuery = z.infer<typeof kitchenCapacitySchema>;

/** The slot instances of one load: `slots` of them, `items` records in all, p90 over the `timed` ones. */
export interface CapacityLoad {
  load: number;
  slots: number;
  items: number;
  /** Records with a fire to fulfill within the stuck cut: the p90's population. */
  timed: number;
  /** Nearest-rank p90 fire to fulfill of the timed records, whole seconds; null when none. */
  p90: number | null;
  /** Fewer than MIN_RANKED_COUNT items: shown, muted, and not used for the knee. */
  fewItems: boolean;
  /** p90 over the target. */
  overTarget: boolean;
}

/**
 * `knee`: the smallest load from which every load with enough items has p90 over the target;
 * `capacity` = knee − 1, the number for the Platform's kitchen-capacity setting (items per 15
 * minutes). "knee": a load within target lies below it; "always_over": even the lightest load with
 * enough items is over (a cap does not help; knee set, capacity null); "never_over": the heaviest
 * load with enough items is within target; "too_few": no load has enough items.
 */
export type CapacityKneeStatus = "knee" | "always_over" | "never_over" | "too_few";

/** Mean items in progress per 15-minute slot of the day, per station of the level. */
export interface CapacityInProgress {
  stationGuid: string | null;
  stationName: string | null;
  /** 96 slots (00:00, 00:15, ...): mean items in progress over the range's days with records. */
  slots: number[];
  peak: { slot: number; items: number } | null;
}

export interface KitchenCapacity {
  restaurantGuid: string;
  from: string;
  to: string;
  level: KitchenLevel;
  station: string | null;
  /** The target p90 is held to: the station's own at the level, else the level's, in force on `to`. */
  targetSeconds: number;
  minItems: number;
  slotMinutes: number;
  /** The stuck cut applied to the p90 (items left on screen count in the load, not in p90); null with stuck=include. */
  stuckCutSeconds: number | null;
  slots: CapacityLoad[];
  knee: number | null;
  capacity: number | null;
  kneeStatus: CapacityKneeStatus;
  /** The level's stations with records in the range (the station filter's choices), by first appearance. */
  stations: { guid: string | null; name: string | null }[];
  /** Days of the range with records: the in-progress means' denominator. */
  days: number;
  inProgress: CapacityInProgress[];
  coverage: DateCoverage;
}
