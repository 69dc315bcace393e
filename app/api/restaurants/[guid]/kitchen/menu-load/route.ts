import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenMenuLoadSchema } from "@/lib/kitchen/contract/menu-load";
import { kitchenMenuLoad } from "@/lib/kitchen/service/menu-load";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/menu-load?from&to[&level&station&stuck]
// 202 with the range's coverage while some of its dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await kitchenMenuLoad(await getKitchenService(), restaurant, query);
    return answer.ready ? jsonResponse(answer.value) : answer;
  },
  { query: kitchenMenuLoadSchema },
);
