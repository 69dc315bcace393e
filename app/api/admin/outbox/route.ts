import { mayAdminister } from "@/lib/access/roles";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { readOutbox } from "@/lib/mail/mailer";

// GET /api/admin/outbox: every recorded message, newest first, with its delivery state.
export const GET = withSession(async ({ session }) => {
  if (!(await mayAdminister(session)))
    throw new ApiError(403, "forbidden", "Only an administrator may read the outbox");
  const { mode, messages } = await readOutbox();
  return jsonResponse({
    mode,
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      createdAt: m.createdAt.toISOString(),
      status: m.status,
      error: m.error,
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  });
});
