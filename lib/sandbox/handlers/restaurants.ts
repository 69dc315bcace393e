import { authenticate } from "../bearer";
import { jsonResponse, SandboxError } from "../errors";
import { permittedRestaurant } from "../restaurant-access";
import type { RouteInput } from "./route-input";

/**
 * Restaurant information (4.4). The contract names neither scope nor restaurant header here:
 * the sandbox requires the scope restaurants:read (every world client has it) and takes the
 * restaurant from the path alone; the header, if sent, is ignored.
 */
const SCOPE = "restaurants:read";

// GET /restaurants/v1/restaurants/{guid}?includeArchived=true
export async function restaurantInfo({ request, url, params, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, SCOPE);
  const raw = url.searchParams.get("includeArchived");
  if (raw !== null && !/^(true|false)$/i.test(raw)) {
    throw new SandboxError(400, "INVALID_REQUEST", `includeArchived must be true or false, got '${raw}'.`);
  }
  const includeArchived = raw !== null && raw.toLowerCase() === "true";
  const restaurant = permittedRestaurant(params.guid ?? "", ctx, principal);
  if (restaurant.archived && !includeArchived) {
    throw new SandboxError(404, "RESTAURANT_NOT_FOUND", `Restaurant ${restaurant.guid} is archived; pass includeArchived=true to read it.`);
  }
  return jsonResponse(ctx.data.restaurantInfo(restaurant));
}
