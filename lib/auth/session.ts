import "server-only";

import { getServerSession, type Session } from "next-auth";

import { accountDirectory } from "./accounts";
import { authOptions } from "./auth-options";

/** What the app knows about who is signed in: the account's e-mail and display name, nothing else. */
export interface AppSession {
  email: string;
  name: string | null;
}

/**
 * The signed-in account of the current request (page, layout or route handler), or null. Reading
 * the session checks its stored row (signed out or past its absolute end: null). A session whose
 * e-mail is no longer in the accounts file also counts as signed out, so removing an account
 * revokes it at once rather than when the session ends.
 */
export async function getAppSession(): Promise<AppSession | null> {
  const session = await readServerSession();
  const email = session?.user?.email;
  if (!email) return null;
  const account = accountDirectory().find(email);
  if (!account) return null;
  return { email: account.email, name: account.name ?? session.user?.name ?? null };
}

type ServerSessionReader = () => Promise<Session | null>;

const fromCookie: ServerSessionReader = () => getServerSession(authOptions());
let readServerSession: ServerSessionReader = fromCookie;

/**
 * Tests only: who next-auth says is signed in, in place of decoding the session cookie. next-auth
 * reads the cookie through next/headers, which works only inside Next's own request scope, so a
 * route handler called from a test could never see one. Everything after that (the accounts file,
 * revocation, the access rule) still runs for real. `null` restores the cookie.
 */
export function setServerSessionReaderForTests(reader: ServerSessionReader | null): void {
  readServerSession = reader ?? fromCookie;
}
