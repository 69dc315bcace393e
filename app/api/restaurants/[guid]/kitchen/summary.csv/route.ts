import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { summaryCsv } from "@/lib/kitchen/query/kitchen-csv";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary.csv?from&to[&level&station&behavior&source&item&service&maxMinutes&stuck]
// 202 JSON with the range's coverage while some of its dates are still being fetched: a CSV of
// part of the range would pass for the whole.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const service = await getKitchenService();
    const answer = await service.stationLevelRows(restaurant, query);
    if (!answer.ready) return answer;
    // The provisional dates by the same rule as the figures' coverage (a store read, no fetch).
    const { provisional } = await service.coverage(restaurant, query);
    return csvResponse(
      summaryCsv(restaurant.guid, answer.value, provisional),
      // The dates and every filter of the query in the name (station and item by GUID: no lookup here).
      kitchenPageCsvName(restaurant.name, "kitchen-summary", query),
    );
  },
  { query: kitchenSummarySchema },
);
