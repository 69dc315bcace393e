import type { PartnerRestaurant } from "@/lib/platform/schemas";

import { authenticate } from "../bearer";
import { SandboxError, sandboxJsonResponse } from "../errors";
import { parseLastModified } from "../last-modified";
import { restaurantFromHeader } from "../restaurant-access";
import type { WorldRestaurant } from "../world";
import type { RouteInput } from "./route-input";

/**
 * The two listings of the locations a credential reaches, written from the published definitions.
 *
 * GET /partners/v1/restaurants (Partners API 1.0.1): partner clients only ("integrations that use
 * restaurant management group API accounts cannot use the partners API": 403 for them); the
 * definition names no scope, so any valid token of a partner passes. One JSON array, unpaged, of
 * the locations that granted the client access; `lastModified` keeps those whose connection was
 * created or edited after it. No restaurant header.
 *
 * GET /restaurants/v1/groups/{managementGroupGUID}/restaurants (Restaurants API 1.0.0, scope
 * restaurants:read): the header is required and names one location of the group, which the
 * client must reach (400 without, 404 unknown, 403 foreign, 400 when it is not of the path's
 * group); the answer is `[{ guid }]` for the group's locations the client reaches.
 */

// GET /partners/v1/restaurants?lastModified=
export async function partnerRestaurants({ request, url, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, null);
  if (principal.client.type !== "PARTNER") {
    throw new SandboxError(
      403,
      "PARTNERS_API_FORBIDDEN",
      "Only partner API clients can use the partners API; a management group client lists its group's restaurants.",
    );
  }
  const raw = url.searchParams.get("lastModified");
  const after = raw ? parseLastModified(raw) : null;
  const granted = new Set(principal.client.restaurants);
  const body = ctx.settings.world.restaurants
    .filter((r) => granted.has(r.guid))
    .map(partnerAccess)
    .filter((access) => after === null || access.modifiedDate! > after);
  return sandboxJsonResponse(body);
}

/**
 * A PartnerAccessExternalRep. The connection dates are derived from the location's first business
 * date (no clock), so every answer of one world is the same.
 */
function partnerAccess(r: WorldRestaurant): PartnerRestaurant {
  const d = String(r.firstBusinessDate);
  const created = Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)), 15);
  const iso = new Date(created).toISOString();
  return {
    restaurantGuid: r.guid,
    managementGroupGuid: r.managementGroupGuid,
    deleted: false,
    restaurantName: r.name,
    locationName: r.locationName,
    createdByEmailAddress: `owner@${r.locationCode.toLowerCase()}.example`,
    externalGroupRef: "",
    externalRestaurantRef: r.locationCode,
    modifiedDate: created,
    createdDate: created,
    isoModifiedDate: iso,
    isoCreatedDate: iso,
  };
}

// GET /restaurants/v1/groups/{group}/restaurants
export async function groupRestaurants({ request, params, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, "restaurants:read");
  const named = restaurantFromHeader(request, ctx, principal);
  const group = params.group ?? "";
  if (named.managementGroupGuid !== group) {
    throw new SandboxError(
      400,
      "INVALID_REQUEST",
      `The ${ctx.settings.names.restaurantHeader} header names ${named.guid}, which is not in management group ${group}.`,
    );
  }
  const reached = new Set(principal.client.restaurants);
  const body = ctx.settings.world.restaurants
    .filter((r) => r.managementGroupGuid === group && reached.has(r.guid))
    .map((r) => ({ guid: r.guid }));
  return sandboxJsonResponse(body);
}
