// GET /api/account/sessions: the signed-in person's live sessions, this one marked.
// DELETE /api/account/sessions: "sign out everywhere", this session included.
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { sessionStore } from "@/lib/auth/auth-options";
import { currentSessionKey } from "@/lib/auth/session";
import type { AccountSessionsResponse } from "@/lib/auth/sessions-contract";

export const GET = withSession(async ({ session }) => {
  const [live, current] = await Promise.all([
    (await sessionStore()).listLive(session.email),
    currentSessionKey(),
  ]);
  const body: AccountSessionsResponse = {
    sessions: live.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      current: s.key === current,
    })),
  };
  return jsonResponse(body);
});

export const DELETE = withSession(async ({ session }) => {
  const ended = await (await sessionStore()).revokeAll(session.email);
  return jsonResponse({ ended });
});
