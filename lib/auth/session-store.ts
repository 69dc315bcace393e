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
  };
}
