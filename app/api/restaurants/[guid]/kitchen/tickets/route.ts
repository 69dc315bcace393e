import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenTicketsSchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/tickets?from&to[&limit&metric&level&station&behavior&source&item&service&maxMinutes&stuck]
// 202 with the range's coverage while some of its dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await (await getKitchenService()).tickets(restaurant, query);
    return answer.ready ? jsonResponse(answer.value) : answer;
  },
  { query: kitchenTicketsSchema },
);
