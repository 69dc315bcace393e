import { z } from "zod";

import { jsonResponse } from "@/lib/api/error-response";
import { withoutSession } from "@/lib/api/public-route";
import { linkFlows } from "@/lib/auth/link-flows";

// POST /api/invitations/accept {token, name, password}: the invited person's account, with their password.
export const POST = withoutSession(
  async ({ request, body }) => {
    const flows = await linkFlows(new URL(request.url).origin);
    return jsonResponse(await flows.acceptInvitationLink(body));
  },
  // Checked in full by the flow (its messages name the rule); here only the shape.
  {
    body: z.object({ token: z.string(), name: z.string(), password: z.string() }),
    bodyShape: "{token, name, password}",
  },
);
