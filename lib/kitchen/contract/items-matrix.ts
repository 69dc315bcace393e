import { z } from "zod";

import { businessDateParam, kitchenLevelParam, kitchenMetricParam, stuckParam } from "./params";
import { MIN_RANKED_COUNT } from "./ranking";
import type { RestaurantInView, StuckReport } from "./responses";
import { OVERVIEW_RANGES, type KitchenLevel, type KitchenMetric, type OverviewRange } from "./vocabulary";

/**
 * The items matrix (issue 15, "the same dish across restaurants"): rows are menu items consolidated
 * by the export's `selectionMenuItemMultiLocationId` (versions of one menu item across locations),
 * columns the restaurants the account may see, cells p50 and p90 of one metric at one level.
 * GET /api/kitchen/items-matrix (+ .csv).
 */

const wholeNumber = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ message })
      .int({ message })
      .min(min, { message })
      .max(max, { message })
      .default(fallback),
  );
};

/**
 * A cell with fewer records than this is shown, marked, but neither slowest nor fastest of its row:
 * the ranking's minimum (issue 34: the page led with 6-record cells).
 */
export const DEFAULT_MATRIX_MIN_RECORDS = MIN_RANKED_COUNT;

/** The JSON answer's page of rows (issue 34: 19,860 px of rows on one page); the CSV has them all. */
const DEFAULT_MATRIX_PAGE_SIZE = 25;
const MAX_MATRIX_PAGE_SIZE = 200;

/**
 * What the rows are ordered by: the gap (the default), the item's name, the restaurants selling it,
 * or one restaurant's p50 (`p50:<restaurant GUID>`). Each has its natural direction (`order`
 * unless given): the gap, the restaurants and a p50 largest first, the name A to Z.
 */
export const MATRIX_SORT_PATTERN = /^(gap|item|restaurants|p50:[A-Za-z0-9-]{1,64})$/;
export type MatrixSort = "gap" | "item" | "restaurants" | `p50:${string}`;
export type MatrixOrder = "asc" | "desc";

/**
 * Either a period of each restaurant's own business dates (`range`, as the Overview), or the same
 * business dates `from`-`to` for every restaurant. Neither: the last 7 days.
 */
export const kitchenItemsMatrixSchema = z
  .object({
    range: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(OVERVIEW_RANGES, { message: `range must be one of ${OVERVIEW_RANGES.join(", ")}` }).optional(),
    ),
    from: z.preprocess((v) => (v === "" ? undefined : v), businessDateParam.optional()),
    to: z.preprocess((v) => (v === "" ? undefined : v), businessDateParam.optional()),
    level: z.preprocess((v) => (v === "" ? undefined : v), kitchenLevelParam.default(0)),
    metric: kitchenMetricParam.default("fire_to_fulfill"),
    minRestaurants: wholeNumber("minRestaurants", 1, 1000, 2),
    minRecords: wholeNumber("minRecords", 1, 10_000, DEFAULT_MATRIX_MIN_RECORDS),
    stuck: stuckParam,
    page: wholeNumber("page", 1, 100_000, 1),
    pageSize: wholeNumber("pageSize", 1, MAX_MATRIX_PAGE_SIZE, DEFAULT_MATRIX_PAGE_SIZE),
    sort: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(MATRIX_SORT_PATTERN, {
          message: "sort must be gap, item, restaurants or p50:<restaurant GUID>",
        })
        .default("gap")
        .transform((v) => v as MatrixSort),
    ),
    order: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(["asc", "desc"], { message: "order must be asc or desc" }).optional(),
    ),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: "from and to must be given together",
    path: ["from"],
  })
  .refine((q) => q.range === undefined || q.from === undefined, {
    message: "give either range or from and to, not both",
    path: ["range"],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: "from must not be after to",
    path: ["from"],
  });
export type KitchenItemsMatrixQuery = z.infer<typeof kitchenItemsMatrixSchema>;

/** The period a query asks of every restaurant: a preset of its own dates, or fixed dates. */
export type MatrixPeriod = { range: OverviewRange } | { from: string; to: string };
export const matrixPeriodOf = (q: KitchenItemsMatrixQuery): MatrixPeriod =>
  q.from !== undefined && q.to !== undefined ? { from: q.from, to: q.to } : { range: q.range ?? "7d" };

/** One restaurant: a column of the matrix. Only "ready" columns have cells. */
export interface ItemsMatrixColumn extends RestaurantInView {
  /** Records at the level with a value of the metric and a multi-location id: what the cells hold. */
  records: number;
  /** Records at the level with a value but no multi-location id: they cannot be matched across restaurants. */
  withoutMultiLocationId: number;
  /** Items left on screen at the level (contract/stuck-items.ts); in `records` only with `stuck=include`. Set when ready. */
  stuckRecords?: number;
}

export interface ItemsMatrixCell {
  /** The restaurant's own name of its version of the item (versions may be named differently). */
  itemName: string | null;
  records: number;
  p50: number;
  p90: number;
  /** Fewer records than `minRecords`: shown, but not ranked slowest or fastest. */
  fewRecords: boolean;
}

export interface ItemsMatrixRow {
  multiLocationId: string;
  /** The name its versions carry most often (ties: the first in code-unit order). */
  itemName: string | null;
  /** Per column (same order as `columns`): the cell, or null where the restaurant has no record of it. */
  cells: (ItemsMatrixCell | null)[];
  /** Restaurants with at least one record of the item. */
  restaurants: number;
  /**
   * The cell with the highest p50 (ties: higher p90, then column order), and the one with the lowest,
   * of those with at least `minRecords` records; both null with fewer than two such cells.
   */
  slowestRestaurantGuid: string | null;
  fastestRestaurantGuid: string | null;
  /** Slowest p50 minus fastest p50, in seconds; null with fewer than two cells with enough records. */
  gapSeconds: number | null;
}

export interface KitchenItemsMatrix {
  range: OverviewRange | null;
  from: string | null;
  to: string | null;
  level: KitchenLevel;
  metric: KitchenMetric;
  minRestaurants: number;
  minRecords: number;
  /** No column is still being fetched: the rows are final (the CSV waits for this). */
  complete: boolean;
  /** Items left on screen at the level in the ready columns, summed; left out of the cells unless `included`. */
  stuck: StuckReport;
  columns: ItemsMatrixColumn[];
  /** Sorted by gap, largest first (no gap last), then name and multi-location id. */
  rows: ItemsMatrixRow[];
}

/**
 * GET /api/kitchen/items-matrix's answer: the matrix with one page of its rows, in the order
 * asked, rows under the minimum (fewer than two cells of `minRecords`, or, sorted by one
 * restaurant, its cell missing or under it) after all the others in either direction.
 */
export interface KitchenItemsMatrixPage extends KitchenItemsMatrix {
  sort: MatrixSort;
  order: MatrixOrder;
  /** 1-based; a page past the last answers no rows (and says how many there are). */
  page: number;
  pageSize: number;
  /** Rows of every page. */
  totalRows: number;
}
