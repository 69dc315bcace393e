import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenRecordsSchema } from "@/lib/kitchen/contract/params";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { fulfillmentsCsv } from "@/lib/kitchen/query/kitchen-csv";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/fulfillments.csv?from&to[&item&service] (streamed)
// 202 JSON with the range's coverage while some of its dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const service = await getKitchenService();
    const answer = await service.records(restaurant, query);
    if (!answer.ready) return answer;
    // The provisional dates by the same rule as the figures' coverage (a store read, no fetch).
    const provisional = new Set(
      (await service.coverage(restaurant, query)).dates
        .filter((d) => d.status === "provisional")
        .map((d) => d.date),
    );
    return csvResponse(
      fulfillmentsCsv(answer.value, provisional, restaurant.timeZone),
      kitchenPageCsvName(restaurant.name, "kitchen-fulfillments", query),
    );
  },
  { query: kitchenRecordsSchema },
);
