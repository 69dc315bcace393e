import "server-only";

import { getServerSession, type Session } from "next-auth";

import { findActivePerson } from "@/lib/people/people-store";

import { authOptions } from "./auth-options";
import { getPeopleDatabase } from "./first-run";

/** What the app knows about who is signed in: the account's e-mail and display name, nothing else. */
export interface AppSession {
  email: string;
  name: string | null;
}

/**
 * The signed-in account of the current request (page, layout or route handler), or null. Reading
 * the session checks its stored row (signed out or past its absolute end: null). A session whose
 * person is deactivated (or gone) also counts as signed out, at once rather than when the session
 * ends: the person is looked up in the database on every request.
 */
export async function getAppSession(): Promise<AppSession | null> {
  const session = await readServerSession();
  const email = session?.user?.email;
  if (!email) return null;
  const person = await findActivePerson(await getPeopleDatabase(), email);
  if (!person) return null;
  return { email: person.email, name: person.name ?? session.user?.name ?? null };
}

/** The stored session's key of the current request (session-store.ts sessionKey), or null. */
export async function currentSessionKey(): Promise<string | null> {
  const session = (await readServerSession()) as (Session & { sessionKey?: unknown }) | null;
  return typeof session?.sessionKey === "string" ? session.sessionKey : null;
}

type ServerSessionReader = () => Promise<Session | null>;

const fromCookie: ServerSessionReader = () => getServerSession(authOptions());
let readServerSession: ServerSessionReader = fromCookie;

/**
 * Tests only: who next-auth says is signed in, in place of decoding the session cookie. next-auth
 * reads the cookie through next/headers, which works only inside Next's own request scope, so a
 * route handler called from a test could never see one. Everything after that (the people table,
 * deactivation, the access rule) still runs for real. `null` restores the cookie.
 */
export function setServerSessionReaderForTests(reader: ServerSessionReader | null): void {
  readServerSession = reader ?? fromCookie;
}
