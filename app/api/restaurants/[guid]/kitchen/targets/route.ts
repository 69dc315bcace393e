import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenTargetsSchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/targets
export const GET = withRestaurant(async ({ restaurant }) =>
  jsonResponse(await (await getKitchenService()).targets(restaurant)),
);

// PUT /api/restaurants/[guid]/kitchen/targets  body: { targets?: [{ level, seconds }], stations?: [{ stationGuid, level, seconds }] }
export const PUT = withRestaurant(
  async ({ restaurant, body }) =>
    jsonResponse(await (await getKitchenService()).putTargets(restaurant, body)),
  {
    body: kitchenTargetsSchema,
    bodyShape: "{ targets: [{ level, seconds }], stations: [{ stationGuid, level, seconds }] }",
  },
);
