import { overviewGroupsOf } from "@/lib/access/chain-groups";
import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { annotationsOf } from "@/lib/annotations/annotations-server";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { kitchenOverviewSchema } from "@/lib/kitchen/contract/params";
import { kitchenOverview } from "@/lib/kitchen/service/overview";
import { overviewEvidence } from "@/lib/kitchen/service/overview-evidence";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { overviewSentenceSubjects } from "@/lib/url-state/headline-sentences";

// GET /api/kitchen/overview?range=yesterday|lastweek|7d|30d[&stuck=include]: every permitted restaurant's
// kitchen figures for the period and the one before it (levels 0-2), with each ready restaurant's
// status, reason, late items and worst station, the movers and the glance line (issue 34). Always
// 200: a restaurant still being fetched is a row with status "pending" and its progress, so one
// slow kitchen never holds the table. Issue 36: `areas` (the rows grouped by area, or management group
// while no area exists, figures merged exactly), `chain` (every ready restaurant together) and per
// row `area` and `chainRanks`. Issue 35: `evidence`, the anomalies and annotations of the (at most
// two) restaurants the opening sentences name, read for those only.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    const groups = await overviewGroupsOf(restaurants.map((r) => r.guid));
    const service = await getKitchenService();
    const overview = await kitchenOverview(
      service,
      restaurants,
      query.range,
      Date.now(),
      query.stuck,
      groups,
    );
    const evidence = await overviewEvidence(
      { anomalies: service.anomalies, annotations: annotationsOf },
      restaurants,
      overview,
      overviewSentenceSubjects(overview),
      query.stuck,
    );
    return jsonResponse({ ...overview, evidence });
  },
  { query: kitchenOverviewSchema },
);
