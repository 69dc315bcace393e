import "server-only";

import type { Env } from "@/lib/env";

/**
 * The backfill's pace: its share of what the service allows over time. The limits count per
 * location, and whichever binds over hours is 10,000 per 15 minutes (11.1 a second sustained), not
 * 20 a second; the backfill spreads over every location, so its pace is the share of the
 * locations' sum, bounded by the account cap when one is set. The count of locations is the
 * accounts file's when the worker starts (a later edit changes the pace at the next start).
 * Its concurrency bounds it too, and each location's own budget keeps its requests spaced.
 */
export function backfillStartsPerSecond(
  e: Pick<
    Env,
    | "PLATFORM_MAX_RPS"
    | "PLATFORM_MAX_PER_15_MIN"
    | "PLATFORM_ACCOUNT_MAX_RPS"
    | "PLATFORM_ACCOUNT_MAX_PER_15_MIN"
    | "KITCHEN_BACKFILL_SHARE"
  >,
  locations: number,
): number {
  const sustained = (perSecond: number, per15Min: number) => Math.min(perSecond, per15Min / 900);
  let total = sustained(e.PLATFORM_MAX_RPS, e.PLATFORM_MAX_PER_15_MIN) * Math.max(1, locations);
  const account = sustained(
    e.PLATFORM_ACCOUNT_MAX_RPS ?? Number.POSITIVE_INFINITY,
    e.PLATFORM_ACCOUNT_MAX_PER_15_MIN ?? Number.POSITIVE_INFINITY,
  );
  total = Math.min(total, account);
  return total * e.KITCHEN_BACKFILL_SHARE;
}

// Unset KITCHEN_BACKFILL_MAX_IN_FLIGHT: every location's lanes full, up to this many in all. An
// export waiting for its first byte holds no memory and no connection; one being read holds its
// day's records until stored, and few are read at once, since most of an export is the wait.
const DEFAULT_MAX_IN_FLIGHT_CEILING = 200;

/**
 * The backfill's cap on exports in flight across locations: KITCHEN_BACKFILL_MAX_IN_FLIGHT when set,
 * else enough for every location's `KITCHEN_BACKFILL_PER_LOCATION` (the count is the accounts file's
 * when the worker starts), up to a ceiling for memory. A fixed cap below that would make the
 * backfill wait on us rather than on the service: at 50 locations × 2, a cap of 16 alone made it
 * six times slower than the service's limits allow.
 */
export function backfillMaxInFlight(
  e: Pick<Env, "KITCHEN_BACKFILL_MAX_IN_FLIGHT" | "KITCHEN_BACKFILL_PER_LOCATION">,
  locations: number,
): number {
  if (e.KITCHEN_BACKFILL_MAX_IN_FLIGHT !== undefined) return e.KITCHEN_BACKFILL_MAX_IN_FLIGHT;
  return Math.min(DEFAULT_MAX_IN_FLIGHT_CEILING, e.KITCHEN_BACKFILL_PER_LOCATION * Math.max(1, locations));
}
