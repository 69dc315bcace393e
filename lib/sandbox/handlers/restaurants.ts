import { authenticate } from "../bearer";
import { SandboxError, sandboxJsonResponse } from "../errors";
import { permittedRestaurant } from "../restaurant-access";
import type { RouteInput } from "./route-input";

/**
 * Restaurant information (4.4). The contract leaves the scope and the restaurant header open; the
 * published definition marks the header required, so the sandbox refuses a request without it
 * (400), and one whose header names another restaurant than the path (400: which one was meant
 * cannot be known). The scope is restaurants:read, which every world client has.
 */
const SCOPE = "restaurants:read";

// GET /restaurants/v1/restaurants/{guid}?includeArchived=true
export async function restaurantInfo({ request, url, params, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, SCOPE);
  const header = ctx.settings.names.restaurantHeader;
  const named = request.headers.get(header)?.trim();
  if (!named) throw new SandboxError(400, "MISSING_RESTAURANT_HEADER", `The ${header} header is required.`);
  const guid = params.guid ?? "";
  if (named !== guid) {
    throw new SandboxError(
      400,
      "INVALID_REQUEST",
      `The ${header} header names ${named}, but the path names ${guid}.`,
    );
  }
  const raw = url.searchParams.get("includeArchived");
  if (raw !== null && !/^(true|false)$/i.test(raw)) {
    throw new SandboxError(400, "INVALID_REQUEST", `includeArchived must be true or false, got '${raw}'.`);
  }
  const includeArchived = raw !== null && raw.toLowerCase() === "true";
  const restaurant = permittedRestaurant(guid, ctx, principal);
  if (restaurant.archived && !includeArchived) {
    throw new SandboxError(
      404,
      "RESTAURANT_NOT_FOUND",
      `Restaurant ${restaurant.guid} is archived; pass includeArchived=true to read it.`,
    );
  }
  return sandboxJsonResponse(ctx.data.restaurantInfoAt(restaurant, ctx.settings.now()));
}
