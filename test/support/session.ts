import { setServerSessionReaderForTests } from "@/lib/auth/session";

/**
 * The session the app's server code reads for the next requests, as next-auth would report it:
 * `email` signed in for the next hour, or nobody (null). Reset with signIn(null) or
 * setServerSessionReaderForTests(null) in afterAll.
 */
export function signIn(email: string | null): void {
  setServerSessionReaderForTests(async () =>
    email ? { user: { email, name: null }, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  );
}
