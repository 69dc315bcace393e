// POST /api/admin/people/{id}/invitation: mails an invited person a new link (the earlier one ends).
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { resendInvitationAs } from "@/lib/auth/invitations";
import { idParamsSchema } from "@/lib/people/admin-contract";

export const POST = withAdmin(
  async ({ request, actor, params }) => {
    const answer = await resendInvitationAs(actor, params.id, new URL(request.url).origin);
    if (!answer) throw new ApiError(404, "not_found", "No such person");
    return jsonResponse(answer);
  },
  { params: idParamsSchema },
);
