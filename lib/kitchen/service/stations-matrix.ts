import "server-only";

import { businessDaysInRange } from "@/lib/business-date/business-date";
import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
import type { Queryable } from "@/lib/db/database";
import type {
  KitchenStationsMatrix,
  KitchenStationsMatrixQuery,
  StationsMatrixColumn,
} from "@/lib/kitchen/contract/chain";
import { presetRange } from "@/lib/kitchen/contract/date-range";
import type { StuckReport } from "@/lib/kitchen/contract/responses";
import { DEFAULT_STUCK_MINUTES } from "@/lib/kitchen/contract/stuck-items";
import { targetSchedule } from "@/lib/kitchen/contract/target-versions";
import {
  restaurantStations,
  stationsMatrixRows,
  type RestaurantStations,
} from "@/lib/kitchen/query/stations-matrix";
import { readTargetVersionsOf } from "@/lib/kitchen/storage/target-versions";

import { withoutKitchenTier } from "./coverage";
import type { KitchenService } from "./kitchen-service";
import { mapLimit } from "./map-limit";
import type { OverviewRestaurant } from "./overview";

/** Restaurants read at once, as the Overview does. */
const CONCURRENCY = 6;

type ColumnResult = {
  column: StationsMatrixColumn;
  stations: RestaurantStations | null;
  stuck?: StuckReport;
};

/**
 * The stations matrix for the restaurants the account may see: each one's own business dates of
 * the preset, fire to fulfill at one level. A restaurant still being fetched is a "pending" column
 * with its progress (the answer is then not `complete`); archived restaurants are columns, marked.
 */
export async function kitchenStationsMatrix(
  service: Pick<KitchenService, "rangeDays">,
  db: Queryable,
  restaurants: readonly OverviewRestaurant[],
  query: KitchenStationsMatrixQuery,
  nowMs: number,
): Promise<KitchenStationsMatrix> {
  const versions = await readTargetVersionsOf(db, restaurants);
  const results = await mapLimit(restaurants, CONCURRENCY, (r) =>
    columnOf(service, r, query, nowMs, (date) =>
      date ? targetSchedule(versions.get(r.guid) ?? []).on(date).book.levels[query.level] : null,
    ),
  );
  const columns = results.map((r) => r.column);
  return {
    range: query.range,
    level: query.level,
    complete: columns.every((c) => c.status !== "pending"),
    stuck: {
      maxMinutes: results.find((r) => r.stuck)?.stuck?.maxMinutes ?? DEFAULT_STUCK_MINUTES,
      records: results.reduce((n, r) => n + (r.stuck?.records ?? 0), 0),
      included: query.stuck === "include",
    },
    columns,
    rows: stationsMatrixRows(results.map((r) => r.stations)),
  };
}

async function columnOf(
  service: Pick<KitchenService, "rangeDays">,
  restaurant: OverviewRestaurant,
  query: KitchenStationsMatrixQuery,
  nowMs: number,
  targetOn: (date: string) => number | null,
): Promise<ColumnResult> {
  const today = currentBusinessDateOrNull(restaurant, nowMs);
  const period = today ? presetRange(query.range, today) : { from: "", to: "" };
  const column: StationsMatrixColumn = {
    restaurantGuid: restaurant.guid,
    restaurantName: restaurant.name,
    locationName: restaurant.locationName,
    archived: restaurant.archived,
    status: "ready",
    period,
    targetSeconds: targetOn(period.to),
    records: 0,
    withoutMultiLocationId: 0,
  };
  const none = (status: StationsMatrixColumn["status"], message?: string): ColumnResult => ({
    column: { ...column, status, ...(message ? { message } : {}) },
    stations: null,
  });
  if (!today)
    return none("error", `The restaurant's time zone "${restaurant.timeZone}" is unknown to this server.`);
  if (restaurant.kitchenEntitled === false) return none("not_entitled");
  let answer: Awaited<ReturnType<KitchenService["rangeDays"]>>;
  try {
    answer = await service.rangeDays(restaurant, period, { stuck: query.stuck, level: query.level });
  } catch (error) {
    return none("error", error instanceof Error ? error.message : "Could not be loaded");
  }
  if (!answer.ready)
    return {
      column: {
        ...column,
        status: "pending",
        progress: {
          answered: answer.pending.total - answer.pending.pending,
          total: businessDaysInRange(period.from, period.to),
        },
      },
      stations: null,
    };
  const { days, coverage, cutSeconds, stuck } = answer.value;
  if (withoutKitchenTier(coverage)) return none("not_entitled");
  const stations = restaurantStations(days, query.level, cutSeconds);
  return {
    column: { ...column, records: stations.records, withoutMultiLocationId: stations.withoutMultiLocationId },
    stations,
    stuck,
  };
}
