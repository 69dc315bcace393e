import "server-only";

import { accountDirectory } from "@/lib/auth/accounts";
import type { AppSession } from "@/lib/auth/session";

/**
 * Who may read the mail outbox (/admin/outbox, GET /api/admin/outbox): it holds live invitation and
 * reset links, so only an administrator. Until the people store's roles exist, the administrator is
 * the account that sees every restaurant of the deployment (the accounts file's "*", the demo's
 * admin@). The one place to switch to the owner and admin roles when they land.
 */
export function mayReadOutbox(session: AppSession): boolean {
  const directory = accountDirectory();
  const account = directory.find(session.email);
  if (!account) return false;
  return directory.restaurantGuids.every((guid) => account.restaurantGuids.includes(guid));
}
