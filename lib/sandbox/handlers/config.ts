import type { ConfigResource } from "@/lib/platform/schemas";

import { authenticate } from "../bearer";
import { SandboxError, sandboxJsonResponse } from "../errors";
import { checkPagingConflict, pageOf } from "../paging";
import { restaurantFromHeader } from "../restaurant-access";
import { listQuery } from "./list-query";
import type { RouteInput, SandboxRouteHandler } from "./route-input";

/** Configuration API (4.3), scope config:read, restaurant header required. */
const SCOPE = "config:read";

// GET /config/v2/<resource>
export function listConfig(resource: ConfigResource): SandboxRouteHandler {
  return async ({ request, url, ctx }: RouteInput) => {
    const principal = await authenticate(request, ctx, SCOPE);
    const restaurant = restaurantFromHeader(request, ctx, principal);
    const query = listQuery(url);
    const items: readonly { modifiedAt: number; entity: unknown }[] =
      ctx.data.config(restaurant).resources[resource];
    const pageRequest = { list: `config/${resource}`, restaurant: restaurant.guid, ...query };
    checkPagingConflict(ctx.settings.pagingConflict, pageRequest);
    const page = pageOf(
      ctx.pageTokenKey,
      items,
      (v) => v.modifiedAt,
      pageRequest,
      ctx.settings.pageSize.config,
    );
    const headers: Record<string, string> = page.nextPageToken
      ? { [ctx.settings.names.nextPageHeader]: page.nextPageToken }
      : {};
    return sandboxJsonResponse(
      page.items.map((v) => v.entity),
      { headers },
    );
  };
}

// GET /config/v2/<resource>/{guid}
export function getConfig(resource: ConfigResource): SandboxRouteHandler {
  return async ({ request, params, ctx }: RouteInput) => {
    const principal = await authenticate(request, ctx, SCOPE);
    const restaurant = restaurantFromHeader(request, ctx, principal);
    const guid = params.guid ?? "";
    const items: readonly { modifiedAt: number; entity: { guid: string } }[] =
      ctx.data.config(restaurant).resources[resource];
    const entity = ctx.data.findByGuid(restaurant, `config/${resource}`, items, guid);
    if (!entity) throw new SandboxError(404, "ENTITY_NOT_FOUND", `No ${resource} object with guid ${guid}.`);
    return sandboxJsonResponse(entity);
  };
}

// GET /config/v2/tipWithholding
export async function getTipWithholding({ request, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, SCOPE);
  const restaurant = restaurantFromHeader(request, ctx, principal);
  return sandboxJsonResponse(ctx.data.config(restaurant).tipWithholding);
}
