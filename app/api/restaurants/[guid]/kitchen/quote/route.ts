import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import { kitchenQuote } from "@/lib/kitchen/service/quote";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/quote?from&to: take-out and delivery tickets within the
// quote of their business date, by hour, service and date. 202 with the range's coverage while
// some of its dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await kitchenQuote(await getKitchenService(), restaurant, query);
    return answer.ready ? jsonResponse(answer.value) : answer;
  },
  { query: kitchenRangeSchema },
);
