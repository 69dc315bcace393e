import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { getDatabase } from "@/lib/db/server";
import { kitchenStationsMatrixSchema } from "@/lib/kitchen/contract/chain";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { kitchenStationsMatrix } from "@/lib/kitchen/service/stations-matrix";

// GET /api/kitchen/stations-matrix?range=yesterday|lastweek|7d|30d&level=0|1|2&stuck: prep stations
// lined up by their multi-location id × the permitted restaurants, p90 and records per cell (fire
// to fulfill, exact). Always 200: a restaurant still being fetched is a "pending" column with its
// progress, and `complete` is false until none is.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    return jsonResponse(
      await kitchenStationsMatrix(
        await getKitchenService(),
        await getDatabase(),
        restaurants,
        query,
        Date.now(),
      ),
    );
  },
  { query: kitchenStationsMatrixSchema },
);
