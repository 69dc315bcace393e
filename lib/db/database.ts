import "server-only";

import { BrandedError } from "@/lib/errors/branded-error";

/**
 * One small interface over the two stores the app runs on: PGlite (embedded PostgreSQL, the
 * default, one process owns its files) and a PostgreSQL server through pg.Pool (DATABASE_URL,
 * shared by several app instances). Both speak the same SQL with $1 parameters, so every query
 * in the app is written once.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements separated by semicolons, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` atomically. Inside `withLock` the caller already is in a transaction, and this
   * simply joins it.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

export type DatabaseKind = "pglite" | "postgres";

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs `fn` holding an exclusive lock named `key`. On PostgreSQL the lock is a transaction
   * advisory lock, so it holds across every instance sharing the server, and `fn` runs inside that
   * transaction: what it writes commits when it returns and the lock is released with the commit.
   * On PGlite one process owns the database, so the caller's in-process single-flight is the lock
   * and `fn` runs on the database itself (it must use `transaction` for atomic writes); holding a
   * PGlite transaction open would stall every other query of the process.
   */
  withLock<T>(key: string, fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A query that failed because the database was closed first (PGlite's "PGlite is closed", pg's
 * "Cannot use a pool after calling end"): the process or test is shutting down, and work still
 * queued in the background (a rollup build) has nothing to report. Branded: the database is a
 * process singleton, so the reader that checks for it may belong to another bundle.
 */
export class DatabaseClosedError extends BrandedError {
  static override readonly errorKind = "DatabaseClosedError";
  constructor(options?: { cause?: unknown }) {
    super("the database is closed", options);
  }
}

/**
 * The same database, whose calls made or failing after close() reject with DatabaseClosedError.
 * Known by our own flag, not by the drivers' messages.
 */
export function closedAware(db: Database): Database {
  let closed = false;
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    if (closed) throw new DatabaseClosedError();
    try {
      return await run();
    } catch (error) {
      throw closed ? new DatabaseClosedError({ cause: error }) : error;
    }
  };
  return {
    kind: db.kind,
    query: (sql, params) => guard(() => db.query(sql, params)),
    exec: (sql) => guard(() => db.exec(sql)),
    transaction: (fn) => guard(() => db.transaction(fn)),
    withLock: (key, fn) => guard(() => db.withLock(key, fn)),
    close: () => {
      closed = true;
      return db.close();
    },
  };
}

/** Two 32-bit halves of an advisory lock key: a namespace and the hash of the name. */
export const LOCK_NAMESPACE = 0x4b50; // "KP"
