import "server-only";

import type { Queryable } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";

import type { Area } from "./admin-contract";
import { requireAddedRestaurants } from "./restaurant-registry";

interface AreaRow {
  id: number;
  name: string;
  created_at: Date | string;
  guids: string[] | null;
}

const AREA_SELECT = `
  SELECT a.id, a.name, a.created_at,
    array_remove(array_agg(ar.restaurant_guid ORDER BY r.seq), NULL) AS guids
  FROM areas a
  LEFT JOIN area_restaurants ar ON ar.area_id = a.id
  LEFT JOIN deployment_restaurants r ON r.guid = ar.restaurant_guid`;

const toArea = (r: AreaRow): Area => ({
  id: Number(r.id),
  name: r.name,
  restaurantGuids: r.guids ?? [],
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listAreas(db: Queryable): Promise<Area[]> {
  const rows = await db.query<AreaRow>(`${AREA_SELECT} GROUP BY a.id ORDER BY lower(a.name)`);
  return rows.map(toArea);
}

export async function getArea(db: Queryable, id: number): Promise<Area | null> {
  const [row] = await db.query<AreaRow>(`${AREA_SELECT} WHERE a.id = $1 GROUP BY a.id`, [id]);
  return row ? toArea(row) : null;
}

/** Refuses a name another area has, whatever its case (the unique index would, less clearly). */
async function requireFreeName(tx: Queryable, name: string, except: number | null): Promise<void> {
  const [taken] = await tx.query<{ id: number }>(
    "SELECT id FROM areas WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2",
    [name, except],
  );
  if (taken) throw new InvalidInputError("area_name_taken", `An area named "${name}" exists already`);
}

async function setRestaurants(tx: Queryable, id: number, guids: readonly string[]): Promise<void> {
  await requireAddedRestaurants(tx, guids);
  await tx.query("DELETE FROM area_restaurants WHERE area_id = $1", [id]);
  for (const guid of new Set(guids))
    await tx.query("INSERT INTO area_restaurants (area_id, restaurant_guid) VALUES ($1, $2)", [id, guid]);
}

export async function createArea(
  tx: Queryable,
  input: { name: string; restaurantGuids: readonly string[]; at?: Date },
): Promise<Area> {
  await requireFreeName(tx, input.name, null);
  const [row] = await tx.query<{ id: number }>(
    "INSERT INTO areas (name, created_at) VALUES ($1, $2) RETURNING id",
    [input.name, input.at ?? new Date()],
  );
  await setRestaurants(tx, Number(row!.id), input.restaurantGuids);
  return (await getArea(tx, Number(row!.id)))!;
}

/** Renames an area and/or replaces its restaurants; null when there is no such area. */
export async function updateArea(
  tx: Queryable,
  id: number,
  patch: { name?: string; restaurantGuids?: readonly string[] },
): Promise<Area | null> {
  if (!(await getArea(tx, id))) return null;
  if (patch.name !== undefined) {
    await requireFreeName(tx, patch.name, id);
    await tx.query("UPDATE areas SET name = $2 WHERE id = $1", [id, patch.name]);
  }
  if (patch.restaurantGuids !== undefined) await setRestaurants(tx, id, patch.restaurantGuids);
  return getArea(tx, id);
}

/** Deletes an area (its grants go with it); false when there was none. */
export async function deleteArea(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query("DELETE FROM areas WHERE id = $1 RETURNING id", [id])).length > 0;
}

/** Refuses area ids that do not exist, naming them. */
export async function requireAreas(tx: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set(
    (await tx.query<{ id: number }>("SELECT id FROM areas WHERE id = ANY($1)", [[...ids]])).map((r) =>
      Number(r.id),
    ),
  );
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw new InvalidInputError("unknown_area", `No such area: ${missing.join(", ")}`);
}
