import { z } from "zod";

import { jsonResponse } from "@/lib/api/error-response";
import { withoutSession } from "@/lib/api/public-route";
import { linkFlows } from "@/lib/auth/link-flows";

// POST /api/password-reset/confirm {token, password}: uses the reset link and sets the new password.
export const POST = withoutSession(
  async ({ request, body }) => {
    const flows = await linkFlows(new URL(request.url).origin);
    return jsonResponse(await flows.resetPasswordWithLink(body));
  },
  { body: z.object({ token: z.string(), password: z.string() }), bodyShape: "{token, password}" },
);
