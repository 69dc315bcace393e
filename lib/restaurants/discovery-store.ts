import "server-only";

import type { Queryable } from "@/lib/db/database";

/**
 * The discovered locations and the last listing's outcome (tables discovered_restaurants and
 * restaurant_discovery_status, migration 19). Instants are passed and read as epoch milliseconds.
 */

export interface DiscoveredLocation {
  guid: string;
  /** Null when the listing did not name it and its restaurant information could not be read. */
  name: string | null;
  locationName: string | null;
  managementGroupGuid: string | null;
}

export interface StoredLocation extends DiscoveredLocation {
  firstSeenMs: number;
  lastSeenMs: number;
  accessible: boolean;
  lostAtMs: number | null;
}

export interface DiscoveryStatus {
  clientType: string | null;
  lastAttemptMs: number | null;
  lastSuccessMs: number | null;
  lastError: string | null;
  lastErrorMs: number | null;
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * One successful listing at `atMs`, in one transaction: each named location upserted (accessible,
 * last seen now, first seen kept, a name the listing lacks kept from before); every location that
 * was accessible and is no longer named marked lost from now.
 */
export async function saveListing(
  db: Queryable,
  listing: { clientType: string; locations: readonly DiscoveredLocation[] },
  atMs: number,
): Promise<void> {
  const at = new Date(atMs);
  await db.transaction(async (tx) => {
    for (const l of listing.locations) {
      await tx.query(
        `INSERT INTO discovered_restaurants
              (guid, name, location_name, management_group_guid, first_seen, last_seen, accessible, lost_at)
              VALUES ($1, $2, $3, $4, $5, $5, true, NULL)
         ON CONFLICT (guid) DO UPDATE SET
              name = COALESCE(EXCLUDED.name, discovered_restaurants.name),
              location_name = COALESCE(EXCLUDED.location_name, discovered_restaurants.location_name),
              management_group_guid = COALESCE(EXCLUDED.management_group_guid, discovered_restaurants.management_group_guid),
              last_seen = EXCLUDED.last_seen, accessible = true, lost_at = NULL`,
        [l.guid, l.name, l.locationName, l.managementGroupGuid, at],
      );
    }
    await tx.query(
      `UPDATE discovered_restaurants SET accessible = false, lost_at = $2
        WHERE accessible AND NOT (guid = ANY($1::text[]))`,
      [listing.locations.map((l) => l.guid), at],
    );
    await upsertStatus(tx, { client_type: listing.clientType, last_attempt_at: at, last_success_at: at });
  });
}

/** A listing that failed at `atMs`: its error in words; the stored locations stay as they were. */
export async function recordFailure(db: Queryable, message: string, atMs: number): Promise<void> {
  const at = new Date(atMs);
  await upsertStatus(db, { last_attempt_at: at, last_error: message, last_error_at: at });
}

async function upsertStatus(db: Queryable, values: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(values);
  await db.query(
    `INSERT INTO restaurant_discovery_status (id, ${columns.join(", ")})
          VALUES (1, ${columns.map((_, i) => `$${i + 1}`).join(", ")})
     ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(", ")}`,
    Object.values(values),
  );
}

export async function readDiscoveryStatus(db: Queryable): Promise<DiscoveryStatus> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT client_type, last_error, ${ms("last_attempt_at")} AS attempt, ${ms("last_success_at")} AS success,
            ${ms("last_error_at")} AS error_at
       FROM restaurant_discovery_status WHERE id = 1`,
  );
  return {
    clientType: (row?.client_type as string | null) ?? null,
    lastAttemptMs: num(row?.attempt),
    lastSuccessMs: num(row?.success),
    lastError: (row?.last_error as string | null) ?? null,
    lastErrorMs: num(row?.error_at),
  };
}

export async function readDiscoveredLocations(db: Queryable): Promise<StoredLocation[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT guid, name, location_name, management_group_guid, accessible,
            ${ms("first_seen")} AS first_seen, ${ms("last_seen")} AS last_seen, ${ms("lost_at")} AS lost_at
       FROM discovered_restaurants ORDER BY name NULLS LAST, guid`,
  );
  return rows.map((r) => ({
    guid: r.guid as string,
    name: (r.name as string | null) ?? null,
    locationName: (r.location_name as string | null) ?? null,
    managementGroupGuid: (r.management_group_guid as string | null) ?? null,
    accessible: r.accessible === true,
    firstSeenMs: Number(r.first_seen),
    lastSeenMs: Number(r.last_seen),
    lostAtMs: num(r.lost_at),
  }));
}
