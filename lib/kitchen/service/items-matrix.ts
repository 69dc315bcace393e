import "server-only";

import { businessDaysInRange } from "@/lib/business-date/business-date";
import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { presetRange } from "@/lib/kitchen/contract/date-range";
import {
  matrixPeriodOf,
  type ItemsMatrixColumn,
  type KitchenItemsMatrix,
  type KitchenItemsMatrixQuery,
} from "@/lib/kitchen/contract/items-matrix";
import type { StuckReport } from "@/lib/kitchen/contract/responses";
import { DEFAULT_STUCK_MINUTES } from "@/lib/kitchen/contract/stuck-items";
import { itemsMatrixRows, restaurantItems, type RestaurantItems } from "@/lib/kitchen/query/items-matrix";

import { withoutKitchenTier } from "./coverage";
import type { KitchenService } from "./kitchen-service";
import { mapLimit } from "./map-limit";
import type { OverviewRestaurant } from "./overview";

/** Restaurants read at once, as the Overview does. */
const CONCURRENCY = 6;

type ColumnResult = {
  column: ItemsMatrixColumn;
  items: RestaurantItems | null;
  refused?: InvalidInputError;
  stuck?: StuckReport;
};

/**
 * The items matrix for the restaurants the account may see: each one's days of the period (its
 * own business dates for a preset, else the dates given) at one level. A restaurant still being
 * fetched is a "pending" column with its progress; the rows are then made of the others and the
 * answer is not `complete`. Archived restaurants are columns like the others, marked.
 */
export async function kitchenItemsMatrix(
  service: Pick<KitchenService, "rangeDays">,
  restaurants: readonly OverviewRestaurant[],
  query: KitchenItemsMatrixQuery,
  nowMs: number,
): Promise<KitchenItemsMatrix> {
  const results = await mapLimit(restaurants, CONCURRENCY, (r) => columnOf(service, r, query, nowMs));
  // The same dates refused by every restaurant (too long a range, a date after all their todays) is the request's fault.
  const refused = results.map((r) => r.refused);
  if (refused.length > 0 && refused.every((e) => e !== undefined)) throw refused[0]!;
  const columns = results.map((r) => r.column);
  const period = matrixPeriodOf(query);
  return {
    range: "range" in period ? period.range : null,
    from: "from" in period ? period.from : null,
    to: "to" in period ? period.to : null,
    level: query.level,
    metric: query.metric,
    minRestaurants: query.minRestaurants,
    minRecords: query.minRecords,
    complete: columns.every((c) => c.status !== "pending"),
    stuck: {
      maxMinutes: results.find((r) => r.stuck)?.stuck?.maxMinutes ?? DEFAULT_STUCK_MINUTES,
      records: results.reduce((n, r) => n + (r.stuck?.records ?? 0), 0),
      included: query.stuck === "include",
    },
    columns,
    rows: itemsMatrixRows(
      columns,
      results.map((r) => r.items),
      query,
    ),
  };
}

async function columnOf(
  service: Pick<KitchenService, "rangeDays">,
  restaurant: OverviewRestaurant,
  query: KitchenItemsMatrixQuery,
  nowMs: number,
): Promise<ColumnResult> {
  const today = currentBusinessDateOrNull(restaurant, nowMs);
  const asked = matrixPeriodOf(query);
  const period = "range" in asked ? (today ? presetRange(asked.range, today) : { from: "", to: "" }) : asked;
  const column: ItemsMatrixColumn = {
    restaurantGuid: restaurant.guid,
    restaurantName: restaurant.name,
    locationName: restaurant.locationName,
    archived: restaurant.archived,
    status: "ready",
    period,
    records: 0,
    withoutMultiLocationId: 0,
  };
  const none = (status: ItemsMatrixColumn["status"], message?: string): ColumnResult => ({
    column: { ...column, status, ...(message ? { message } : {}) },
    items: null,
  });
  if (!today)
    return none("error", `The restaurant's time zone "${restaurant.timeZone}" is unknown to this server.`);
  if (restaurant.kitchenEntitled === false) return none("not_entitled");
  let answer: Awaited<ReturnType<KitchenService["rangeDays"]>>;
  try {
    answer = await service.rangeDays(restaurant, period, {
      metric: query.metric,
      stuck: query.stuck,
      level: query.level,
    });
  } catch (error) {
    if (error instanceof InvalidInputError) return { ...none("error", error.message), refused: error };
    return none("error", error instanceof Error ? error.message : "Could not be loaded");
  }
  if (!answer.ready) {
    return {
      column: {
        ...column,
        status: "pending",
        progress: {
          answered: answer.pending.total - answer.pending.pending,
          total: businessDaysInRange(period.from, period.to),
        },
      },
      items: null,
    };
  }
  const { days, coverage, cutSeconds, stuck } = answer.value;
  if (withoutKitchenTier(coverage)) return none("not_entitled");
  const items = restaurantItems(days, query.metric, query.level, cutSeconds);
  return {
    column: {
      ...column,
      records: items.records,
      withoutMultiLocationId: items.withoutMultiLocationId,
      stuckRecords: stuck.records,
    },
    items,
    stuck,
  };
}
