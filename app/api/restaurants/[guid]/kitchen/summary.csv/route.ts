import { withRestaurant } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvDownload } from "@/lib/csv/csv-stream";
import { kitchenSummaryQuery } from "@/lib/kitchen/api-types";
import { kitchenCsvFileName, summaryCsvColumns } from "@/lib/kitchen/kitchen-csv";
import { queryObject } from "@/lib/kitchen/search-params";
import { getKitchenService } from "@/lib/kitchen/server";

// GET /api/restaurants/[guid]/kitchen/summary.csv?from&to[&level&station&behavior&source]
export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => {
  const query = kitchenSummaryQuery.parse(queryObject(request));
  const service = await getKitchenService();
  const rows = await service.stationLevelRows(restaurant, query);
  return csvDownload(toCsv(summaryCsvColumns(restaurant.guid), rows), kitchenCsvFileName(restaurant.name, "kitchen-summary", query.from, query.to));
});
