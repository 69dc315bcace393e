import type { Principal } from "./bearer";
import type { SandboxContext } from "./context";
import { SandboxError } from "./errors";
import type { WorldRestaurant } from "./world";

/**
 * The restaurant a kitchen or config request names in `<Brand>-Restaurant-External-ID` (4):
 * missing -> 400, unknown -> 404, not among the client's restaurants -> 403.
 * Archived restaurants are still served here: the contract only hides them from restaurant
 * info (4.4), and their history stays readable for reports.
 */
export function restaurantFromHeader(
  request: Request,
  ctx: SandboxContext,
  principal: Principal,
): WorldRestaurant {
  const header = ctx.settings.names.restaurantHeader;
  const guid = request.headers.get(header)?.trim();
  if (!guid) throw new SandboxError(400, "MISSING_RESTAURANT_HEADER", `The ${header} header is required.`);
  return permittedRestaurant(guid, ctx, principal);
}

export function permittedRestaurant(
  guid: string,
  ctx: SandboxContext,
  principal: Principal,
): WorldRestaurant {
  const restaurant = ctx.settings.world.restaurants.find((r) => r.guid === guid);
  if (!restaurant) throw new SandboxError(404, "RESTAURANT_NOT_FOUND", `Restaurant ${guid} was not found.`);
  if (!principal.client.restaurants.includes(guid)) {
    throw new SandboxError(403, "RESTAURANT_FORBIDDEN", `The client may not access restaurant ${guid}.`);
  }
  return restaurant;
}
