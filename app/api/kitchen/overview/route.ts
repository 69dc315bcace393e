import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { kitchenOverviewSchema } from "@/lib/kitchen/contract/params";
import { kitchenOverview } from "@/lib/kitchen/service/overview";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/kitchen/overview?range=yesterday|lastweek|7d|30d[&stuck=include]: every permitted restaurant's
// kitchen figures for the period and the one before it (levels 0-2), with each ready restaurant's
// status, reason, late items and worst station, the movers and the glance line (issue 34). Always
// 200: a restaurant still being fetched is a row with status "pending" and its progress, so one
// slow kitchen never holds the table.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    return jsonResponse(
      await kitchenOverview(await getKitchenService(), restaurants, query.range, Date.now(), query.stuck),
    );
  },
  { query: kitchenOverviewSchema },
);
