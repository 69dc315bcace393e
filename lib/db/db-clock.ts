import "server-only";

import type { Queryable } from "./database";

/**
 * The database's clock in epoch milliseconds (clock_timestamp(), not the transaction's start): what
 * every counter shared through the database measures with, so instances whose clocks disagree still
 * agree on windows. Read it after taking a row lock, or the time is stale by the wait.
 */
export async function dbNow(q: Queryable): Promise<number> {
  const [row] = await q.query<{ ms: string }>(
    "SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms",
  );
  return Number(row!.ms);
}
