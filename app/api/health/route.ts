import { getAppSession } from "@/lib/auth/session";
import { healthReport, viewerOf } from "@/lib/health/health";

/**
 * GET /api/health: liveness for load balancers and the e2e web server (`status: "ok"`, always 200),
 * and the state of the Platform budgets (lib/health/health.ts). No session needed; a probe without
 * a session cookie never reads the session (no database, no decryption), so it stays fast.
 */
export async function GET(request: Request): Promise<Response> {
  const session = hasSessionCookie(request) ? await getAppSession().catch(() => null) : null;
  return Response.json(await healthReport(await viewerOf(session)), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** next-auth's session cookie (`next-auth.session-token`, `__Secure-` prefixed on https, chunked `.0`, `.1`). */
function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/.test(
    request.headers.get("cookie") ?? "",
  );
}
