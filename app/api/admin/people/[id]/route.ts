// PATCH /api/admin/people/{id}: role, scope, name; `active: false` deactivates (their sessions end
// at once), `active: true` reactivates.
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { revokeSessionsOf } from "@/lib/auth/session-store";
import { idParamsSchema, personPatchSchema } from "@/lib/people/admin-contract";
import { updatePersonAs } from "@/lib/people/people-admin";

export const PATCH = withAdmin(
  async ({ actor, params, body }) => {
    const person = await updatePersonAs(
      await getPeopleDatabase(),
      actor,
      params.id,
      {
        name: body.name,
        role: body.role,
        areaIds: body.areas,
        restaurantGuids: body.restaurants,
        active: body.active,
      },
      revokeSessionsOf,
    );
    if (!person) throw new ApiError(404, "not_found", "No such person");
    return jsonResponse(person);
  },
  {
    params: idParamsSchema,
    body: personPatchSchema,
    bodyShape: '{"role"?, "areas"?, "restaurants"?, "active"?, "name"?}',
  },
);
