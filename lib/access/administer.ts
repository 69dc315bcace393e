import type { AppSession } from "@/lib/auth/session";

/** The demo deployment's owner (lib/auth/demo-accounts.json). */
const OWNER_EMAIL = "admin@kitchen.test";

/**
 * Whether the signed-in person may use the admin pages and routes (/admin, /api/admin). The one
 * place this is decided: for now the demo owner only, until people and roles are stored (issue
 * 33), when it becomes "owner or admin". Read on every request, never kept in the session.
 */
export function mayAdminister(session: AppSession): boolean {
  return session.email.toLowerCase() === OWNER_EMAIL;
}
