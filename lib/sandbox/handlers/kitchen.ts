import { authenticate } from "../bearer";
import { readBusinessDateParam } from "../business-date";
import { SandboxError, sandboxJsonResponse } from "../errors";
import { holdFor } from "../faults";
import type { ExportLatency } from "../options";
import { checkPagingConflict, pageOf } from "../paging";
import { restaurantFromHeader } from "../restaurant-access";
import { listQuery } from "./list-query";
import type { RouteInput } from "./route-input";

/** Kitchen API (4.2), scope kitchen:read, restaurant header required on every operation. */
const SCOPE = "kitchen:read";

// GET /kitchen/v1/export/itemFulfillments?businessDate=YYYYMMDD
export async function itemFulfillments({ request, url, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, SCOPE);
  const restaurant = restaurantFromHeader(request, ctx, principal);
  const businessDate = readBusinessDateParam(url.searchParams.get("businessDate"));
  // 204: the restaurant lacks the professional tier. Never used for an empty day, which is [].
  if (restaurant.tier === "basic") return new Response(null, { status: 204 });
  const records = ctx.data.itemFulfillments(restaurant, businessDate, ctx.settings.now());
  // The real export assembles the whole day before it sends a byte; busy days wait longest.
  const wait = exportLatencyMs(ctx.settings.exportLatency, records.length);
  if (wait > 0) await holdFor(wait, request.signal);
  return sandboxJsonResponse(records);
}

/** Milliseconds before the first byte of an export of `records` records (0 when latency is off). */
export function exportLatencyMs(latency: ExportLatency | null, records: number): number {
  if (!latency) return 0;
  return Math.round(Math.min(latency.maxMs, latency.baseMs + latency.perRecordMs * records));
}

// GET /kitchen/v1/published/prepStations
export async function prepStations({ request, url, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, SCOPE);
  const restaurant = restaurantFromHeader(request, ctx, principal);
  const query = listQuery(url);
  const pageRequest = { list: "kitchen/prepStations", restaurant: restaurant.guid, ...query };
  checkPagingConflict(ctx.settings.pagingConflict, pageRequest);
  const page = pageOf(
    ctx.pageTokenKey,
    ctx.data.prepStationsAt(restaurant, ctx.settings.now()),
    (v) => v.modifiedAt,
    pageRequest,
    ctx.settings.pageSize.prepStations,
  );
  const headers: Record<string, string> = page.nextPageToken
    ? { [ctx.settings.names.nextPageHeader]: page.nextPageToken }
    : {};
  return sandboxJsonResponse(
    page.items.map((v) => v.entity),
    { headers },
  );
}

// GET /kitchen/v1/published/prepStations/{guid}
export async function prepStation({ request, params, ctx }: RouteInput): Promise<Response> {
  const principal = await authenticate(request, ctx, SCOPE);
  const restaurant = restaurantFromHeader(request, ctx, principal);
  const guid = params.guid ?? "";
  // A handful of stations: found in the list as served now (the dated change included), no index.
  const station = ctx.data
    .prepStationsAt(restaurant, ctx.settings.now())
    .find((v) => v.entity.guid === guid)?.entity;
  if (!station) throw new SandboxError(404, "ENTITY_NOT_FOUND", `Prep station ${guid} was not found.`);
  return sandboxJsonResponse(station);
}
