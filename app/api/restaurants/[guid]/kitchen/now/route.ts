import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/now: the open date's last 30 minutes and current hour (kitchen-now.ts)
export const GET = withRestaurant(async ({ restaurant }) =>
  jsonResponse(await (await getKitchenService()).kitchenNow(restaurant)),
);
