import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/coverage?from&to (store only: never calls the Platform)
export const GET = withRestaurant(
  async ({ restaurant, query }) =>
    jsonResponse(await (await getKitchenService()).coverage(restaurant, query)),
  { query: kitchenRangeSchema },
);
