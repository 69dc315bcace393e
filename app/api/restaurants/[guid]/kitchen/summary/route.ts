import { withRestaurant } from "@/lib/api/route-handler";
import { summaryResponse } from "@/lib/kitchen/kitchen-responses";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary?from&to[&metric&level&station&behavior&source]
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => summaryResponse(await getKitchenService(), restaurant, request));
