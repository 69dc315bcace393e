import "server-only";

import { deflateRawSync, inflateRawSync } from "node:zlib";

import type { Queryable } from "@/lib/db/database";

/**
 * The answers of closed ranges kept in the database (migration 22), beside the in-memory answer
 * cache (service/answer-cache.ts): a restarted server answers a range it answered before by
 * reading one row, not by reading and merging the range's rollups and days again (issue 31: the
 * first 90-day answer after a restart cost 1.4 s of CPU). A row is used only while its fingerprint
 * (the range's stored day versions, coverage and targets) equals the request's; the key holds the
 * answer format, so rows written by code that computed answers differently are never read.
 */

/** How many rows are kept (the most recently written): about 50 MB at a busy restaurant's 90-day answer size. */
const KEPT_ANSWERS_MAX_ROWS = 1000;

interface KeptAnswer {
  fingerprint: string;
  /** The answer's JSON text. */
  json: string;
}

export class KeptAnswers {
  constructor(
    private readonly db: Queryable,
    private readonly maxRows: number = KEPT_ANSWERS_MAX_ROWS,
  ) {}

  /** The kept answer of `key`, whatever its fingerprint (the caller compares), or undefined. */
  async read(key: string): Promise<KeptAnswer | undefined> {
    const rows = await this.db.query<{ fingerprint: string; answer: string }>(
      "SELECT fingerprint, answer FROM kitchen_kept_answers WHERE answer_key = $1",
      [key],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      fingerprint: row.fingerprint,
      json: inflateRawSync(Buffer.from(row.answer, "base64")).toString("utf8"),
    };
  }

  /** Keeps (or replaces) the answer of `key`, then drops the rows beyond the newest `maxRows`. */
  async write(key: string, restaurantGuid: string, fingerprint: string, json: string): Promise<void> {
    const answer = deflateRawSync(Buffer.from(json, "utf8"), { level: 1 }).toString("base64");
    // EXCLUDED.written_seq is the proposed row's own new number: a replaced answer is the newest.
    await this.db.query(
      `INSERT INTO kitchen_kept_answers (answer_key, restaurant_guid, fingerprint, answer, written_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (answer_key) DO UPDATE SET
         restaurant_guid = EXCLUDED.restaurant_guid, fingerprint = EXCLUDED.fingerprint,
         answer = EXCLUDED.answer, written_seq = EXCLUDED.written_seq, written_at = EXCLUDED.written_at`,
      [key, restaurantGuid, fingerprint, answer],
    );
    await this.db.query(
      `DELETE FROM kitchen_kept_answers WHERE written_seq < (
         SELECT written_seq FROM kitchen_kept_answers ORDER BY written_seq DESC OFFSET $1 LIMIT 1)`,
      [this.maxRows - 1],
    );
  }
}
