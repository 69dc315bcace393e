import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import { fulfillmentsCsv, kitchenCsvFileName } from "@/lib/kitchen/query/kitchen-csv";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/fulfillments.csv?from&to (streamed)
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const chunks = await (await getKitchenService()).records(restaurant, query);
    return csvResponse(fulfillmentsCsv(chunks), kitchenCsvFileName(restaurant.name, "kitchen-fulfillments", query.from, query.to));
  },
  { query: kitchenRangeSchema },
);
