import type { Database } from "@/lib/db/database";
import { createKitchenService, type KitchenServiceConfig } from "@/lib/kitchen/service/kitchen-service";
import { createPlatformClient } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/types";

import { startFixtureServer, type FixtureRoute } from "../contract-fixtures/fixture-server";
import { openTestDatabase, WAIT_FOR_FETCHES_MS } from "./kitchen-harness";

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

/**
 * A fixture server answering `routes` (the login among them), a fresh PGlite store, and the
 * fixtureKitchenService over the real client to that server, with no retries: what a test sees is
 * what the server answered. The caller closes the store and the server.
 */
export async function startFixtureKitchen(
  routes: Record<string, FixtureRoute>,
  now: number,
  config: Partial<KitchenServiceConfig> = {},
) {
  const server = await startFixtureServer(routes);
  const { db } = await openTestDatabase("pglite");
  const client = createPlatformClient({
    baseUrl: server.url,
    clientId: "fixture-client",
    clientSecret: "fixture-secret",
    maxRetries: 0,
  });
  return { server, db, service: fixtureKitchenService(db, client, now, config) };
}
