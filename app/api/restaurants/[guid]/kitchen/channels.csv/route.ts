import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { channelsCsv } from "@/lib/kitchen/query/channels-csv";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/channels.csv?from&to[&metric&level&station&behavior&channel&source&item&service&maxMinutes&stuck&until]
// One row per channel and level: the channels answer as a table. 202 JSON with the range's
// coverage while some of its dates are still being fetched.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await (await getKitchenService()).channels(restaurant, query);
    if (!answer.ready) return answer;
    return csvResponse(
      channelsCsv(answer.value),
      kitchenPageCsvName(restaurant.name, "kitchen-channels", query),
    );
  },
  { query: kitchenSummarySchema },
);
