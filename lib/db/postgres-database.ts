import "server-only";

import { Pool, type PoolClient } from "pg";

import { closedAware, LOCK_NAMESPACE, type Database, type Queryable } from "./database";

/**
 * A PostgreSQL server through pg.Pool. Several app instances may share it: locks are advisory
 * locks, so they hold across instances.
 */
export function openPostgresDatabase(connectionString: string, opts: { max?: number } = {}): Database {
  // Larger than pg's default of 10: requests, budgets and stores at once. An upstream fetch in
  // flight holds none (its day's claim is a row, lib/kitchen/storage/day-claims.ts).
  const pool = new Pool({ connectionString, max: opts.max ?? 20 });
  // An idle client losing its server (a restart) must not crash the process; the next query reconnects.
  pool.on("error", () => {});

  const clientQueryable = (client: PoolClient): Queryable => {
    const q: Queryable = {
      async query<Row>(sql: string, params?: readonly unknown[]) {
        return (await client.query(sql, params as unknown[] | undefined)).rows as Row[];
      },
      async exec(sql: string) {
        await client.query(sql);
      },
      transaction: (fn) => fn(q),
    };
    return q;
  };

  async function inTransaction<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await fn(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  return closedAware({
    kind: "postgres",
    async query<Row>(sql: string, params?: readonly unknown[]) {
      return (await pool.query(sql, params as unknown[] | undefined)).rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    transaction: (fn) => inTransaction((client) => fn(clientQueryable(client))),
    withLock: (key, fn) =>
      inTransaction(async (client) => {
        await client.query("SELECT pg_advisory_xact_lock($1::int, hashtext($2))", [LOCK_NAMESPACE, key]);
        return fn(clientQueryable(client));
      }),
    close: () => pool.end(),
  });
}
