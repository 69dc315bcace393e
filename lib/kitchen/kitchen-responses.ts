import "server-only";
import { ApiError } from "@/lib/api/api-error";
import { toCsv } from "@/lib/csv/csv";
import { csvDownload, csvStream } from "@/lib/csv/csv-stream";
import { kitchenRangeQuery, kitchenSummaryQuery, kitchenTargetsInput, kitchenTicketsQuery } from "@/lib/kitchen/contract/kitchen-api";
import { fulfillmentCsvColumns, kitchenCsvFileName, summaryCsvColumns, withDurations } from "@/lib/kitchen/query/kitchen-csv";
import type { KitchenRestaurant, KitchenService } from "@/lib/kitchen/service/kitchen-service";

/**
 * The bodies of the kitchen routes, from the request to the response, without the session
 * wrapper: app/api/restaurants/[guid]/kitchen/** wraps each in withRestaurant, and the tests call
 * them as they are over a real sandbox. Bad input throws (ZodError, ApiError) and the wrapper
 * turns it into a 400.
 */

/** A request's query string as a plain object for the zod query schemas (a repeated key: the last wins). */
export function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

export async function summaryResponse(service: KitchenService, restaurant: KitchenRestaurant, request: Request): Promise<Response> {
  const query = kitchenSummaryQuery.parse(queryObject(request));
  return Response.json(await service.summary(restaurant, query));
}

export async function summaryCsvResponse(service: KitchenService, restaurant: KitchenRestaurant, request: Request): Promise<Response> {
  const query = kitchenSummaryQuery.parse(queryObject(request));
  const rows = await service.stationLevelRows(restaurant, query);
  return csvDownload(toCsv(summaryCsvColumns(restaurant.guid), rows), kitchenCsvFileName(restaurant.name, "kitchen-summary", query.from, query.to));
}

export async function fulfillmentsCsvResponse(service: KitchenService, restaurant: KitchenRestaurant, request: Request): Promise<Response> {
  const query = kitchenRangeQuery.parse(queryObject(request));
  const chunks = await service.records(restaurant, query);
  const rows = (async function* () {
    for await (const records of chunks) yield withDurations(records);
  })();
  return csvDownload(csvStream(fulfillmentCsvColumns, rows), kitchenCsvFileName(restaurant.name, "kitchen-fulfillments", query.from, query.to));
}

export async function coverageResponse(service: KitchenService, restaurant: KitchenRestaurant, request: Request): Promise<Response> {
  const query = kitchenRangeQuery.parse(queryObject(request));
  return Response.json(await service.coverage(restaurant, query));
}

export async function ticketsResponse(service: KitchenService, restaurant: KitchenRestaurant, request: Request): Promise<Response> {
  const query = kitchenTicketsQuery.parse(queryObject(request));
  return Response.json(await service.tickets(restaurant, query));
}

export async function targetsResponse(service: KitchenService, restaurant: KitchenRestaurant): Promise<Response> {
  return Response.json(await service.targets(restaurant));
}

export async function putTargetsResponse(service: KitchenService, restaurant: KitchenRestaurant, request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError(400, "invalid_json", "The body must be JSON: { targets: [{ level, seconds }] }");
  }
  return Response.json(await service.putTargets(restaurant, kitchenTargetsInput.parse(body)));
}
