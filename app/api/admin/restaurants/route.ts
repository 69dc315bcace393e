// GET /api/admin/restaurants: the deployment's added restaurants. POST: adds one by GUID and label;
// the backfill takes it up at once.
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { backfillPickUpAdded } from "@/lib/kitchen/service/backfill-server";
import { newRestaurantSchema, type RestaurantsAdminResponse } from "@/lib/people/admin-contract";
import { listAddedRestaurants } from "@/lib/people/restaurant-registry";
import { addRestaurantAs } from "@/lib/people/scope-admin";

export const GET = withAdmin(async () => {
  const body: RestaurantsAdminResponse = {
    restaurants: await listAddedRestaurants(await getPeopleDatabase()),
  };
  return jsonResponse(body);
});

export const POST = withAdmin(
  async ({ actor, body }) => {
    const added = await addRestaurantAs(await getPeopleDatabase(), actor.email, body);
    if (!added) throw new ApiError(409, "already_added", `${body.guid} is added already`);
    // After the commit; the answer does not wait for the backfill's first fetch.
    backfillPickUpAdded().catch((error: unknown) =>
      console.warn(`[kitchen] backfill did not take up ${added.guid}: ${(error as Error).message}`),
    );
    return jsonResponse(added, { status: 201 });
  },
  { body: newRestaurantSchema, bodyShape: '{"guid", "label"?}' },
);
