import "server-only";
import { PlatformNotFoundError } from "@/lib/platform/errors";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import type { RestaurantInfo } from "@/lib/platform/schemas";
import { isBusinessDate } from "@/lib/business-date/business-date";
import { isValidTimeZone } from "@/lib/business-date/time-zone";
import type { PermittedRestaurant } from "./permitted-restaurant";
import { createTtlCache } from "@/lib/cache/ttl-cache";
import { processSingleton } from "@/lib/process-singleton";
import { serviceWeekOf, type ServiceWeek } from "./schedule";

/**
 * Restaurant identity (name, location, zone, closeout, archived) from the Platform's restaurant
 * information, fetched with includeArchived so an archived restaurant still has a name. Cached per
 * process for five minutes and single-flight, because every page and API call needs it and the
 * Platform limits request rates; the cache holds Platform facts only, never anything per user.
 */
export type RestaurantIdentity = Omit<PermittedRestaurant, "kitchenEntitled">;

/** The identity and, kept beside it from the same read, the services per weekday (never sent to pages). */
interface RestaurantFacts {
  identity: RestaurantIdentity;
  serviceWeek: ServiceWeek;
}

const cache = processSingleton("restaurant-facts-cache", () =>
  // Keys are the accounts file's restaurants, so the bound is only a guard.
  createTtlCache<RestaurantFacts | null>({ ttlMs: 5 * 60_000, max: 1_000 }),
);

/** The restaurant's identity, or null when the Platform does not know the GUID. */
export async function restaurantIdentity(guid: string): Promise<RestaurantIdentity | null> {
  return (await cache.get(guid, () => fetchFacts(guid)))?.identity ?? null;
}

/** The restaurant's services per weekday, for the kitchen's day parts; null when the Platform does not know the GUID. */
export async function restaurantServiceWeek(guid: string): Promise<ServiceWeek | null> {
  return (await cache.get(guid, () => fetchFacts(guid)))?.serviceWeek ?? null;
}

/** Seeds the cache from a RestaurantInfo fetched for another reason (the Info page). */
export function rememberRestaurantInfo(info: RestaurantInfo): void {
  cache.set(info.guid, factsFromInfo(info));
}

const factsFromInfo = (info: RestaurantInfo): RestaurantFacts => ({ identity: identityFromInfo(info), serviceWeek: serviceWeekOf(info.schedules) });

async function fetchFacts(guid: string): Promise<RestaurantFacts | null> {
  try {
    const info = await getPlatformClient().restaurants.get(guid, { includeArchived: true });
    return factsFromInfo(info);
  } catch (error) {
    if (error instanceof PlatformNotFoundError) return null;
    throw error;
  }
}

/**
 * Defaults when the Platform leaves a field empty: the GUID as the name, UTC, and a midnight
 * closeout (business date = calendar date), so every restaurant still gets a usable row; an
 * absent or malformed firstBusinessDate is null (only 2022-01-01 bounds the kitchen's dates).
 */
export function identityFromInfo(info: RestaurantInfo): RestaurantIdentity {
  const g = info.general ?? {};
  const zone = g.timeZone && isValidTimeZone(g.timeZone) ? g.timeZone : "UTC";
  const hour = typeof g.closeoutHour === "number" && Number.isInteger(g.closeoutHour) && g.closeoutHour >= 0 && g.closeoutHour <= 23 ? g.closeoutHour : 0;
  return {
    guid: info.guid,
    name: g.name?.trim() || info.guid,
    locationName: g.locationName?.trim() ?? "",
    timeZone: zone,
    archived: g.archived === true,
    closeoutHour: hour,
    firstBusinessDate: typeof g.firstBusinessDate === "number" && isBusinessDate(String(g.firstBusinessDate)) ? String(g.firstBusinessDate) : null,
  };
}
