import "server-only";

import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import type { ConfigEntity, ConfigResource, PrepStation, TipWithholding } from "@/lib/platform/schemas";

import { cachedRead } from "./read-cache";

/**
 * The Platform configuration reads of the stations, menu and configuration pages, every page
 * followed by the client, through the short per-restaurant cache.
 */
export function readConfigList<R extends ConfigResource>(
  restaurantGuid: string,
  resource: R,
  lastModified: Date | null = null,
): Promise<ConfigEntity<R>[]> {
  const key = `config:${resource}:${lastModified?.toISOString() ?? ""}`;
  return cachedRead(restaurantGuid, key, () =>
    getPlatformClient().config.list(resource, restaurantGuid, lastModified ? { lastModified } : undefined),
  );
}

export function readTipWithholding(restaurantGuid: string): Promise<TipWithholding> {
  return cachedRead(restaurantGuid, "config:tipWithholding", () =>
    getPlatformClient().config.tipWithholding(restaurantGuid),
  );
}

export function readPrepStations(restaurantGuid: string): Promise<PrepStation[]> {
  return cachedRead(restaurantGuid, "kitchen:prepStations", () =>
    getPlatformClient().kitchen.prepStations(restaurantGuid),
  );
}
