import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary?from&to[&metric&level&station&behavior&source]
export const GET = withRestaurant(
  async ({ restaurant, query }) => jsonResponse(await (await getKitchenService()).summary(restaurant, query)),
  { query: kitchenSummarySchema },
);
