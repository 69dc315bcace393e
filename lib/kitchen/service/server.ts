import "server-only";

import { readConfigList } from "@/lib/config-reads/config-reads";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import {
  createKitchenService,
  type KitchenRestaurant,
  type KitchenService,
} from "@/lib/kitchen/service/kitchen-service";
import { getOutageHold } from "@/lib/platform-wiring/outage-hold";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { EXPORT_MAX_RETRIES } from "@/lib/platform/resources/kitchen";
import { processSingleton, processSingletonPromise } from "@/lib/process-singleton";
import { restaurantQuote, restaurantServiceWeek } from "@/lib/restaurants/restaurant-directory";

/**
 * The process-wide kitchen service, like the Platform client and the database, because its
 * in-flight map is what makes concurrent requests share one upstream fetch.
 */
export function getKitchenService(): Promise<KitchenService> {
  return processSingletonPromise("kitchen-service", create);
}

type OpenDayListener = (restaurant: KitchenRestaurant, date: string) => void;
const openDayListeners = () =>
  processSingleton("kitchen-open-day-listeners", () => new Set<OpenDayListener>());

/** Hears every refresh of an open date the process's kitchen service stores (the live alerts); returns the unsubscribe. */
export function onOpenDayRefreshed(listener: OpenDayListener): () => void {
  openDayListeners().add(listener);
  return () => void openDayListeners().delete(listener);
}

/**
 * The longest one date's fetch may run before it is given up and recorded as failed: every
 * attempt of the export in full (PLATFORM_KITCHEN_TIMEOUT_MS of network silence each), plus a
 * minute per attempt for a Retry-After wait (the client honours at most 60 s), the sign-in and the
 * rate limiter.
 */
function dayFetchTimeoutMs(e: ReturnType<typeof env>): number {
  const attempts = Math.min(e.PLATFORM_MAX_RETRIES, EXPORT_MAX_RETRIES) + 1;
  return attempts * (e.PLATFORM_KITCHEN_TIMEOUT_MS + 60_000);
}

async function create(): Promise<KitchenService> {
  const e = env();
  return createKitchenService({
    db: await getDatabase(),
    client: getPlatformClient(),
    serviceWeek: restaurantServiceWeek,
    quote: restaurantQuote,
    diningOptions: (guid) => readConfigList(guid, "diningOptions"),
    // The same hold the Platform client consults before each retry.
    outageHold: getOutageHold(),
    onOpenDayStored: (restaurant, date) => {
      for (const listener of openDayListeners()) listener(restaurant, date);
    },
    config: {
      closeGraceMinutes: e.KITCHEN_CLOSE_GRACE_MIN,
      openRefreshSeconds: e.KITCHEN_OPEN_REFRESH_S,
      openFetchConcurrency: e.KITCHEN_OPEN_FETCH_CONCURRENCY,
      notEntitledRetryHours: e.KITCHEN_NOT_ENTITLED_RETRY_H,
      settleHours: e.KITCHEN_SETTLE_H,
      failedRetrySeconds: e.KITCHEN_FAILED_RETRY_S,
      backoffMaxSeconds: e.KITCHEN_FAILED_RETRY_MAX_S,
      maxRangeDays: e.KITCHEN_MAX_RANGE_DAYS,
      fetchTimeoutMs: dayFetchTimeoutMs(e),
      rawRetentionDays: e.KITCHEN_RAW_RETENTION_DAYS,
      stuckMinutes: e.KITCHEN_STUCK_MIN,
      answerCacheBytes: e.KITCHEN_ANSWER_CACHE_MB * 1024 * 1024,
      cacheBytes: e.KITCHEN_CACHE_MB * 1024 * 1024,
    },
  });
}
