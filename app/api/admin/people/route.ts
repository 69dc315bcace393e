// GET /api/admin/people: everyone, with role, scope and whether active.
// POST /api/admin/people: creates a person with a role and scope (invitations will create through it).
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { hashNewPassword } from "@/lib/auth/new-password";
import { newPersonSchema, type PeopleResponse } from "@/lib/people/admin-contract";
import { createPersonAs } from "@/lib/people/people-admin";
import { listPeople } from "@/lib/people/people-store";

export const GET = withAdmin(async () => {
  const body: PeopleResponse = { people: await listPeople(await getPeopleDatabase()) };
  return jsonResponse(body);
});

export const POST = withAdmin(
  async ({ actor, body }) => {
    const person = await createPersonAs(await getPeopleDatabase(), actor, {
      email: body.email,
      name: body.name ?? null,
      role: body.role,
      areaIds: body.areas ?? [],
      restaurantGuids: body.restaurants ?? [],
      passwordHash: body.password === undefined ? null : await hashNewPassword(body.password),
    });
    return jsonResponse(person, { status: 201 });
  },
  { body: newPersonSchema, bodyShape: '{"email", "role", "name"?, "areas"?, "restaurants"?, "password"?}' },
);
