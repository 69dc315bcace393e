import { alertsQuerySchema } from "@/lib/alerts/alert-contract";
import { listEvents } from "@/lib/alerts/alert-store";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { getDatabase } from "@/lib/db/server";

const DAY_MS = 86_400_000;

// GET /api/restaurants/[guid]/alerts?from&to: the alerts fired and cleared in [from, to] (default the last day), and those still firing.
export const GET = withRestaurant(
  async ({ restaurant, query }) => {
    const to = query.to ?? new Date();
    const from = query.from ?? new Date(to.getTime() - DAY_MS);
    return jsonResponse(await listEvents(await getDatabase(), restaurant.guid, from, to));
  },
  { query: alertsQuerySchema },
);
