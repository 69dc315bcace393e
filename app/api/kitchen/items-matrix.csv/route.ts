import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { notReadyResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenItemsMatrixSchema } from "@/lib/kitchen/contract/items-matrix";
import { groupCsvName, overviewRangeWords } from "@/lib/kitchen/present/csv-file-names";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { itemsMatrixCsvColumns } from "@/lib/kitchen/query/items-matrix-csv";
import { kitchenItemsMatrix } from "@/lib/kitchen/service/items-matrix";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/kitchen/items-matrix.csv (the JSON route's query): the matrix as CSV, one row per item.
// 202 (JSON: which restaurants are still being fetched) until every column is settled: a file
// with holes would pass for the whole.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    const matrix = await kitchenItemsMatrix(await getKitchenService(), restaurants, query, Date.now());
    if (!matrix.complete) {
      const pending = matrix.columns
        .filter((c) => c.status === "pending")
        .map((c) => ({ restaurantGuid: c.restaurantGuid, progress: c.progress }));
      return notReadyResponse({ status: "pending", pending }, 1_000);
    }
    // The dates every column held (a range is each restaurant's own), then the choices in force.
    return csvResponse(
      toCsv(itemsMatrixCsvColumns(matrix), matrix.rows),
      groupCsvName(
        "kitchen-items-matrix",
        matrix.columns.map((c) => c.period),
        [
          matrix.range ? overviewRangeWords(matrix.range) : "",
          `level ${matrix.level}`,
          matrix.metric === "fire_to_fulfill" ? "" : METRIC_LABELS[matrix.metric],
          query.stuck === "include" ? "with left on screen" : "",
        ],
      ),
    );
  },
  { query: kitchenItemsMatrixSchema },
);
