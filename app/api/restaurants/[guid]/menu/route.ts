// GET /api/restaurants/[guid]/menu: the whole menu as one normalized model (lib/menu/menu-model.ts).
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { loadMenuModel } from "@/lib/menu/load-menu";

export const GET = withRestaurant(async ({ restaurant }) => {
  return jsonResponse(await loadMenuModel(restaurant.guid));
});
