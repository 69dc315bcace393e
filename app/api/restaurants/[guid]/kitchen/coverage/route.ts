import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenRangeQuery } from "@/lib/kitchen/api-types";
import { queryObject } from "@/lib/kitchen/search-params";
import { getKitchenService } from "@/lib/kitchen/server";

// GET /api/restaurants/[guid]/kitchen/coverage?from&to (store only: never calls the Platform)
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => {
  const query = kitchenRangeQuery.parse(queryObject(request));
  const service = await getKitchenService();
  return Response.json(await service.coverage(restaurant, query));
});
