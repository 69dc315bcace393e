// GET /api/restaurants: the signed-in account's restaurants, and only those; a location the
// Platform refuses or cannot answer for is listed with `availability`, never failing the rest.
import { getRestaurantDirectory } from "@/lib/access/permitted-restaurants";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import type { RestaurantsResponse } from "@/lib/restaurants/restaurants-contract";

/**
 * The answer's deadline: first reads of identities (a new location, an empty store) and probes of
 * unknown kitchen entitlements share it. Past it a restaurant still being read is listed with
 * `availability.state: "reading"` and an entitlement still probed is left out (`kitchenEntitled`
 * absent); both go on, and the browser asks again (lib/queries/restaurants.ts). At 500 locations
 * with an empty store the list answers within about this long instead of the two waits' sum.
 */
const ANSWER_WITHIN_MS = 1_500;

export const GET = withSession(async ({ session }) => {
  const restaurants = await getRestaurantDirectory(session, {
    probeKitchenMs: ANSWER_WITHIN_MS,
    identityWaitMs: ANSWER_WITHIN_MS,
    answerWithinMs: ANSWER_WITHIN_MS,
  });
  const body: RestaurantsResponse = { restaurants };
  return jsonResponse(body);
});
