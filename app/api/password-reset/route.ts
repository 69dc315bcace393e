import { after } from "next/server";
import { z } from "zod";

import { jsonResponse } from "@/lib/api/error-response";
import { logSafe } from "@/lib/api/log-safe";
import { withoutSession } from "@/lib/api/public-route";
import { linkFlows } from "@/lib/auth/link-flows";

/** The one answer, whether or not the address belongs to anyone. */
const ANSWER = "If the address is known, a link to reset its password was sent to it.";

// POST /api/password-reset {email}: mails a reset link to a known address; answers every address alike.
export const POST = withoutSession(
  async ({ request, body }) => {
    const flows = await linkFlows(new URL(request.url).origin);
    // After the answer, so its timing does not tell a known address (a mail to send) from an unknown one.
    after(() =>
      flows.requestPasswordReset(body.email).catch((error: unknown) => {
        console.error(`[password-reset] request not handled: ${logSafe(error)}`);
      }),
    );
    return jsonResponse({ message: ANSWER }, { status: 202 });
  },
  { body: z.object({ email: z.string().max(320) }), bodyShape: "{email}" },
);
