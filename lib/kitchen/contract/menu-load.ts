import { z } from "zod";

import { businessDateParam, kitchenLevelParam, stuckParam } from "./params";
import type { DateCoverage, StuckReport } from "./responses";
import type { StuckChoice } from "./stuck-items";
import type { KitchenLevel } from "./vocabulary";

/**
 * The menu's load (issue 36, the kitchen's half of menu engineering): per menu item over a range,
 * at one level (and optionally one station), how often it is made, how long it takes (fire to
 * fulfill, p50 and p90 by nearest rank from the summed one-second histograms) and how many
 * station-minutes it consumes (the exact sum of its records' seconds / 60 = count × mean).
 * GET /api/restaurants/{guid}/kitchen/menu-load (+ .csv).
 */

const emptyIsUnset = (v: unknown) => (v === "" ? undefined : v);

export const kitchenMenuLoadSchema = z
  .object({
    from: businessDateParam,
    to: businessDateParam,
    // Level 0 by default: station-minutes are the prep stations' time; summing levels would count an item once per level.
    level: z.preprocess(emptyIsUnset, kitchenLevelParam.default(0)),
    station: z.preprocess(emptyIsUnset, z.string().trim().min(1).max(200).optional()),
    stuck: stuckParam,
  })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type KitchenMenuLoadQuery = Omit<z.infer<typeof kitchenMenuLoadSchema>, "stuck"> & {
  stuck?: StuckChoice;
};

/**
 * Where an item stands against the range's medians (`KitchenMenuLoad.medians`): popular when its
 * selections are at least the median, slow when its p90 is over the median p90. "few": under
 * MIN_RANKED_COUNT records, not placed (its p90 rests on a handful of records).
 */
export const MENU_LOAD_QUADRANTS = [
  "popular_quick",
  "popular_slow",
  "unpopular_quick",
  "unpopular_slow",
  "few",
] as const;
export type MenuLoadQuadrant = (typeof MENU_LOAD_QUADRANTS)[number];

/** An item's time at one station (the records it left there at the level). */
export interface MenuLoadItemStation {
  stationGuid: string | null;
  stationName: string | null;
  records: number;
  /** The exact sum of the records' fire-to-fulfill seconds. */
  seconds: number;
  /** `seconds` over the station's seconds of every item (0..1). */
  shareOfStation: number;
}

export interface MenuLoadItem {
  /** The menu item's GUID (the Menu page's `?item=`); null for records that name none. */
  itemGuid: string | null;
  /** The name its records carry most often (ties: the first in code-unit order). */
  itemName: string | null;
  /** Distinct order selections (one item at two stations is two records, one selection). */
  selections: number;
  /** Records with a fire-to-fulfill time: what p50, p90 and the seconds are made of. */
  records: number;
  /** Records without a time (a timestamp missing). */
  excluded: number;
  p50: number | null;
  p90: number | null;
  /** The exact sum of the records' seconds: station-time consumed. */
  seconds: number;
  /** `seconds` / 60, unrounded. */
  minutes: number;
  /** `seconds` over every item's seconds in the answer (0..1): the shares add up to 1. */
  share: number;
  /** Under MIN_RANKED_COUNT records: shown, marked, not placed in a quadrant. */
  fewRecords: boolean;
  quadrant: MenuLoadQuadrant;
  /** Per station, most seconds first. */
  stations: MenuLoadItemStation[];
}

export interface MenuLoadStation {
  stationGuid: string | null;
  stationName: string | null;
  records: number;
  seconds: number;
}

export interface KitchenMenuLoad {
  restaurantGuid: string;
  from: string;
  to: string;
  level: KitchenLevel;
  /** The station filter (a GUID, or `(none)`), null for every station. */
  station: string | null;
  coverage: DateCoverage;
  stuck: StuckReport;
  /** Every item's records and seconds summed (the shares' denominator). */
  records: number;
  seconds: number;
  /**
   * The quadrants' lines: the medians (nearest rank) of selections and of p90 over the items with
   * at least `minRankedCount` records (`rankedItems` of them); null when none has.
   */
  medians: { selections: number | null; p90: number | null; rankedItems: number };
  minRankedCount: number;
  stations: MenuLoadStation[];
  /** Most seconds first, then most records, then name. */
  items: MenuLoadItem[];
}
