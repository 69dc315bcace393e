import { withRestaurant } from "@/lib/api/route-handler";
import { csvDownload, csvStream } from "@/lib/csv/csv-stream";
import { kitchenRangeQuery } from "@/lib/kitchen/api-types";
import { fulfillmentCsvColumns, kitchenCsvFileName, withDurations } from "@/lib/kitchen/kitchen-csv";
import { queryObject } from "@/lib/kitchen/search-params";
import { getKitchenService } from "@/lib/kitchen/server";

// GET /api/restaurants/[guid]/kitchen/fulfillments.csv?from&to
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => {
  const query = kitchenRangeQuery.parse(queryObject(request));
  const service = await getKitchenService();
  const chunks = await service.records(restaurant, query);
  const rows = (async function* () {
    for await (const records of chunks) yield withDurations(records);
  })();
  return csvDownload(csvStream(fulfillmentCsvColumns, rows), kitchenCsvFileName(restaurant.name, "kitchen-fulfillments", query.from, query.to));
});
