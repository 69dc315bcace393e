import { z } from "zod";

import { kitchenLevelParam, stuckParam } from "./params";
import type { RestaurantInView, StuckReport } from "./responses";
import { OVERVIEW_RANGES, type KitchenLevel, type OverviewRange } from "./vocabulary";

/**
 * The chain (issue 36): the Overview's restaurants grouped by area (by management group while no
 * area exists), each group's figures merged exactly from its restaurants' one-second histograms;
 * every restaurant against the whole chain (the restaurants the viewer may see); and the stations
 * matrix, prep stations lined up across restaurants by their multi-location id.
 */

/** GET /api/kitchen/stations-matrix(.csv)?range=&level=&stuck=: the Overview's ranges, one level (0 by default). */
export const kitchenStationsMatrixSchema = z.object({
  range: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(OVERVIEW_RANGES, { message: `range must be one of ${OVERVIEW_RANGES.join(", ")}` }).default("7d"),
  ),
  level: z.preprocess((v) => (v === "" ? undefined : v), kitchenLevelParam.default(0)),
  stuck: stuckParam,
});
export type KitchenStationsMatrixQuery = z.infer<typeof kitchenStationsMatrixSchema>;

/** One restaurant's records of one station (all its GUIDs sharing the multi-location id) at the level. */
export interface StationsMatrixCell {
  records: number;
  /** Nearest rank over the cell's records, whole seconds. */
  p90: number;
  /** The station's name in this restaurant (the commonest among its records). */
  stationName: string | null;
  /** Fewer than MIN_RANKED_COUNT records: shown, muted, never ranked. */
  fewRecords: boolean;
}

export interface StationsMatrixRow {
  multiLocationId: string;
  /** The commonest name across the row's restaurants. */
  stationName: string | null;
  /** Per column, in the columns' order; null where the restaurant has no record of the station. */
  cells: (StationsMatrixCell | null)[];
  /** Every restaurant's records of the station together: nearest rank over the union. */
  records: number;
  p90: number;
}

export interface StationsMatrixColumn extends RestaurantInView {
  /** The level's target on the period's last date (seconds): the heat scale's reference. */
  targetSeconds: number | null;
  /** Records at the level with a time: with a station multi-location id, and without one (expediter rows, messy records). */
  records: number;
  withoutMultiLocationId: number;
}

export interface KitchenStationsMatrix {
  range: OverviewRange;
  level: KitchenLevel;
  /** False while a column is "pending": the rows are then made of the others. */
  complete: boolean;
  stuck: StuckReport;
  columns: StationsMatrixColumn[];
  /** By multi-location id; ordered by the row's records, most first, then name and id. */
  rows: StationsMatrixRow[];
}

/** A group of the Overview: an area, or a management group while the deployment has no area. */
export interface OverviewAreaRef {
  kind: "area" | "management_group" | "none";
  /** `area:<id>`, `group:<GUID>`, or `none` (restaurants in no area / of no known group). */
  key: string;
  name: string;
}

/** A group's (or the chain's) figures of one level over the current period, merged exactly. */
export interface ChainLevelFigures {
  level: KitchenLevel;
  /** Records with a time at the level, summed over the ready restaurants. */
  records: number;
  /** Nearest rank over the union of the restaurants' records (never a mean of their percentiles). */
  p50: number | null;
  p90: number | null;
  /** Records over the target that applies to them (each restaurant's own), summed. */
  late: number;
  /** (records − late) / records; null without records. */
  onTimeShare: number | null;
}

export interface OverviewArea extends OverviewAreaRef {
  /** The restaurants of the group the viewer may see, in the Overview's order. */
  restaurantGuids: string[];
  /** False while one of them is not ready (pending, error): its figures are then the ready ones'. */
  complete: boolean;
  levels: ChainLevelFigures[];
}

/** The chain: every restaurant the viewer may see that is ready. */
export interface OverviewChain {
  restaurants: number;
  /** The pooled figures: nearest rank over every ready restaurant's records together. */
  levels: (ChainLevelFigures & {
    /** The median of the restaurants' own p90s (nearest rank, the lower middle), a different figure. */
    medianRestaurantP90: number | null;
  })[];
}

/** A row's place in the chain at one level: 1 is the fastest p90; restaurants without records are not ranked. */
export interface OverviewChainRank {
  level: KitchenLevel;
  rank: number | null;
  of: number;
  /** The row's p90 minus the median restaurant p90 (seconds); null when either is missing. */
  vsMedianSeconds: number | null;
}
