import "server-only";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { getPlatformClient } from "@/lib/platform/server";
import { recordKitchenEntitlement } from "@/lib/restaurants/kitchen-entitlement";
import { createKitchenService, type KitchenService } from "@/lib/kitchen/service/kitchen-service";

const CACHE_KEY = Symbol.for("kitchen-pulse.kitchen-service");
type ServiceCache = { [CACHE_KEY]?: Promise<KitchenService> };

/**
 * The process-wide kitchen service. On globalThis, like the Platform client and the database,
 * because its in-flight map is what makes concurrent requests share one upstream fetch, and
 * Next's dev server re-evaluates modules.
 */
export function getKitchenService(): Promise<KitchenService> {
  const cache = globalThis as ServiceCache;
  cache[CACHE_KEY] ??= create().catch((error: unknown) => {
    delete cache[CACHE_KEY];
    throw error;
  });
  return cache[CACHE_KEY];
}

async function create(): Promise<KitchenService> {
  const e = env();
  return createKitchenService({
    db: await getDatabase(),
    client: getPlatformClient(),
    config: {
      closeGraceMinutes: e.KITCHEN_CLOSE_GRACE_MIN,
      openRefreshSeconds: e.KITCHEN_OPEN_REFRESH_S,
      notEntitledRetryHours: e.KITCHEN_NOT_ENTITLED_RETRY_H,
      maxRangeDays: e.KITCHEN_MAX_RANGE_DAYS,
    },
    onEntitlement: recordKitchenEntitlement,
  });
}
