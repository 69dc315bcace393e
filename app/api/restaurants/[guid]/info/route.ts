// GET /api/restaurants/[guid]/info: RestaurantInfo (2.7) of a permitted restaurant, archived included.
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { loadRestaurantInfo } from "@/lib/restaurants/restaurant-info";

export const GET = withRestaurant(async ({ request, restaurant }) => {
  return jsonResponse(await loadRestaurantInfo(restaurant.guid, request.signal));
});
