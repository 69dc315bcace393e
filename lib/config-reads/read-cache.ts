import "server-only";

import { createTtlCache, type TtlCache } from "@/lib/cache/ttl-cache";
import { processSingleton } from "@/lib/process-singleton";

/**
 * A short-lived, per-restaurant cache of Platform configuration reads on the server. Pages ask
 * for the same lists many times in a minute (the index counts every resource; tables resolve
 * references through other lists; the menu needs six), and a 5,000-item menu is seventeen pages
 * of the configuration API. Reads are shared while in flight and kept for a minute; a failed read
 * is not kept.
 *
 * Keys always start with the restaurant guid, and callers reach this only after the route
 * wrapper or requireRestaurant has checked the session may see that restaurant: the cache holds
 * what the app's one Platform identity may read, never anything tied to one user.
 */
export const CONFIG_READ_TTL_MS = 60_000;
const MAX_ENTRIES = 400;

/** A cache of its own (tests pass a clock); the app uses the process's one, `cachedRead`. */
export function createConfigReadCache(now?: () => number): TtlCache<unknown> {
  return createTtlCache<unknown>({ ttlMs: CONFIG_READ_TTL_MS, max: MAX_ENTRIES, now });
}

// One per process: route bundles and dev reloads would otherwise each get their own.
const processCache = () => processSingleton("config-read-ttl-cache", () => createConfigReadCache());

export function cachedRead<T>(
  restaurantGuid: string,
  key: string,
  load: () => Promise<T>,
  cache: TtlCache<unknown> = processCache(),
): Promise<T> {
  return cache.get(`${restaurantGuid}\u0000${key}`, load) as Promise<T>;
}
