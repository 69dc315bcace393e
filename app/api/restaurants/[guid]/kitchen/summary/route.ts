import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenSummaryAnswerSchema } from "@/lib/kitchen/contract/params";
import { summaryHead } from "@/lib/kitchen/contract/summary-head";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary?from&to[&metric&level&station&behavior&source&item&service&maxMinutes&stuck&until&part]
// 202 with the range's coverage while some of its dates are still being fetched.
// part=head: the summary without its per-item and per-hour-and-station tables.
export const GET = withRestaurant(
  async ({ restaurant, query: { part, ...query } }) => {
    const answer = await (await getKitchenService()).summary(restaurant, query);
    if (!answer.ready) return answer;
    return jsonResponse(part === "head" ? summaryHead(answer.value) : answer.value);
  },
  { query: kitchenSummaryAnswerSchema },
);
