import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenSummaryQuery } from "@/lib/kitchen/api-types";
import { queryObject } from "@/lib/kitchen/search-params";
import { getKitchenService } from "@/lib/kitchen/server";

// GET /api/restaurants/[guid]/kitchen/summary?from&to[&metric&level&station&behavior&source]
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => {
  const query = kitchenSummaryQuery.parse(queryObject(request));
  const service = await getKitchenService();
  return Response.json(await service.summary(restaurant, query));
});
