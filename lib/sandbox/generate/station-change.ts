import { TZDate } from "@date-fns/tz";

import type { PrepStation } from "@/lib/platform/schemas";

import type { WorldRestaurant } from "../world";
import { localInstant, splitBusinessDate } from "./business-day";
import type { Versioned } from "./context";
import { ref } from "./references";

/**
 * One configuration change inside the history, so "what changed" has a marker to find: at Harbor
 * Street Kitchen, STATION_CHANGE_DAYS_AGO business dates before the sandbox started, six hours
 * into that business day, the first prep station that sends to the expediter (the Grill) gains a
 * connection to the next one (the Fry station): its routing changes, and its lastModified moves
 * to that instant. Before it (a sandbox clock set earlier) the station is served as generated.
 * Anchored to the sandbox's start, not to each request's clock, so a long-running sandbox keeps
 * one change at one date; the generated fulfillments are left as they were.
 */
export const STATION_CHANGE_RESTAURANT = "Harbor Street Kitchen";
export const STATION_CHANGE_DAYS_AGO = 20;
const HOURS_INTO_DAY = 6;

export interface StationChange {
  /** The business date of the change, YYYYMMDD. */
  businessDate: string;
  /** Its instant (epoch ms): the changed station's modifiedAt. */
  at: number;
}

/** The change of `restaurant` for a sandbox started at `startedAt`, or null (another restaurant). */
export function stationChangeOf(
  restaurant: Pick<WorldRestaurant, "name" | "timeZone" | "closeoutHour">,
  startedAt: number,
): StationChange | null {
  if (restaurant.name !== STATION_CHANGE_RESTAURANT) return null;
  const local = new TZDate(startedAt, restaurant.timeZone);
  // The business date in progress at startedAt: before the closeout hour it is still yesterday's.
  const calendar = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  const start = calendar - (local.getHours() < restaurant.closeoutHour ? 1 : 0) * 86_400_000;
  const day = new Date(start - STATION_CHANGE_DAYS_AGO * 86_400_000);
  const value = `${day.getUTCFullYear()}${String(day.getUTCMonth() + 1).padStart(2, "0")}${String(day.getUTCDate()).padStart(2, "0")}`;
  const minutes = (restaurant.closeoutHour + HOURS_INTO_DAY) * 60;
  return { businessDate: value, at: localInstant(restaurant.timeZone, splitBusinessDate(value), minutes) };
}

/** The prep stations as served at `now`: as generated, or with the change applied once its instant has passed. */
export function stationsAt(
  stations: readonly Versioned<PrepStation>[],
  change: StationChange | null,
  now: number,
): readonly Versioned<PrepStation>[] {
  if (!change || now < change.at) return stations;
  const line = stations.filter((v) => v.entity.expoRouting === "SEND_TO_EXPO");
  const [changed, target] = line;
  if (!changed || !target) return stations;
  return stations.map((v) =>
    v === changed
      ? {
          modifiedAt: change.at,
          entity: {
            ...v.entity,
            connectedPrepStations: [
              ...(v.entity.connectedPrepStations ?? []),
              ref(target.entity.guid, "PrepStation"),
            ],
          },
        }
      : v,
  );
}
