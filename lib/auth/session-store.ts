import "server-only";

import { createHash, randomBytes } from "node:crypto";

import type { Queryable } from "@/lib/db/database";

/** A live sign-in session, as the store knows it. */
export interface StoredSession {
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface SessionStore {
  /** Records a sign-in and returns its new random id, which only the session cookie carries. */
  start(email: string): Promise<StoredSession & { sid: string }>;
  /** The session while it is neither revoked nor past its absolute expiry; otherwise null. */
  find(sid: string): Promise<StoredSession | null>;
  /** Ends the session for every instance sharing the database. Unknown ids are ignored. */
  revoke(sid: string): Promise<void>;
  /** The live sessions of an e-mail, newest first, each named by its key (sessionKey). */
  listLive(email: string): Promise<(StoredSession & { key: string })[]>;
  /** Ends every live session of an e-mail ("sign out everywhere"); the count ended. */
  revokeAll(email: string): Promise<number>;
}

export interface SessionStoreOptions {
  /** The absolute lifetime from sign-in (AUTH_SESSION_MAX_AGE_H). */
  maxAgeMs: number;
  now?: () => number;
}

interface SessionRow {
  email: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

// The row is keyed by a hash of the id: reading the table (a backup, a replica) gives no id that
// could be matched to a cookie, and the id itself never leaves the encrypted cookie.
const hashId = (sid: string) => createHash("sha256").update(sid).digest("base64url");

/**
 * A session's name outside its cookie: the hash the table is keyed by. It identifies a row (the
 * account page marks "this session") but cannot be turned back into the id a cookie needs.
 */
export const sessionKey = hashId;

/**
 * Ends every live session of `email` inside the caller's transaction (deactivating a person ends
 * their sessions with the change itself); the count ended.
 */
export async function revokeSessionsOf(tx: Queryable, email: string, at: Date): Promise<number> {
  const rows = await tx.query(
    "UPDATE auth_sessions SET revoked_at = $2 WHERE email = $1 AND revoked_at IS NULL RETURNING session_hash",
    [email, at],
  );
  return rows.length;
}

/**
 * Sign-in sessions in the database (migration 5), so sign-out and expiry hold across every instance
 * sharing it. The clock is the caller's: times are written from `now`, never the database's `now()`,
 * so a test can move one clock through a session's whole life.
 */
export function createSessionStore(db: Queryable, options: SessionStoreOptions): SessionStore {
  const now = options.now ?? Date.now;
  return {
    async start(email) {
      const sid = randomBytes(32).toString("base64url");
      const createdAt = new Date(now());
      const expiresAt = new Date(createdAt.getTime() + options.maxAgeMs);
      // Pruning here keeps the table to the sessions of one lifetime, with no sweep to schedule.
      await db.query("DELETE FROM auth_sessions WHERE expires_at <= $1", [createdAt]);
      await db.query(
        "INSERT INTO auth_sessions (session_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        [hashId(sid), email, createdAt, expiresAt],
      );
      return { sid, email, createdAt, expiresAt };
    },
    async find(sid) {
      const [row] = await db.query<SessionRow>(
        "SELECT email, created_at, expires_at, revoked_at FROM auth_sessions WHERE session_hash = $1",
        [hashId(sid)],
      );
      if (!row || row.revoked_at !== null) return null;
      const expiresAt = new Date(row.expires_at);
      if (expiresAt.getTime() <= now()) return null;
      return { email: row.email, createdAt: new Date(row.created_at), expiresAt };
    },
    async revoke(sid) {
      await db.query(
        "UPDATE auth_sessions SET revoked_at = $2 WHERE session_hash = $1 AND revoked_at IS NULL",
        [hashId(sid), new Date(now())],
      );
    },
    async listLive(email) {
      const rows = await db.query<SessionRow & { session_hash: string }>(
        `SELECT session_hash, email, created_at, expires_at, revoked_at FROM auth_sessions
         WHERE email = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC`,
        [email, new Date(now())],
      );
      return rows.map((r) => ({
        key: r.session_hash,
        email: r.email,
        createdAt: new Date(r.created_at),
        expiresAt: new Date(r.expires_at),
      }));
    },
    revokeAll: (email) => revokeSessionsOf(db, email, new Date(now())),
  };
}
