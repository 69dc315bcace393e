import "server-only";

import type { CallbacksOptions, EventCallbacks } from "next-auth";
import { encode, type JWT, type JWTEncodeParams } from "next-auth/jwt";

import { normalizeEmail } from "./accounts-file";
import { sessionKey, type SessionStore } from "./session-store";

/**
 * Thrown by the jwt callback when a cookie's session is over (signed out, past its absolute
 * lifetime, or issued before sessions were stored). next-auth then answers no session and clears
 * the cookie; it is an expected outcome, so the auth logger does not report it as an error.
 */
class SessionEndedError extends Error {
  override readonly name = "SessionEndedError";
}

export function isSessionEnded(error: unknown): boolean {
  return error instanceof Error && error.name === "SessionEndedError";
}

/** What the encrypted session cookie holds: who, and which stored session (ids in epoch seconds). */
interface SessionToken {
  sub?: string;
  email: string;
  name: string | null;
  sid: string;
  authAt: number;
  expiresAt: number;
}

export interface SessionLifecycle {
  jwt: CallbacksOptions["jwt"];
  session: CallbacksOptions["session"];
  signOut: NonNullable<EventCallbacks["signOut"]>;
  /** next-auth's own encoder with the token's lifetime cut to what is left of the session. */
  encode: (params: JWTEncodeParams) => Promise<string>;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The session's life through next-auth: sign-in stores a session and puts its id in the cookie;
 * every read (getServerSession for pages and routes, GET /api/auth/session) runs `jwt`, which
 * checks the stored row; sign-out revokes it. next-auth renews the cookie on reads, but the row's
 * expiry was fixed at sign-in, so renewal cannot extend a session. `store` is resolved lazily
 * because the database opens on first use.
 */
export function sessionLifecycle(
  store: () => Promise<SessionStore>,
  now: () => number = Date.now,
): SessionLifecycle {
  return {
    jwt: async ({ token, user }): Promise<JWT> => {
      if (user) {
        const email = user.email ? normalizeEmail(user.email) : "";
        // The signIn callback has refused e-mail-less people already; never store a nameless session.
        if (!email) throw new SessionEndedError("a sign-in without an e-mail");
        const started = await (await store()).start(email);
        const fresh: SessionToken = {
          sub: email,
          email,
          name: user.name ?? null,
          sid: started.sid,
          authAt: seconds(started.createdAt),
          expiresAt: seconds(started.expiresAt),
        };
        return { ...fresh };
      }
      const sid = typeof token.sid === "string" ? token.sid : "";
      // A cookie from before sessions were stored has no id: it cannot be revoked, so it is refused.
      if (!sid) throw new SessionEndedError("a session cookie without a session id");
      const live = await (await store()).find(sid);
      if (!live || live.email !== token.email) throw new SessionEndedError("a signed-out or expired session");
      const kept: SessionToken = {
        sub: token.sub,
        email: live.email,
        name: token.name ?? null,
        sid,
        authAt: seconds(live.createdAt),
        expiresAt: seconds(live.expiresAt),
      };
      return { ...kept };
    },
    session: async ({ session, token }) => ({
      // The absolute end, not next-auth's renewed one: what a client is told matches what holds.
      expires:
        typeof token.expiresAt === "number"
          ? new Date(token.expiresAt * 1000).toISOString()
          : session.expires,
      user: { email: token.email ?? null, name: token.name ?? null },
      // Which stored session this is, for the account page's "this session" (a hash: it names the
      // row, and cannot be made into the id the cookie carries).
      ...(typeof token.sid === "string" && token.sid ? { sessionKey: sessionKey(token.sid) } : {}),
    }),
    signOut: async ({ token }) => {
      // next-auth passes the decoded cookie (null when it no longer decodes: nothing to revoke).
      const sid = (token as JWT | null)?.sid;
      if (typeof sid === "string" && sid) await (await store()).revoke(sid);
    },
    encode: (params) => {
      const expiresAt = params.token?.expiresAt;
      if (typeof expiresAt !== "number") return encode(params);
      const left = Math.max(1, expiresAt - Math.floor(now() / 1000));
      return encode({ ...params, maxAge: Math.min(params.maxAge ?? left, left) });
    },
  };
}
