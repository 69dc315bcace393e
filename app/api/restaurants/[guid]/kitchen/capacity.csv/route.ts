import { withRestaurant } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { getDatabase } from "@/lib/db/server";
import { kitchenCapacitySchema } from "@/lib/kitchen/contract/capacity";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { capacityCsvColumns } from "@/lib/kitchen/query/capacity-csv";
import { kitchenCapacity } from "@/lib/kitchen/service/capacity";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/capacity.csv (the JSON route's query): one row per load.
// 202 JSON with the range's coverage until every date is fetched: a part would pass for the whole.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const service = await getKitchenService();
    const answer = await kitchenCapacity({ service, db: await getDatabase() }, restaurant, query);
    if (!answer.ready) return answer;
    return csvResponse(
      toCsv(capacityCsvColumns(answer.value), answer.value.slots),
      kitchenPageCsvName(restaurant.name, "kitchen-capacity", query),
    );
  },
  { query: kitchenCapacitySchema },
);
