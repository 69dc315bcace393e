import "server-only";

import {
  ADDRESS_WINDOW_MS,
  afterFailure,
  FORGET_AFTER_MS,
  giveBackToLog,
  lockRemaining,
  takeFromLog,
  type BackoffRecord,
  type SignInThrottleStore,
  type Taken,
} from "@/lib/security/sign-in-throttle";

import type { Queryable } from "./database";
import { dbNow } from "./db-clock";

/** Old rows are swept at most this often per instance, in the transaction of an attempt. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The sign-in throttle's counters in the database (migration 6), so every instance on one
 * PostgreSQL enforces the same limits: the app uses it with DATABASE_URL (lib/auth/auth-options.ts
 * says why not on PGlite, where it works the same). Each operation is one short transaction
 * holding its row's lock, on the database's clock.
 */
export class DatabaseThrottleStore implements SignInThrottleStore {
  readonly #db: () => Promise<Queryable>;
  #lastSweep = 0;

  constructor(db: () => Promise<Queryable>) {
    this.#db = db;
  }

  async countAttempt(key: string): Promise<number> {
    const db = await this.#db();
    return db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO sign_in_backoff (throttle_key, failures, last_failure_ms, locked_until_ms) VALUES ($1, 0, 0, 0) ON CONFLICT (throttle_key) DO NOTHING",
        [key],
      );
      const [row] = await tx.query<BackoffRow>(
        "SELECT failures, last_failure_ms, locked_until_ms FROM sign_in_backoff WHERE throttle_key = $1 FOR UPDATE",
        [key],
      );
      const now = await dbNow(tx);
      const record = row!.failures > 0 ? toRecord(row!) : undefined;
      const locked = lockRemaining(record, now);
      if (locked > 0) return locked;
      const next = afterFailure(record, now);
      await tx.query(
        "UPDATE sign_in_backoff SET failures = $2, last_failure_ms = $3, locked_until_ms = $4 WHERE throttle_key = $1",
        [key, next.failures, next.lastFailureAt, next.lockedUntil],
      );
      if (now - this.#lastSweep > SWEEP_EVERY_MS) {
        this.#lastSweep = now;
        // A spray leaves a row per (account, address) and per address: forget what no rule still needs.
        await tx.query("DELETE FROM sign_in_backoff WHERE last_failure_ms < $1 AND locked_until_ms <= $2", [
          now - FORGET_AFTER_MS,
          now,
        ]);
        await tx.query("DELETE FROM sign_in_attempts WHERE updated_ms < $1", [now - ADDRESS_WINDOW_MS]);
      }
      return 0;
    });
  }

  async clearFailures(key: string): Promise<void> {
    const db = await this.#db();
    await db.query("DELETE FROM sign_in_backoff WHERE throttle_key = $1", [key]);
  }

  async take(key: string, limit: number, windowMs: number): Promise<Taken> {
    const db = await this.#db();
    return db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO sign_in_attempts (throttle_key, stamps, updated_ms) VALUES ($1, '{}', 0) ON CONFLICT (throttle_key) DO NOTHING",
        [key],
      );
      const stamps = await lockedStamps(tx, key);
      const now = await dbNow(tx);
      const result = takeFromLog(stamps, now, limit, windowMs);
      if (result.taken.granted) {
        await tx.query(
          "UPDATE sign_in_attempts SET stamps = $2::bigint[], updated_ms = $3 WHERE throttle_key = $1",
          [key, result.stamps, now],
        );
      }
      return result.taken;
    });
  }

  async giveBack(key: string, stamp: number): Promise<void> {
    const db = await this.#db();
    await db.transaction(async (tx) => {
      const stamps = await lockedStamps(tx, key);
      await tx.query("UPDATE sign_in_attempts SET stamps = $2::bigint[] WHERE throttle_key = $1", [
        key,
        giveBackToLog(stamps, stamp),
      ]);
    });
  }
}

interface BackoffRow {
  failures: number;
  last_failure_ms: string;
  locked_until_ms: string;
}

function toRecord(row: BackoffRow): BackoffRecord {
  return {
    failures: Number(row.failures),
    lastFailureAt: Number(row.last_failure_ms),
    lockedUntil: Number(row.locked_until_ms),
  };
}

/** The row's stamps, its lock held; read as JSON so both drivers hand back plain numbers. */
async function lockedStamps(tx: Queryable, key: string): Promise<number[]> {
  const [row] = await tx.query<{ stamps: string }>(
    "SELECT array_to_json(stamps)::text AS stamps FROM sign_in_attempts WHERE throttle_key = $1 FOR UPDATE",
    [key],
  );
  return row ? (JSON.parse(row.stamps) as number[]) : [];
}
