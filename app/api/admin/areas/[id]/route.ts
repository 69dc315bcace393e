// PATCH /api/admin/areas/{id}: renames it or replaces its restaurants. DELETE: removes it (and its grants).
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { areaPatchSchema, idParamsSchema } from "@/lib/people/admin-contract";
import { deleteAreaAs, updateAreaAs } from "@/lib/people/scope-admin";

const noSuchArea = () => new ApiError(404, "not_found", "No such area");

export const PATCH = withAdmin(
  async ({ actor, params, body }) => {
    const area = await updateAreaAs(await getPeopleDatabase(), actor.email, params.id, {
      name: body.name,
      restaurantGuids: body.restaurants,
    });
    if (!area) throw noSuchArea();
    return jsonResponse(area);
  },
  { params: idParamsSchema, body: areaPatchSchema, bodyShape: '{"name"?, "restaurants"?}' },
);

export const DELETE = withAdmin(
  async ({ actor, params }) => {
    if (!(await deleteAreaAs(await getPeopleDatabase(), actor.email, params.id))) throw noSuchArea();
    return new Response(null, { status: 204 });
  },
  { params: idParamsSchema },
);
