// POST /api/admin/invitations {email, role, name?, areas?, restaurants?}: creates the person as
// invited (no sign-in until they accept) and mails them a single-use link to choose a password.
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { inviteAs } from "@/lib/auth/invitations";
import { newInvitationSchema } from "@/lib/people/admin-contract";

export const POST = withAdmin(
  async ({ request, actor, body }) => {
    const answer = await inviteAs(
      actor,
      {
        email: body.email,
        name: body.name ?? null,
        role: body.role,
        areaIds: body.areas ?? [],
        restaurantGuids: body.restaurants ?? [],
      },
      new URL(request.url).origin,
    );
    return jsonResponse(answer, { status: 201 });
  },
  { body: newInvitationSchema, bodyShape: '{"email", "role", "name"?, "areas"?, "restaurants"?}' },
);
