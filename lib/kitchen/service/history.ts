import "server-only";

import type { KitchenHistory } from "@/lib/kitchen/contract/responses";

import { getKitchenBackfill } from "./backfill-server";
import { getKitchenService } from "./server";
import type { KitchenRestaurant } from "./service-config";

/**
 * A restaurant's kitchen history: how far the backfill has come, and whether the Platform is known
 * to share its kitchen data. From the store only (never calls the Platform), so the Overview's
 * server render can ask it of every row as cheaply as its route does.
 */
export async function kitchenHistory(restaurant: KitchenRestaurant): Promise<KitchenHistory> {
  const [progress, known] = await Promise.all([
    (await getKitchenBackfill()).progress(restaurant),
    (await getKitchenService()).entitlement.known([restaurant.guid]),
  ]);
  return {
    restaurantGuid: restaurant.guid,
    days: progress.total,
    entitled: known.get(restaurant.guid) ?? null,
    ...progress,
  };
}
