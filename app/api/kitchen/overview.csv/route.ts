import { overviewGroupsOf } from "@/lib/access/chain-groups";
import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { notReadyResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenOverviewSchema } from "@/lib/kitchen/contract/params";
import { groupCsvName, overviewRangeWords } from "@/lib/kitchen/present/csv-file-names";
import { overviewCsvColumns, overviewCsvRows } from "@/lib/kitchen/query/kitchen-csv";
import { kitchenOverview } from "@/lib/kitchen/service/overview";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/kitchen/overview.csv?range=yesterday|7d|30d: the Overview as CSV, one row per permitted
// restaurant, then (issue 36) one subtotal row per area and the chain's (`row_kind`). 202 (JSON: which restaurants are still being fetched) until every row is settled:
// a file with holes would pass for the whole.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    const overview = await kitchenOverview(
      await getKitchenService(),
      restaurants,
      query.range,
      Date.now(),
      query.stuck,
      await overviewGroupsOf(restaurants.map((r) => r.guid)),
    );
    const pending = overview.rows.filter((r) => r.status === "pending");
    if (pending.length > 0) {
      return notReadyResponse(
        {
          range: overview.range,
          pending: pending.map((r) => ({ restaurantGuid: r.restaurantGuid, progress: r.progress })),
        },
        1_000,
      );
    }
    return csvResponse(
      toCsv(overviewCsvColumns, overviewCsvRows(overview)),
      groupCsvName(
        "kitchen-overview",
        overview.rows.map((r) => r.period),
        [overviewRangeWords(query.range), query.stuck === "include" ? "with left on screen" : ""],
      ),
    );
  },
  { query: kitchenOverviewSchema },
);
