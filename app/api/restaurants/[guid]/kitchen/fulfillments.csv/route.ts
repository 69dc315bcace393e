import { withRestaurant } from "@/lib/api/route-handler";
import { fulfillmentsCsvResponse } from "@/lib/kitchen/kitchen-responses";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/fulfillments.csv?from&to (streamed)
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => fulfillmentsCsvResponse(await getKitchenService(), restaurant, request));
