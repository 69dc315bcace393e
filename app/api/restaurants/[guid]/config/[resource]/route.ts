// GET /api/restaurants/[guid]/config/[resource] (and [resource].csv or ?format=csv): one resource in words, ?lastModified=ISO.
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { csvFileName } from "@/lib/csv/csv";
import { configCsv } from "@/lib/config-explorer/config-csv";
import { csvResponse } from "@/lib/config-explorer/csv-response";
import { parseLastModified } from "@/lib/config-explorer/last-modified-query";
import { loadExplorerTable } from "@/lib/config-explorer/load-explorer";
import { isExplorerResource } from "@/lib/config-explorer/resource-catalog";

export const GET = withRestaurant<{ guid: string; resource: string }>(async ({ request, restaurant, params }) => {
  const search = new URL(request.url).searchParams;
  const asCsv = params.resource.endsWith(".csv") || search.get("format") === "csv";
  const resource = params.resource.replace(/\.csv$/, "");
  if (!isExplorerResource(resource)) throw new ApiError(404, "unknown_resource", `No configuration resource named "${resource}"`);
  const lastModified = parseLastModified(search.get("lastModified"));
  if (!lastModified.ok) throw new ApiError(400, "invalid_last_modified", lastModified.message);
  if (resource === "tipWithholding" && lastModified.value) {
    throw new ApiError(400, "invalid_last_modified", "tipWithholding is a single object and takes no lastModified filter");
  }

  const table = await loadExplorerTable(restaurant.guid, resource, lastModified.value);
  if (asCsv) return csvResponse(configCsv(table), csvFileName(restaurant.name, resource));
  return jsonResponse(table);
});
