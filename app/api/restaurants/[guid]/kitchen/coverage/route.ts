import { withRestaurant } from "@/lib/api/route-handler";
import { coverageResponse } from "@/lib/kitchen/kitchen-responses";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/coverage?from&to (store only: never calls the Platform)
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => coverageResponse(await getKitchenService(), restaurant, request));
