// GET /api/admin/areas: every area with its restaurants. POST /api/admin/areas: a new area.
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { newAreaSchema, type AreasResponse } from "@/lib/people/admin-contract";
import { listAreas } from "@/lib/people/areas";
import { createAreaAs } from "@/lib/people/scope-admin";

export const GET = withAdmin(async () => {
  const body: AreasResponse = { areas: await listAreas(await getPeopleDatabase()) };
  return jsonResponse(body);
});

export const POST = withAdmin(
  async ({ actor, body }) => {
    const area = await createAreaAs(await getPeopleDatabase(), actor.email, {
      name: body.name,
      restaurantGuids: body.restaurants,
    });
    return jsonResponse(area, { status: 201 });
  },
  { body: newAreaSchema, bodyShape: '{"name", "restaurants"?}' },
);
