import { withRestaurant } from "@/lib/api/route-handler";
import { summaryCsvResponse } from "@/lib/kitchen/kitchen-responses";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary.csv?from&to[&level&station&behavior&source]
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => summaryCsvResponse(await getKitchenService(), restaurant, request));
