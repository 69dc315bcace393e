import { withRestaurant } from "@/lib/api/route-handler";
import { putTargetsResponse, targetsResponse } from "@/lib/kitchen/kitchen-responses";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/targets
export const GET = withRestaurant<{ guid: string }>(async ({ restaurant }) => targetsResponse(await getKitchenService(), restaurant));

// PUT /api/restaurants/[guid]/kitchen/targets  body: { targets: [{ level, seconds }] }
export const PUT = withRestaurant<{ guid: string }>(async ({ request, restaurant }) =>
  putTargetsResponse(await getKitchenService(), restaurant, request),
);
