import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import type { KitchenHistory } from "@/lib/kitchen/contract/responses";
import { getKitchenBackfill } from "@/lib/kitchen/service/backfill-server";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/history (store only: never calls the Platform)
export const GET = withRestaurant(async ({ restaurant }) => {
  const [progress, known] = await Promise.all([
    (await getKitchenBackfill()).progress(restaurant),
    (await getKitchenService()).entitlement.known([restaurant.guid]),
  ]);
  const body: KitchenHistory = { restaurantGuid: restaurant.guid, days: progress.total, entitled: known.get(restaurant.guid) ?? null, ...progress };
  return jsonResponse(body);
});
