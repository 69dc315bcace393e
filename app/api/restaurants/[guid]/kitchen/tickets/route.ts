import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenTicketsSchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/tickets?from&to[&limit&metric&level&station&behavior&source]
export const GET = withRestaurant(
  async ({ restaurant, query }) => jsonResponse(await (await getKitchenService()).tickets(restaurant, query)),
  { query: kitchenTicketsSchema },
);
