import { withRestaurant } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenRangeSchema } from "@/lib/kitchen/contract/params";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { QUOTE_CSV_COLUMNS, quoteCsvRows } from "@/lib/kitchen/query/quote-csv";
import { kitchenQuote } from "@/lib/kitchen/service/quote";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/quote.csv?from&to: the quote answer as CSV. 202 JSON with
// the range's coverage while some of its dates are still being fetched: part of a range would
// pass for the whole.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const answer = await kitchenQuote(await getKitchenService(), restaurant, query);
    if (!answer.ready) return answer;
    return csvResponse(
      toCsv(QUOTE_CSV_COLUMNS, quoteCsvRows(answer.value)),
      kitchenPageCsvName(restaurant.name, "kitchen-quote", query),
    );
  },
  { query: kitchenRangeSchema },
);
