import NextAuth, { type AuthOptions } from "next-auth";
import { decode, encode } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { describe, expect, it } from "vitest";

import { sessionLifecycle } from "@/lib/auth/session-lifecycle";
import { createSessionStore, type SessionStore } from "@/lib/auth/session-store";
import type { Database } from "@/lib/db/database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";

import { openTestDatabase, STORE_KINDS } from "./kitchen-harness";

const HOUR = 3_600_000;
const MAX_AGE_MS = 12 * HOUR;
const SECRET = "integration-only-auth-secret-0123456789";
const SIGN_IN = Date.parse("2026-01-05T08:00:00Z");
const EMAIL = "ana@kitchen.test";
const SESSION_COOKIE = "next-auth.session-token";

/**
 * One app instance as next-auth sees it: the lifecycle the app wires in lib/auth/auth-options.ts
 * (same callbacks, event and encoder) over its own session store, driven through next-auth's own
 * request handler, on a clock the test moves.
 */
function instance(db: Database, clock: { now: number }) {
  const store: SessionStore = createSessionStore(db, { maxAgeMs: MAX_AGE_MS, now: () => clock.now });
  const life = sessionLifecycle(
    async () => store,
    () => clock.now,
  );
  const options: AuthOptions = {
    secret: SECRET,
    session: { strategy: "jwt", maxAge: MAX_AGE_MS / 1000 },
    jwt: { maxAge: MAX_AGE_MS / 1000, encode: life.encode },
    providers: [
      CredentialsProvider({
        credentials: { email: {}, password: {} },
        authorize: async (c) =>
          c?.password === "right" ? { id: c.email, email: c.email, name: "Ana" } : null,
      }),
    ],
    callbacks: { jwt: life.jwt, session: life.session },
    events: { signOut: life.signOut },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
  const headers = { host: "localhost:3000", "content-type": "application/x-www-form-urlencoded" };

  /** One request through next-auth's own handler (its Node form: a plain request and response). */
  async function handle(
    route: string[],
    method: "GET" | "POST",
    cookies: Record<string, string>,
    body?: Record<string, string>,
  ) {
    const answer = { status: 200, headers: new Map<string, unknown>(), body: {} as Record<string, unknown> };
    const res = {
      status: (s: number) => ((answer.status = s), res),
      getHeader: (k: string) => answer.headers.get(k.toLowerCase()),
      setHeader: (k: string, v: unknown) => answer.headers.set(k.toLowerCase(), v),
      end: () => {},
      send: (b: unknown) => void (answer.body = (b ?? {}) as Record<string, unknown>),
      json: (b: unknown) => void (answer.body = b as Record<string, unknown>),
    };
    const req = { query: { nextauth: route }, method, headers, cookies, body };
    await (NextAuth as unknown as (req: unknown, res: unknown, o: AuthOptions) => Promise<void>)(
      req,
      res,
      options,
    );
    const setCookies = (answer.headers.get("set-cookie") ?? []) as string[];
    const cookie = (name: string) => {
      const line = setCookies.find((c) => c.startsWith(`${name}=`));
      return line === undefined ? undefined : decodeURIComponent(line.slice(name.length + 1).split(";")[0]!);
    };
    return { body: answer.body, cookie };
  }

  async function csrf(): Promise<{ token: string; cookie: string }> {
    const answer = await handle(["csrf"], "GET", {});
    return { token: String(answer.body.csrfToken), cookie: answer.cookie("next-auth.csrf-token")! };
  }

  return {
    store,
    /** Signs in through the credentials callback; returns the session cookie's value. */
    async signIn(): Promise<string> {
      const { token, cookie } = await csrf();
      const answer = await handle(
        ["callback", "credentials"],
        "POST",
        { "next-auth.csrf-token": cookie },
        { csrfToken: token, email: EMAIL, password: "right" },
      );
      const session = answer.cookie(SESSION_COOKIE);
      if (!session) throw new Error("sign-in set no session cookie");
      return session;
    },
    /** GET /api/auth/session: the answer's body and the renewed (or cleared) cookie. */
    async session(cookie: string): Promise<{ body: Record<string, unknown>; cookie: string | undefined }> {
      const answer = await handle(["session"], "GET", { [SESSION_COOKIE]: cookie });
      return { body: answer.body, cookie: answer.cookie(SESSION_COOKIE) };
    },
    async signOut(cookie: string): Promise<void> {
      const { token, cookie: csrfCookie } = await csrf();
      const answer = await handle(
        ["signout"],
        "POST",
        { [SESSION_COOKIE]: cookie, "next-auth.csrf-token": csrfCookie },
        { csrfToken: token },
      );
      expect(answer.cookie(SESSION_COOKIE)).toBe("");
    },
  };
}

describe.each(STORE_KINDS)("sign-in sessions on %s", (kind) => {
  it("renewal never carries a session past sign-in plus the maximum age", async () => {
    const t = await openTestDatabase(kind);
    try {
      const clock = { now: SIGN_IN };
      const app = instance(t.db, clock);
      let cookie = await app.signIn();
      const end = new Date(SIGN_IN + MAX_AGE_MS).toISOString();

      // Renewed every few hours, as an open tab does: the reported end never moves.
      for (const at of [1, 6, 11.9]) {
        clock.now = SIGN_IN + at * HOUR;
        const read = await app.session(cookie);
        expect(read.body).toMatchObject({ user: { email: EMAIL }, expires: end });
        expect(read.cookie).toBeTruthy();
        cookie = read.cookie!;
      }
      // The renewed cookie's own expiry is cut to what is left (0.1 h), not next-auth's fresh 12 h.
      const claims = await decode({ token: cookie, secret: SECRET });
      expect(Number(claims!.exp) - Number(claims!.iat)).toBeLessThanOrEqual(0.1 * 3600 + 1);

      clock.now = SIGN_IN + MAX_AGE_MS;
      const expired = await app.session(cookie);
      expect(expired.body).toEqual({});
      expect(expired.cookie).toBe(""); // next-auth clears it
      // The expired row is pruned by the next sign-in, so the table holds one lifetime of sessions.
      await app.signIn();
      const rows = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM auth_sessions");
      expect(rows[0]!.n).toBe(1);
    } finally {
      await t.drop();
    }
  });

  it("a sign-out through one instance ends the session in another at once", async () => {
    const t = await openTestDatabase(kind);
    // A second instance has its own connection pool on the same PostgreSQL; PGlite has one owner.
    const otherDb = t.url ? openPostgresDatabase(t.url) : t.db;
    try {
      const clock = { now: SIGN_IN };
      const first = instance(t.db, clock);
      const second = instance(otherDb, clock);
      const cookie = await first.signIn();
      const kept = await first.signIn(); // the same person in another browser

      clock.now += HOUR;
      expect((await second.session(cookie)).body).toMatchObject({ user: { email: EMAIL } });
      await first.signOut(cookie);
      expect((await second.session(cookie)).body).toEqual({});
      expect((await first.session(cookie)).body).toEqual({});
      // Only that sign-in ended.
      expect((await second.session(kept)).body).toMatchObject({ user: { email: EMAIL } });
    } finally {
      if (otherDb !== t.db) await otherDb.close();
      await t.drop();
    }
  });

  it("a cookie issued before sessions were stored counts as signed out", async () => {
    const t = await openTestDatabase(kind);
    try {
      const app = instance(t.db, { now: SIGN_IN });
      const legacy = await encode({
        token: { sub: EMAIL, email: EMAIL, name: "Ana" },
        secret: SECRET,
        maxAge: MAX_AGE_MS / 1000,
      });
      expect((await app.session(legacy)).body).toEqual({});
      // The same secret and a stored session read fine, so the refusal is about the missing id.
      expect((await app.session(await app.signIn())).body).toMatchObject({ user: { email: EMAIL } });
    } finally {
      await t.drop();
    }
  });
});
