import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { kitchenCsvFileName, summaryCsv } from "@/lib/kitchen/query/kitchen-csv";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary.csv?from&to[&level&station&behavior&source]
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const rows = await (await getKitchenService()).stationLevelRows(restaurant, query);
    return csvResponse(summaryCsv(restaurant.guid, rows), kitchenCsvFileName(restaurant.name, "kitchen-summary", query.from, query.to));
  },
  { query: kitchenSummarySchema },
);
