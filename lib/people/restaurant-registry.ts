import "server-only";

import type { Queryable } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";

import type { AddedRestaurant } from "./admin-contract";

/**
 * The deployment's restaurants (migration 17, `deployment_restaurants`): the locations someone
 * added, which the backfill keeps warm and owners and admins see. Imported from the accounts file
 * on the first run; added from the Restaurants page since. Ordered as they were added.
 */
interface RegistryRow {
  guid: string;
  label: string;
  added_at: Date | string;
  added_by: string | null;
}

export async function listAddedRestaurants(db: Queryable): Promise<AddedRestaurant[]> {
  const rows = await db.query<RegistryRow>(
    "SELECT guid, label, added_at, added_by FROM deployment_restaurants ORDER BY seq",
  );
  return rows.map((r) => ({
    guid: r.guid,
    label: r.label,
    addedAt: new Date(r.added_at).toISOString(),
    addedBy: r.added_by,
  }));
}

/** The GUIDs of every added restaurant, in the order they were added. */
export async function addedRestaurantGuids(db: Queryable): Promise<string[]> {
  return (await db.query<{ guid: string }>("SELECT guid FROM deployment_restaurants ORDER BY seq")).map(
    (r) => r.guid,
  );
}

/**
 * Adds a restaurant; null when it was added already (the caller says so). `addedBy` is the actor's
 * e-mail, null for the first run's import.
 */
export async function addRestaurant(
  tx: Queryable,
  input: { guid: string; label: string; addedBy: string | null; at?: Date },
): Promise<AddedRestaurant | null> {
  const [row] = await tx.query<RegistryRow>(
    `INSERT INTO deployment_restaurants (guid, label, added_at, added_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (guid) DO NOTHING RETURNING guid, label, added_at, added_by`,
    [input.guid, input.label, input.at ?? new Date(), input.addedBy],
  );
  return row
    ? {
        guid: row.guid,
        label: row.label,
        addedAt: new Date(row.added_at).toISOString(),
        addedBy: row.added_by,
      }
    : null;
}

/** Refuses GUIDs that are not added restaurants, naming them (grants and areas hold added ones only). */
export async function requireAddedRestaurants(tx: Queryable, guids: readonly string[]): Promise<void> {
  if (guids.length === 0) return;
  const known = new Set(
    (
      await tx.query<{ guid: string }>("SELECT guid FROM deployment_restaurants WHERE guid = ANY($1)", [
        [...guids],
      ])
    ).map((r) => r.guid),
  );
  const missing = guids.filter((g) => !known.has(g));
  if (missing.length > 0)
    throw new InvalidInputError(
      "unknown_restaurant",
      `Not an added restaurant: ${missing.join(", ")} (add it on the Restaurants page first)`,
    );
}
