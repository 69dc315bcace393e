import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary?from&to[&metric&level&station&behavior&source&item&service&maxMinutes]
// 202 with the range's coverage while some of its dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await (await getKitchenService()).summary(restaurant, query);
    return answer.ready ? jsonResponse(answer.value) : answer;
  },
  { query: kitchenSummarySchema },
);
