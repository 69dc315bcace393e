import { withRestaurant } from "@/lib/api/route-handler";
import { ticketsResponse } from "@/lib/kitchen/kitchen-responses";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/tickets?from&to[&limit&metric&level&station&behavior&source]
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => ticketsResponse(await getKitchenService(), restaurant, request));
