import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenTicketsQuery } from "@/lib/kitchen/api-types";
import { queryObject } from "@/lib/kitchen/search-params";
import { getKitchenService } from "@/lib/kitchen/server";

// GET /api/restaurants/[guid]/kitchen/tickets?from&to[&limit&metric&level&station&behavior&source]
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => {
  const query = kitchenTicketsQuery.parse(queryObject(request));
  const service = await getKitchenService();
  return Response.json(await service.tickets(restaurant, query));
});
