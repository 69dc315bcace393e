import { targetEditRights } from "@/lib/access/roles";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { parseRouteInput } from "@/lib/api/route-input";
import { readPrepStations } from "@/lib/config-reads/config-reads";
import { kitchenTargetsSchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/targets: today's targets with their sources, what is scheduled, the history.
export const GET = withRestaurant(async ({ restaurant, session }) =>
  jsonResponse({
    ...(await (await getKitchenService()).targets(restaurant)),
    mayEdit: await targetEditRights(session, restaurant.guid),
  }),
);

// PUT /api/restaurants/[guid]/kitchen/targets  body: { effectiveFrom?, targets?, tickets?, stations? }
// 403 before the body is read for whoever may not change the restaurant's own targets.
export const PUT = withRestaurant(async ({ request, restaurant, session }) => {
  const mayEdit = await targetEditRights(session, restaurant.guid);
  if (!mayEdit.own)
    throw new ApiError(403, "forbidden", "You may see this restaurant's targets but not change them");
  const { body } = await parseRouteInput(request, {
    body: kitchenTargetsSchema,
    bodyShape:
      "{ effectiveFrom?: YYYYMMDD, targets?: [{ level, seconds }], tickets?: [{ level, seconds }], stations?: [{ stationGuid, level, seconds }] }",
  });
  const service = await getKitchenService();
  // A station named must be one of the restaurant's prep stations (read only when one is named).
  const knownStations =
    body.stations.length === 0
      ? undefined
      : new Set((await readPrepStations(restaurant.guid)).map((s) => s.guid));
  const saved = await service.putTargets(restaurant, body, { actor: session.email, knownStations });
  return jsonResponse({ ...saved, mayEdit });
});
