import "server-only";

import { randomUUID } from "node:crypto";

import type { Database, Queryable } from "@/lib/db/database";

/**
 * The claim on one (restaurant, date) that lets a single instance fetch it. On PostgreSQL it is a
 * row of kitchen_day_claims (migration 16) taken and given back in two short statements, not a lock
 * held across the export: an export may wait a minute for its first byte, and a transaction
 * advisory lock held that long pins one pooled connection per export in flight, so the pool (20),
 * not the service, set how many exports a chain's backfill could have in flight.
 *
 * A second instance asking for a claimed date waits (polling, with no connection held) until the
 * claim is given back, then takes it and finds the day stored. The claim is a lease its holder
 * renews while the fetch runs (every RENEW_MS for LEASE_MS), so a holder that died (SIGKILL, a lost
 * machine) frees its dates within LEASE_MS, as an advisory lock is freed with its session; expiry
 * is on the database's clock (instances' clocks may disagree).
 * On PGlite one process owns the database and the day fetcher's in-flight map is the claim.
 */

const POLL_MS = 250;
/** A live holder renews its lease every RENEW_MS; an event loop stalled past LEASE_MS loses it. */
const LEASE_MS = 10_000;
const RENEW_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Takes the claim if it is free or lapsed; the token to give it back with, or null if another holds it. */
async function tryClaim(db: Database, key: string, holdMs: number): Promise<string | null> {
  const token = randomUUID();
  const rows = await db.query<{ token: string }>(
    `WITH now_ms AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms)
     INSERT INTO kitchen_day_claims (claim_key, token, expires_at_ms)
     SELECT $1, $2, ms + $3 FROM now_ms
     ON CONFLICT (claim_key) DO UPDATE SET token = EXCLUDED.token, expires_at_ms = EXCLUDED.expires_at_ms
       WHERE kitchen_day_claims.expires_at_ms < (SELECT ms FROM now_ms)
     RETURNING token`,
    [key, token, Math.ceil(holdMs)],
  );
  return rows[0]?.token === token ? token : null;
}

/**
 * Runs `fn` as the only holder of `key`'s claim among instances (waiting for another holder to give
 * it back), with `fn` given the database itself: its reads and writes are short statements and
 * transactions of their own. The claim is renewed while `fn` runs and lapses LEASE_MS after this
 * process stops renewing it (it died).
 */
export async function withDayClaim<T>(
  db: Database,
  key: string,
  fn: (q: Queryable) => Promise<T>,
  { leaseMs, renewMs }: { leaseMs: number; renewMs: number } = { leaseMs: LEASE_MS, renewMs: RENEW_MS },
): Promise<T> {
  if (db.kind !== "postgres") return db.withLock(key, fn);
  let token = await tryClaim(db, key, leaseMs);
  while (token === null) {
    await sleep(POLL_MS);
    token = await tryClaim(db, key, leaseMs);
  }
  const held = token;
  const renewal = setInterval(() => {
    db.query(
      `UPDATE kitchen_day_claims SET expires_at_ms = floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + $3
       WHERE claim_key = $1 AND token = $2`,
      [key, held, leaseMs],
    ).catch((error: unknown) =>
      console.warn(`[kitchen] the claim on ${key} was not renewed: ${(error as Error).message}`),
    );
  }, renewMs);
  try {
    return await fn(db);
  } finally {
    clearInterval(renewal);
    // Only our own claim: if it lapsed and another instance took it, that one is not ours to end.
    await db
      .query("DELETE FROM kitchen_day_claims WHERE claim_key = $1 AND token = $2", [key, token])
      .catch((error: unknown) =>
        console.warn(
          `[kitchen] the claim on ${key} was not given back (it lapses): ${(error as Error).message}`,
        ),
      );
  }
}
