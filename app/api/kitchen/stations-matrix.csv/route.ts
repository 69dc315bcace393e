import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { notReadyResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { getDatabase } from "@/lib/db/server";
import { kitchenStationsMatrixSchema } from "@/lib/kitchen/contract/chain";
import { groupCsvName, overviewRangeWords } from "@/lib/kitchen/present/csv-file-names";
import { stationsMatrixCsvColumns } from "@/lib/kitchen/query/stations-matrix-csv";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { kitchenStationsMatrix } from "@/lib/kitchen/service/stations-matrix";

// GET /api/kitchen/stations-matrix.csv (the JSON route's query): one row per station. 202 (JSON:
// which restaurants are still being fetched) until every column is settled: a file with holes
// would pass for the whole.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    const matrix = await kitchenStationsMatrix(
      await getKitchenService(),
      await getDatabase(),
      restaurants,
      query,
      Date.now(),
    );
    if (!matrix.complete) {
      const pending = matrix.columns
        .filter((c) => c.status === "pending")
        .map((c) => ({ restaurantGuid: c.restaurantGuid, progress: c.progress }));
      return notReadyResponse({ status: "pending", pending }, 1_000);
    }
    return csvResponse(
      toCsv(stationsMatrixCsvColumns(matrix), matrix.rows),
      groupCsvName(
        "kitchen-stations-matrix",
        matrix.columns.map((c) => c.period),
        [
          overviewRangeWords(matrix.range),
          `level ${matrix.level}`,
          query.stuck === "include" ? "with left on screen" : "",
        ],
      ),
    );
  },
  { query: kitchenStationsMatrixSchema },
);
