import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenHistory } from "@/lib/kitchen/service/history";

// GET /api/restaurants/[guid]/kitchen/history (store only: never calls the Platform)
export const GET = withRestaurant(async ({ restaurant }) => jsonResponse(await kitchenHistory(restaurant)));
