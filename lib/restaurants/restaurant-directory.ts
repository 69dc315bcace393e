import "server-only";
import { PlatformNotFoundError } from "@/lib/platform/errors";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import type { RestaurantInfo } from "@/lib/platform/schemas";
import { isValidTimeZone } from "@/lib/business-date/time-zone";
import type { PermittedRestaurant } from "./permitted-restaurant";
import { createTtlCache } from "@/lib/cache/ttl-cache";
import { processSingleton } from "@/lib/process-singleton";

/**
 * Restaurant identity (name, location, zone, closeout, archived) from the Platform's restaurant
 * information, fetched with includeArchived so an archived restaurant still has a name. Cached per
 * process for five minutes and single-flight, because every page and API call needs it and the
 * Platform limits request rates; the cache holds Platform facts only, never anything per user.
 */
export type RestaurantIdentity = Omit<PermittedRestaurant, "kitchenEntitled">;

const cache = processSingleton("restaurant-identity-cache", () =>
  // Keys are the accounts file's restaurants, so the bound is only a guard.
  createTtlCache<RestaurantIdentity | null>({ ttlMs: 5 * 60_000, max: 1_000 }),
);

/** The restaurant's identity, or null when the Platform does not know the GUID. */
export function restaurantIdentity(guid: string): Promise<RestaurantIdentity | null> {
  return cache.get(guid, () => fetchIdentity(guid));
}

/** Seeds the cache from a RestaurantInfo fetched for another reason (the Info page). */
export function rememberRestaurantInfo(info: RestaurantInfo): void {
  cache.set(info.guid, identityFromInfo(info));
}

async function fetchIdentity(guid: string): Promise<RestaurantIdentity | null> {
  try {
    const info = await getPlatformClient().restaurants.get(guid, { includeArchived: true });
    return identityFromInfo(info);
  } catch (error) {
    if (error instanceof PlatformNotFoundError) return null;
    throw error;
  }
}

/**
 * Defaults when the Platform leaves a field empty: the GUID as the name, UTC, and a midnight
 * closeout (business date = calendar date), so every restaurant still gets a usable row.
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
  };
}
