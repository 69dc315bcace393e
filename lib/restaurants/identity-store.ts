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
 * instead of being trusted. Saves are written together, once per SAVE_BATCH_MS: a cold list of 500
 * locations settles 500 identities within a second or two, and 500 single-row statements on PGlite
 * (which runs on the app's own thread) held its answer past its deadline.
 */
const SAVE_BATCH_MS = 25;
export function databaseIdentityStore<F>(
  db: () => Promise<Queryable>,
  parse: (json: unknown) => F | null,
): IdentityStore<F> {
  let pending = new Map<
    string,
    { record: IdentityRecord<F>; waiters: { resolve: () => void; reject: (error: unknown) => void }[] }
  >();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const store: IdentityStore<F> = {
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
    save(record) {
      return new Promise<void>((resolve, reject) => {
        // One guid once per statement (ON CONFLICT may touch a row once): the newer attempt wins.
        const prior = pending.get(record.guid);
        const newer = !prior || prior.record.checkedAt <= record.checkedAt ? record : prior.record;
        pending.set(record.guid, {
          record: newer,
          waiters: [...(prior?.waiters ?? []), { resolve, reject }],
        });
        timer ??= setTimeout(flush, SAVE_BATCH_MS);
      });
    },
  };
  return store;

  /** Every record saved within the batch window, in one statement. */
  async function flush(): Promise<void> {
    timer = null;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await write(batch.map((b) => b.record));
      for (const b of batch) for (const w of b.waiters) w.resolve();
    } catch (error) {
      for (const b of batch) for (const w of b.waiters) w.reject(error);
    }
  }

  async function write(records: IdentityRecord<F>[]): Promise<void> {
    const params = records.flatMap((record) => [
      record.guid,
      record.facts === null ? null : JSON.stringify(record.facts),
      record.readAt === null ? null : new Date(record.readAt),
      new Date(record.checkedAt),
      record.problem === null ? null : JSON.stringify(record.problem),
    ]);
    const rows = records.map(
      (_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`,
    );
    // A failed read that knows no facts keeps whatever facts another instance stored; an older
    // attempt finishing late never overwrites a newer one.
    await (
      await db()
    ).query(
      `INSERT INTO restaurant_identities (restaurant_guid, facts, read_at, checked_at, problem)
            VALUES ${rows.join(", ")}
       ON CONFLICT (restaurant_guid) DO UPDATE SET
            facts = COALESCE(EXCLUDED.facts, restaurant_identities.facts),
            read_at = CASE WHEN EXCLUDED.facts IS NULL THEN restaurant_identities.read_at ELSE EXCLUDED.read_at END,
            checked_at = EXCLUDED.checked_at,
            problem = EXCLUDED.problem
          WHERE restaurant_identities.checked_at <= EXCLUDED.checked_at`,
      params,
    );
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
