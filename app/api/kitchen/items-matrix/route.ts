import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { kitchenItemsMatrixSchema } from "@/lib/kitchen/contract/items-matrix";
import { itemsMatrixPage } from "@/lib/kitchen/query/items-matrix";
import { kitchenItemsMatrix } from "@/lib/kitchen/service/items-matrix";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/kitchen/items-matrix?range=yesterday|7d|30d (or from&to)&level&metric&minRestaurants&minRecords&stuck
// &sort&order&page&pageSize: menu items consolidated by multi-location id × the permitted restaurants,
// p50 and p90 per cell; one page of rows (25 by default), rows under the minimum after the others.
// Always 200: a restaurant still being fetched is a "pending" column with its progress, and
// `complete` is false until none is, so one slow kitchen never holds the page.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    const matrix = await kitchenItemsMatrix(await getKitchenService(), restaurants, query, Date.now());
    return jsonResponse(itemsMatrixPage(matrix, query));
  },
  { query: kitchenItemsMatrixSchema },
);
