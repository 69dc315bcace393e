import "server-only";

import { createHash, randomBytes } from "node:crypto";

import type { Queryable } from "@/lib/db/database";
import { BrandedError } from "@/lib/errors/branded-error";

import { normalizeEmail } from "./accounts-file";

/** What a link is for; each has its own lifetime and is redeemed only for that purpose. */
export type LinkPurpose = "invitation" | "password_reset";

/** Why a link does not work, told to the person who followed it (each has its own advice). */
export type LinkFailure = "unknown" | "used" | "expired";

/**
 * A link that cannot be redeemed, and which of the three reasons. Branded: the page or route that
 * answers it may be another bundle than the one that built the store.
 */
export class OneTimeLinkError extends BrandedError {
  static override readonly errorKind = "OneTimeLinkError";
  constructor(readonly reason: LinkFailure) {
    super(
      reason === "unknown"
        ? "This link is not known: it may be mistyped or cut short."
        : reason === "used"
          ? "This link has already been used."
          : "This link has expired.",
    );
  }
}

/** A live link's facts: whom it is for and what its issuer attached (an invitation's role and scope). */
export interface LinkGrant {
  purpose: LinkPurpose;
  email: string;
  payload: Record<string, unknown>;
  expiresAt: Date;
}

export interface OneTimeLinksOptions {
  /** Lifetime per purpose (INVITATION_TTL_H, PASSWORD_RESET_TTL_MIN). */
  ttlMs: Record<LinkPurpose, number>;
  now?: () => number;
}

interface LinkRow {
  purpose: LinkPurpose;
  email: string;
  payload: string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

// 32 random bytes, base64url: 43 characters. Anything else is not one of ours and costs no query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
// Long-dead links are deleted when a new one is issued: no sweep to schedule, and a table that
// still says "expired" (rather than "unknown") for a month after a link's end.
const KEEP_DEAD_MS = 30 * 24 * 3_600_000;

// Only the hash is stored: a copy of the table (a backup, a replica, the outbox aside) cannot be
// turned into a working link.
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Single-use, expiring links (migration 18). Redeeming marks the link used in one conditional
 * UPDATE inside a transaction, so of two redeems at once exactly one wins (PostgreSQL re-reads the
 * row after the first commits; PGlite runs one transaction at a time); what the caller does with
 * the grant runs in that same transaction, so a failure there leaves the link unused.
 */
export function createOneTimeLinks(db: Queryable, options: OneTimeLinksOptions) {
  const now = options.now ?? Date.now;

  async function failure(tx: Queryable, hash: string, purpose: LinkPurpose): Promise<OneTimeLinkError> {
    const [row] = await tx.query<LinkRow>(
      "SELECT expires_at, used_at FROM one_time_links WHERE token_hash = $1 AND purpose = $2",
      [hash, purpose],
    );
    if (!row) return new OneTimeLinkError("unknown");
    return new OneTimeLinkError(row.used_at !== null ? "used" : "expired");
  }

  return {
    /**
     * A new link for `email`; returns the token, which only the e-mail carries. Earlier unused
     * links of the same purpose for the same address expire now (a resent invitation, a second
     * reset request): only the newest mail's link is good.
     */
    async issue(input: {
      purpose: LinkPurpose;
      email: string;
      payload?: Record<string, unknown>;
    }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const createdAt = new Date(now());
      const expiresAt = new Date(createdAt.getTime() + options.ttlMs[input.purpose]);
      const email = normalizeEmail(input.email);
      await db.transaction(async (tx) => {
        await tx.query("DELETE FROM one_time_links WHERE expires_at < $1", [
          new Date(createdAt.getTime() - KEEP_DEAD_MS),
        ]);
        // Ended, not deleted: the row still counts for issuedSince, and its follower hears "expired".
        await tx.query(
          `UPDATE one_time_links SET expires_at = $3
           WHERE email = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
          [email, input.purpose, createdAt],
        );
        await tx.query(
          `INSERT INTO one_time_links (token_hash, purpose, email, payload, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [hashToken(token), input.purpose, email, JSON.stringify(input.payload ?? {}), createdAt, expiresAt],
        );
      });
      return { token, expiresAt };
    },

    /** The link's grant without using it (the landing page); throws OneTimeLinkError. */
    async peek(token: string, purpose: LinkPurpose): Promise<LinkGrant> {
      if (!TOKEN_SHAPE.test(token)) throw new OneTimeLinkError("unknown");
      const hash = hashToken(token);
      const [row] = await db.query<LinkRow>(
        `SELECT purpose, email, payload, expires_at, used_at FROM one_time_links
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
        [hash, purpose, new Date(now())],
      );
      if (!row) throw await failure(db, hash, purpose);
      return toGrant(row);
    },

    /**
     * Uses the link: `use` runs in the transaction that marks it used and its result is returned;
     * if `use` throws, nothing is kept and the link still works. Throws OneTimeLinkError (unknown,
     * used or expired) without calling `use`.
     */
    async redeem<T>(
      token: string,
      purpose: LinkPurpose,
      use: (grant: LinkGrant, tx: Queryable) => Promise<T>,
    ): Promise<T> {
      if (!TOKEN_SHAPE.test(token)) throw new OneTimeLinkError("unknown");
      const hash = hashToken(token);
      return db.transaction(async (tx) => {
        const at = new Date(now());
        const [row] = await tx.query<LinkRow>(
          `UPDATE one_time_links SET used_at = $3
           WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
           RETURNING purpose, email, payload, expires_at, used_at`,
          [hash, purpose, at],
        );
        if (!row) throw await failure(tx, hash, purpose);
        return use(toGrant(row), tx);
      });
    },

    /** Links of a purpose issued to `email` since `sinceMs` (the reset request's throttle). */
    async issuedSince(email: string, purpose: LinkPurpose, sinceMs: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM one_time_links WHERE email = $1 AND purpose = $2 AND created_at > $3",
        [normalizeEmail(email), purpose, new Date(sinceMs)],
      );
      return Number(row?.n ?? 0);
    },
  };
}

export type OneTimeLinks = ReturnType<typeof createOneTimeLinks>;

function toGrant(row: LinkRow): LinkGrant {
  return {
    purpose: row.purpose,
    email: row.email,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    expiresAt: new Date(row.expires_at),
  };
}
