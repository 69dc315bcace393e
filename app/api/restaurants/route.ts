// GET /api/restaurants: the signed-in account's restaurants, and only those; a location the
// Platform refuses or cannot answer for is listed with `availability`, never failing the rest.
import { getRestaurantDirectory } from "@/lib/access/permitted-restaurants";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import type { RestaurantsResponse } from "@/lib/restaurants/restaurants-contract";

/** How long one request waits for unknown kitchen entitlements to be probed (see kitchen-entitlement.ts). */
const ENTITLEMENT_WAIT_MS = 2_500;
/**
 * How long one request waits for a restaurant whose identity was never read (a new location, an
 * empty store); past it the restaurant is listed as still being read and the browser asks again.
 */
const IDENTITY_WAIT_MS = 1_500;

export const GET = withSession(async ({ session }) => {
  const restaurants = await getRestaurantDirectory(session, {
    probeKitchenMs: ENTITLEMENT_WAIT_MS,
    identityWaitMs: IDENTITY_WAIT_MS,
  });
  const body: RestaurantsResponse = { restaurants };
  return jsonResponse(body);
});
