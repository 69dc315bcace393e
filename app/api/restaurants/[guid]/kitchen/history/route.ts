import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import type { KitchenHistory } from "@/lib/kitchen/contract/responses";
import { getKitchenBackfill } from "@/lib/kitchen/service/backfill-server";

// GET /api/restaurants/[guid]/kitchen/history (store only: never calls the Platform)
export const GET = withRestaurant(async ({ restaurant }) => {
  const progress = await (await getKitchenBackfill()).progress(restaurant);
  const body: KitchenHistory = { restaurantGuid: restaurant.guid, days: progress.total, ...progress };
  return jsonResponse(body);
});
