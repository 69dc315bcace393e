import "server-only";

import type { Database } from "@/lib/db/database";

/**
 * The table kitchen_location_holds (migration 9): per restaurant whose kitchen fetches are held,
 * why and until when. Always written through the database itself (autocommit), never through a
 * day's lock transaction: another instance must see a hold, and claim a try, while a fetch runs.
 */

type HoldKind = "parked" | "backing_off";

export interface LocationHold {
  restaurantGuid: string;
  kind: HoldKind;
  /** Failures of this kind in a row (attempts that overlapped count once). */
  failures: number;
  reason: string;
  /** Epoch ms of the end of the last failed attempt. */
  failedAt: number;
  /** Epoch ms from which the next attempt may go. */
  retryAt: number;
}

interface HoldSql {
  restaurant_guid: string;
  kind: HoldKind;
  failures: number;
  reason: string;
  failed_at: Date | string;
  retry_at: Date | string;
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));
const iso = (at: number) => new Date(at).toISOString();
const COLUMNS = "restaurant_guid, kind, failures, reason, failed_at, retry_at";

function toHold(r: HoldSql): LocationHold {
  return {
    restaurantGuid: r.restaurant_guid,
    kind: r.kind,
    failures: Number(r.failures),
    reason: r.reason,
    failedAt: ms(r.failed_at),
    retryAt: ms(r.retry_at),
  };
}

export async function readHold(db: Database, restaurantGuid: string): Promise<LocationHold | undefined> {
  const rows = await db.query<HoldSql>(
    `SELECT ${COLUMNS} FROM kitchen_location_holds WHERE restaurant_guid = $1`,
    [restaurantGuid],
  );
  return rows[0] ? toHold(rows[0]) : undefined;
}

export async function readHolds(db: Database): Promise<LocationHold[]> {
  const rows = await db.query<HoldSql>(
    `SELECT ${COLUMNS} FROM kitchen_location_holds ORDER BY restaurant_guid`,
  );
  return rows.map(toHold);
}

/**
 * Takes the one try a held location gets once its time has come: moves retry_at to `leaseUntil`
 * only if it has passed, so of several callers (requests, the backfill, other instances) exactly
 * one gets true. The attempt's outcome then replaces the lease (recordHoldFailure, clearHold).
 */
export async function claimHeldTry(
  db: Database,
  restaurantGuid: string,
  nowMs: number,
  leaseUntil: number,
): Promise<boolean> {
  const rows = await db.query<{ restaurant_guid: string }>(
    "UPDATE kitchen_location_holds SET retry_at = $3 WHERE restaurant_guid = $1 AND retry_at <= $2 RETURNING restaurant_guid",
    [restaurantGuid, iso(nowMs), iso(leaseUntil)],
  );
  return rows.length === 1;
}

/**
 * Records a failed attempt that started at `startedAt` and ended at `endedAt`. The failure count
 * grows by one per attempt that started after the last recorded failure of the same kind, so
 * attempts in flight together when a location went down count once. `retryAt` gets that count
 * and answers the next attempt's time.
 */
export async function recordHoldFailure(
  db: Database,
  restaurantGuid: string,
  failure: { kind: HoldKind; reason: string; startedAt: number; endedAt: number },
  retryAt: (failures: number) => number,
): Promise<LocationHold> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ failures: number }>(
      `INSERT INTO kitchen_location_holds (restaurant_guid, kind, failures, reason, failed_at, retry_at)
       VALUES ($1, $2, 1, $3, $4, $4)
       ON CONFLICT (restaurant_guid) DO UPDATE SET
         failures = CASE
           WHEN kitchen_location_holds.kind <> EXCLUDED.kind THEN 1
           WHEN kitchen_location_holds.failed_at < $5 THEN kitchen_location_holds.failures + 1
           ELSE kitchen_location_holds.failures END,
         kind = EXCLUDED.kind, reason = EXCLUDED.reason,
         failed_at = GREATEST(kitchen_location_holds.failed_at, EXCLUDED.failed_at)
       RETURNING failures`,
      [
        restaurantGuid,
        failure.kind,
        failure.reason.slice(0, 500),
        iso(failure.endedAt),
        iso(failure.startedAt),
      ],
    );
    const failures = Number(row!.failures);
    const rows = await tx.query<HoldSql>(
      `UPDATE kitchen_location_holds SET retry_at = $2 WHERE restaurant_guid = $1 RETURNING ${COLUMNS}`,
      [restaurantGuid, iso(retryAt(failures))],
    );
    return toHold(rows[0]!);
  });
}

/** The location answered: its fetches go ahead again. */
export async function clearHold(db: Database, restaurantGuid: string): Promise<void> {
  await db.query("DELETE FROM kitchen_location_holds WHERE restaurant_guid = $1", [restaurantGuid]);
}
