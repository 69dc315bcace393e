import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { getDatabase } from "@/lib/db/server";
import { kitchenCapacitySchema } from "@/lib/kitchen/contract/capacity";
import { kitchenCapacity } from "@/lib/kitchen/service/capacity";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/capacity?from&to[&level&station&stuck]: p90 fire to fulfill
// per load (items fired per 15-minute slot), the knee and items in progress (docs/api.md).
// 202 with the range's coverage while some of its dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const service = await getKitchenService();
    const answer = await kitchenCapacity({ service, db: await getDatabase() }, restaurant, query);
    if (!answer.ready) return answer;
    return jsonResponse(answer.value);
  },
  { query: kitchenCapacitySchema },
);
