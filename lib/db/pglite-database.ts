import "server-only";

import { PGlite, type Transaction } from "@electric-sql/pglite";

import { closedAware, type Database, type Queryable } from "./database";

/**
 * PGlite: PostgreSQL compiled to WebAssembly, in this process. `dataDir` undefined keeps the
 * database in memory (tests); a path persists it (DATA_DIR/kitchen).
 */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  const pg = await PGlite.create(dataDir);
  return pgliteDatabase(pg);
}

function txQueryable(tx: Transaction): Queryable {
  const q: Queryable = {
    async query<Row>(sql: string, params?: readonly unknown[]) {
      return (await tx.query<Row>(sql, params as unknown[] | undefined)).rows;
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(q),
  };
  return q;
}

export function pgliteDatabase(pg: PGlite): Database {
  return closedAware({
    kind: "pglite",
    async query<Row>(sql: string, params?: readonly unknown[]) {
      return (await pg.query<Row>(sql, params as unknown[] | undefined)).rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(txQueryable(tx))),
    withLock(_key, fn) {
      return fn(this);
    },
    close: () => pg.close(),
  });
}
