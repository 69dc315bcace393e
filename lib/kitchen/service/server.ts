import "server-only";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { processSingletonPromise } from "@/lib/process-singleton";
import { createKitchenService, type KitchenService } from "@/lib/kitchen/service/kitchen-service";

/**
 * The process-wide kitchen service, like the Platform client and the database, because its
 * in-flight map is what makes concurrent requests share one upstream fetch.
 */
export function getKitchenService(): Promise<KitchenService> {
  return processSingletonPromise("kitchen-service", create);
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
      rawRetentionDays: e.KITCHEN_RAW_RETENTION_DAYS,
    },
  });
}
