import { ApiError } from "@/lib/api/api-error";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenTargetsInput } from "@/lib/kitchen/api-types";
import { getKitchenService } from "@/lib/kitchen/server";

// GET /api/restaurants/[guid]/kitchen/targets
export const GET = withRestaurant<{ guid: string }>(async ({ restaurant }) => {
  const service = await getKitchenService();
  return Response.json(await service.targets(restaurant));
});

// PUT /api/restaurants/[guid]/kitchen/targets  body: { targets: [{ level, seconds }] }
export const PUT = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError(400, "invalid_json", "The body must be JSON: { targets: [{ level, seconds }] }");
  }
  const input = kitchenTargetsInput.parse(body);
  const service = await getKitchenService();
  return Response.json(await service.putTargets(restaurant, input));
});
