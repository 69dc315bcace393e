// GET /api/admin/restaurants: the deployment's added restaurants, each with its discovery state,
// and discovery's report (reachable-but-not-added and added-but-not-reachable locations).
// POST {guid, label?}: adds one (a discovered location's name is its label when none is given);
// the backfill takes it up at once.
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { backfillPickUpAdded } from "@/lib/kitchen/service/backfill-server";
import { newRestaurantSchema } from "@/lib/people/admin-contract";
import { addRestaurantAs } from "@/lib/people/scope-admin";
import { currentDiscoveryReport, restaurantsAdminAnswer } from "@/lib/restaurants/discovery-server";

export const GET = withAdmin(async () => jsonResponse(await restaurantsAdminAnswer()));

/** A discovered location's name in the words the Restaurants page shows ("Name (Location)"). */
async function discoveredLabel(guid: string): Promise<string> {
  const found = (await currentDiscoveryReport()).locations.find((l) => l.guid === guid);
  if (!found?.name) return "";
  return found.locationName && found.locationName !== found.name
    ? `${found.name} (${found.locationName})`
    : found.name;
}

export const POST = withAdmin(
  async ({ actor, body }) => {
    const label = body.label || (await discoveredLabel(body.guid));
    const added = await addRestaurantAs(await getPeopleDatabase(), actor.email, { guid: body.guid, label });
    if (!added) throw new ApiError(409, "already_added", `${body.guid} is added already`);
    // After the commit; the answer does not wait for the backfill's first fetch.
    backfillPickUpAdded().catch((error: unknown) =>
      console.warn(`[kitchen] backfill did not take up ${added.guid}: ${(error as Error).message}`),
    );
    return jsonResponse(added, { status: 201 });
  },
  { body: newRestaurantSchema, bodyShape: '{"guid", "label"?}' },
);
