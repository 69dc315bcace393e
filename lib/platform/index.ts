import "server-only";

import { Transport, type PlatformClientOptions } from "./client";
import { configResource } from "./resources/config";
import { kitchenResource } from "./resources/kitchen";
import { partnersResource } from "./resources/partners";
import { restaurantsResource } from "./resources/restaurants";
import type { PlatformClient } from "./types";

/**
 * A Platform client: one token, one rate limiter and one set of counters shared by every
 * resource. Create one per process and credentials (lib/platform-wiring/platform-client.ts does for the app).
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const transport = new Transport(options);
  return {
    kitchen: kitchenResource(transport),
    config: configResource(transport),
    restaurants: restaurantsResource(transport),
    partners: partnersResource(transport),
    clientIdentity: (opts = {}) => transport.clientIdentity(opts.signal),
    stats: () => transport.stats(),
    budgets: () => transport.budgets(),
  };
}

export type { PlatformClientOptions, FetchLike } from "./client";
export type * from "./types";
export * from "./errors";
