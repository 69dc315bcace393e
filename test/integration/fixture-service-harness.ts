import type { Database } from "@/lib/db/database";
import { createKitchenService, type KitchenServiceConfig } from "@/lib/kitchen/service/kitchen-service";
import type { PlatformClient } from "@/lib/platform/types";

import { WAIT_FOR_FETCHES_MS } from "./kitchen-harness";

/**
 * The kitchen service over a given Platform client (a fixture server's or the sandbox's), for the
 * tests that read what the real client and ingest make of the real service's shapes: production's
 * windows (close grace, open refresh, not-entitled retry, a year's range), every request waiting
 * for its fetches, and a fixed clock. `config` overrides any of these.
 */
export function fixtureKitchenService(
  db: Database,
  client: PlatformClient,
  now: number,
  config: Partial<KitchenServiceConfig> = {},
) {
  return createKitchenService({
    db,
    client,
    config: {
      closeGraceMinutes: 120,
      openRefreshSeconds: 180,
      notEntitledRetryHours: 24,
      maxRangeDays: 366,
      readyWaitMs: WAIT_FOR_FETCHES_MS,
      ...config,
    },
    now: () => now,
  });
}
