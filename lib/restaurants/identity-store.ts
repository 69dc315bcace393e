import "server-only";

import type { Queryable } from "@/lib/db/database";

import type { IdentityProblem, IdentityRecord, IdentityStore } from "./identity-directory";

interface Row {
  restaurant_guid: string;
  facts: string | null;
  read_ms: number | null;
  checked_ms: number;
  problem: string | null;
}

/**
 * The last good restaurant identities in the database (table restaurant_identities, migration 11),
 * shared by every instance on one PostgreSQL and kept across restarts on PGlite. `parse` checks the
 * stored facts' shape, so a row written by an older release is read again from the Platform
 * instead of being trusted.
 */
export function databaseIdentityStore<F>(
  db: () => Promise<Queryable>,
  parse: (json: unknown) => F | null,
): IdentityStore<F> {
  return {
    async load(guids) {
      const rows = await (
        await db()
      ).query<Row>(
        `SELECT restaurant_guid, facts, problem,
                (extract(epoch FROM read_at) * 1000)::float8 AS read_ms,
                (extract(epoch FROM checked_at) * 1000)::float8 AS checked_ms
           FROM restaurant_identities WHERE restaurant_guid = ANY($1::text[])`,
        [guids],
      );
      const out = new Map<string, IdentityRecord<F>>();
      for (const row of rows) {
        const facts = row.facts === null ? null : parse(safeJson(row.facts));
        const problem = row.problem === null ? null : (safeJson(row.problem) as IdentityProblem | null);
        // Unreadable facts with no failure recorded: nothing usable was kept; read it again.
        if (facts === null && problem === null) continue;
        out.set(row.restaurant_guid, {
          guid: row.restaurant_guid,
          facts,
          readAt: facts === null ? null : Number(row.read_ms),
          checkedAt: Number(row.checked_ms),
          problem,
        });
      }
      return out;
    },
    async save(record) {
      // A failed read that knows no facts keeps whatever facts another instance stored; an older
      // attempt finishing late never overwrites a newer one.
      await (
        await db()
      ).query(
        `INSERT INTO restaurant_identities (restaurant_guid, facts, read_at, checked_at, problem)
              VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (restaurant_guid) DO UPDATE SET
              facts = COALESCE(EXCLUDED.facts, restaurant_identities.facts),
              read_at = CASE WHEN EXCLUDED.facts IS NULL THEN restaurant_identities.read_at ELSE EXCLUDED.read_at END,
              checked_at = EXCLUDED.checked_at,
              problem = EXCLUDED.problem
            WHERE restaurant_identities.checked_at <= EXCLUDED.checked_at`,
        [
          record.guid,
          record.facts === null ? null : JSON.stringify(record.facts),
          record.readAt === null ? null : new Date(record.readAt),
          new Date(record.checkedAt),
          record.problem === null ? null : JSON.stringify(record.problem),
        ],
      );
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
