// GET /api/restaurants/[guid]/config/[resource] (and [resource].csv, the table as CSV): one resource in words, ?lastModified=ISO.
import { z } from "zod";

import { ApiError } from "@/lib/api/api-error";
import { legacyCsvFormatQuery, redirectToCsvRoute } from "@/lib/api/csv-redirect";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { configCsv } from "@/lib/config-explorer/config-csv";
import { lastModifiedQuery } from "@/lib/config-explorer/last-modified-query";
import { loadExplorerTable } from "@/lib/config-explorer/load-explorer";
import { isExplorerResource } from "@/lib/config-explorer/resource-catalog";
import { csvResponse } from "@/lib/csv/csv-response";
import { csvFileName } from "@/lib/csv/file-name";

export const GET = withRestaurant(
  async ({ request, restaurant, params, query }) => {
    const asCsv = params.resource.endsWith(".csv");
    const resource = params.resource.replace(/\.csv$/, "");
    if (!isExplorerResource(resource))
      throw new ApiError(404, "unknown_resource", `No configuration resource named "${resource}"`);
    if (!asCsv && query.format === "csv") return redirectToCsvRoute(request);
    if (resource === "tipWithholding" && query.lastModified) {
      throw new ApiError(
        400,
        "invalid_last_modified",
        "tipWithholding is a single object and takes no lastModified filter",
      );
    }

    const table = await loadExplorerTable(restaurant.guid, resource, query.lastModified);
    if (asCsv) return csvResponse(configCsv(table), csvFileName(restaurant.name, resource));
    return jsonResponse(table);
  },
  {
    params: z.object({ resource: z.string() }),
    query: lastModifiedQuery.and(legacyCsvFormatQuery),
    queryErrorCode: "invalid_last_modified",
  },
);
