// GET /api/restaurants/[guid]/config: every configuration resource with its count.
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { loadResourceCounts } from "@/lib/config-explorer/load-explorer";

export const GET = withRestaurant(async ({ restaurant }) => {
  return jsonResponse({ resources: await loadResourceCounts(restaurant.guid) });
});
