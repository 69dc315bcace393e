import "server-only";

import bcrypt from "bcryptjs";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { OAuthConfig } from "next-auth/providers/oauth";

import { getDatabase } from "@/lib/db/server";
import { DatabaseThrottleStore } from "@/lib/db/sign-in-throttle-store";
import { env } from "@/lib/env";
import { findCredentials } from "@/lib/people/people-store";
import { processSingleton, processSingletonPromise } from "@/lib/process-singleton";
import { clientAddress } from "@/lib/security/client-address";
import { MemoryThrottleStore, SignInThrottle } from "@/lib/security/sign-in-throttle";

import { normalizeEmail } from "./accounts-file";
import { configureAuthOrigin } from "./auth-origin";
import { authSecret } from "./auth-secret";
import { getPeopleDatabase } from "./first-run";
import { postSignInPath } from "./post-sign-in";
import { isSessionEnded, sessionLifecycle } from "./session-lifecycle";
import { createSessionStore } from "./session-store";

/** A session's absolute lifetime from sign-in (AUTH_SESSION_MAX_AGE_H, a working day by default). */
const sessionMaxAgeS = () => env().AUTH_SESSION_MAX_AGE_H * 60 * 60;

// One store per process over the process's database; shared by every bundle like the throttle.
export const sessionStore = () =>
  processSingletonPromise("session-store", async () =>
    createSessionStore(await getDatabase(), { maxAgeMs: sessionMaxAgeS() * 1000 }),
  );

/** Error codes the sign-in page turns into sentences. */
export const SIGN_IN_ERRORS = {
  invalid: "CredentialsSignin",
  throttled: "TooManyAttempts",
  refused: "AccessDenied",
} as const;

// Shared by every bundle of the process (see processSingleton), or each route would count apart.
// With DATABASE_URL the counters live in PostgreSQL, so every instance enforces the same limits.
// Without it one process serves the site and memory is enough: PGlite answers one query at a time,
// so a spray counted there would queue the kitchen store's queries behind it (and a cold first
// sign-in would wait for the store to open); a restart forgetting the counters is acceptable.
function signInThrottle(): SignInThrottle {
  return processSingleton("sign-in-throttle", () => {
    const e = env();
    return new SignInThrottle({
      // Imported on demand: the sign-in route need not load the store's drivers without DATABASE_URL.
      store: e.DATABASE_URL
        ? new DatabaseThrottleStore(async () => (await import("@/lib/db/server")).getDatabase())
        : new MemoryThrottleStore(),
      limits: {
        maxAttemptsPerAddressPerMin: e.AUTH_MAX_ATTEMPTS_PER_IP_PER_MIN,
        maxBcryptPerSecond: e.AUTH_MAX_BCRYPT_PER_S,
      },
    });
  });
}
// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const DUMMY_HASH = "$2b$10$fchSRfwgWfVy0y43HDCDt.sqTB2JQYtvE6AIa8wC.dkq40KD8DV3i";

export class SignInThrottledError extends Error {
  constructor() {
    super(SIGN_IN_ERRORS.throttled);
  }
}

/**
 * Checks an e-mail and password against the people table (an active person's bcrypt hash); null when they do not match. Throws
 * SignInThrottledError, without comparing, when a limit of the throttle refuses the attempt.
 */
export async function verifyPassword(
  rawEmail: string,
  password: string,
  address: string | null = null,
  throttle: SignInThrottle = signInThrottle(),
): Promise<{ id: string; email: string; name: string | null } | null> {
  const email = normalizeEmail(rawEmail);
  if (!email || !password) return null;
  const admission = await throttle.admit(email, address);
  if (!admission.admitted) throw new SignInThrottledError();
  const found = await findCredentials(await getPeopleDatabase(), email);
  // A deactivated person is compared like an unknown one: the answer and its time say nothing.
  const person = found?.active ? found : null;
  const matches = await bcrypt.compare(password, person?.passwordHash ?? DUMMY_HASH);
  // The attempt already counts as a failure (see SignInThrottle.admit); only a success is reported.
  if (!person?.passwordHash || !matches) return null;
  await throttle.succeeded(admission.ticket);
  return { id: person.email, email: person.email, name: person.name ?? null };
}

