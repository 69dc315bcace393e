import "server-only";

import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import type { RestaurantInfo } from "@/lib/platform/schemas";

import { rememberRestaurantInfo } from "./restaurant-directory";

/**
 * A restaurant's full information for the Info page, archived restaurants included. Not cached
 * here (the page wants it current); it refreshes the identity cache as a side effect.
 */
export async function loadRestaurantInfo(guid: string, signal?: AbortSignal): Promise<RestaurantInfo> {
  const info = await getPlatformClient().restaurants.get(guid, { includeArchived: true, signal });
  rememberRestaurantInfo(info);
  return info;
}
