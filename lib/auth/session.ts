import "server-only";
import { getServerSession } from "next-auth";
import { accountDirectory } from "./accounts";
import { authOptions } from "./auth-options";

/** What the app knows about who is signed in: the account's e-mail and display name, nothing else. */
export interface AppSession {
  email: string;
  name: string | null;
}

/**
 * The signed-in account of the current request (page, layout or route handler), or null. A
 * session whose e-mail is no longer in the accounts file counts as signed out, so removing an
 * account revokes it at once rather than when the 12-hour cookie expires.
 */
export async function getAppSession(): Promise<AppSession | null> {
  const session = await getServerSession(authOptions());
  const email = session?.user?.email;
  if (!email) return null;
  const account = accountDirectory().find(email);
  if (!account) return null;
  return { email: account.email, name: account.name ?? session.user?.name ?? null };
}
