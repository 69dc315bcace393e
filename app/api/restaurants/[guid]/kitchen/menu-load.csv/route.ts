import { withRestaurant } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenMenuLoadSchema } from "@/lib/kitchen/contract/menu-load";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { menuLoadCsvColumns } from "@/lib/kitchen/query/menu-load-csv";
import { kitchenMenuLoad } from "@/lib/kitchen/service/menu-load";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/menu-load.csv?from&to[&level&station&stuck]
// 202 JSON with the range's coverage while some of its dates are still being fetched: a CSV of
// part of the range would pass for the whole.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await kitchenMenuLoad(await getKitchenService(), restaurant, query);
    if (!answer.ready) return answer;
    return csvResponse(
      toCsv(menuLoadCsvColumns(answer.value), answer.value.items),
      kitchenPageCsvName(restaurant.name, "menu-load", query),
    );
  },
  { query: kitchenMenuLoadSchema },
);