/** The client of a sign-in request, from the plain header object next-auth hands to authorize. */
function requestAddress(headers: Record<string, unknown> | undefined): string | null {
  const h = new Headers();
  for (const [name, value] of Object.entries(headers ?? {}))
    if (typeof value === "string") h.set(name, value);
  return clientAddress(h, { trustProxy: env().TRUST_PROXY });
}

interface OidcProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

function oidcProvider(): OAuthConfig<OidcProfile> | undefined {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return undefined;
  const issuer = e.OIDC_ISSUER.replace(/\/+$/, "");
  return {
    id: "oidc",
    name: e.OIDC_NAME,
    type: "oauth",
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    issuer,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state"],
    profile: (profile) => ({
      id: profile.sub,
      email: profile.email ?? null,
      name: profile.name ?? profile.preferred_username ?? null,
    }),
  };
}

/** Where single sign-on sends an e-mail that is nobody's active account: a plain page, not an error. */
const NOT_INVITED_PATH = "/sign-in/not-invited";

/**
 * Whether an OpenID Connect sign-in maps to an active person: by e-mail, which the provider must
 * have verified (`email_verified` true: an address anyone could type into their provider's profile
 * proves nothing). An invited person who has not accepted is not active yet.
 */
async function oidcPersonActive(rawEmail: string | null | undefined, profile: unknown): Promise<boolean> {
  const email = rawEmail ? normalizeEmail(rawEmail) : "";
  if (!email || (profile as OidcProfile | undefined)?.email_verified !== true) return false;
  return (await findCredentials(await getPeopleDatabase(), email))?.active === true;
}

/** Whether single sign-on is configured, and its button label. */
export function oidcSignIn(): { name: string } | undefined {
  const provider = oidcProvider();
  return provider ? { name: provider.name } : undefined;
}

let options: NextAuthOptions | undefined;

/**
 * next-auth options: credentials from the people table, plus OpenID Connect when OIDC_* is set
 * (mapped to a person by e-mail; an e-mail of nobody active is refused). JWT sessions in an httpOnly, SameSite=Lax cookie, Secure on https, each backed
 * by a stored session checked on every read (lib/auth/session-lifecycle.ts). The token carries the
 * e-mail, display name and session id only: restaurant access is looked up on every request, and
 * nothing of the Platform ever enters it.
 */
export function authOptions(): NextAuthOptions {
  if (options) return options;
  configureAuthOrigin();
  const oidc = oidcProvider();
  const lifecycle = sessionLifecycle(sessionStore);
  options = {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: sessionMaxAgeS() },
    jwt: { maxAge: sessionMaxAgeS(), encode: lifecycle.encode },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "E-mail and password",
        credentials: {
          email: { label: "E-mail", type: "email" },
          password: { label: "Password", type: "password" },
        },
        authorize: async (credentials, req) =>
          verifyPassword(credentials?.email ?? "", credentials?.password ?? "", requestAddress(req.headers)),
      }),
      ...(oidc ? [oidc] : []),
    ],
    callbacks: {
      // Every post-sign-in (and sign-out) destination next-auth computes goes through the same
      // decision as the sign-in page; its default throws on values like "http://[::1" (a 500).
      redirect: async ({ url, baseUrl }) => `${baseUrl}${postSignInPath(url, baseUrl)}`,
      signIn: async ({ user, account, profile }) =>
        account?.provider === "credentials" ||
        (await oidcPersonActive(user.email, profile)) ||
        NOT_INVITED_PATH,
      jwt: lifecycle.jwt,
      session: lifecycle.session,
    },
    events: { signOut: lifecycle.signOut },
    logger: {
      // next-auth logs whole error objects (with request metadata) by default; keep the code only.
      // A signed-out or expired cookie ends in an error inside next-auth; it is the expected answer.
      error: (code, metadata) => {
        if (!isSessionEnded(metadata)) console.error(`[auth] ${code}`);
      },
      warn: (code) => console.warn(`[auth] ${code}`),
      debug: () => {},
    },
  };
  return options;
}
