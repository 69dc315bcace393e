import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/channels?from&to[&metric&level&station&behavior&channel&source&item&service&maxMinutes&stuck&until]
// Per channel and level, the record figures and the ticket times against each channel's ticket
// target (lib/kitchen/contract/channels.ts). 202 with the range's coverage while some of its
// dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await (await getKitchenService()).channels(restaurant, query);
    return answer.ready ? jsonResponse(answer.value) : answer;
  },
  { query: kitchenSummarySchema },
);
