import "server-only";

import type { Queryable } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";

import type { Person, PersonStatus } from "./admin-contract";
import { requireAreas } from "./areas";
import { requireAddedRestaurants } from "./restaurant-registry";
import { seesEveryRestaurant, type Role } from "./roles";

/** What sign-in needs of a person. */
export interface PersonCredentials {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  passwordHash: string | null;
}

export interface NewPerson {
  email: string;
  name?: string | null;
  role: Role;
  passwordHash?: string | null;
  areaIds?: readonly number[];
  restaurantGuids?: readonly string[];
  /** Invited by e-mail: inactive, and not deactivated, until the invitation is accepted. */
  invited?: boolean;
  at?: Date;
}

export interface PersonPatch {
  name?: string | null;
  role?: Role;
  areaIds?: readonly number[];
  restaurantGuids?: readonly string[];
  active?: boolean;
  passwordHash?: string;
}

interface PersonRow {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  deactivated_at: Date | string | null;
  created_at: Date | string;
  has_password: boolean;
  area_ids: number[] | null;
  guids: string[] | null;
}

const PERSON_SELECT = `
  SELECT p.id, p.email, p.name, p.role, p.active, p.deactivated_at, p.created_at,
    p.password_hash IS NOT NULL AS has_password,
    (SELECT array_agg(area_id ORDER BY area_id) FROM person_areas WHERE person_id = p.id) AS area_ids,
    (SELECT array_agg(pr.restaurant_guid ORDER BY r.seq) FROM person_restaurants pr
       JOIN deployment_restaurants r ON r.guid = pr.restaurant_guid WHERE pr.person_id = p.id) AS guids
  FROM people p`;

const statusOf = (r: Pick<PersonRow, "active" | "deactivated_at">): PersonStatus =>
  r.active ? "active" : r.deactivated_at === null ? "invited" : "deactivated";

const toPerson = (r: PersonRow): Person => ({
  id: Number(r.id),
  email: r.email,
  name: r.name,
  role: r.role,
  active: r.active,
  status: statusOf(r),
  deactivatedAt: r.deactivated_at === null ? null : new Date(r.deactivated_at).toISOString(),
  createdAt: new Date(r.created_at).toISOString(),
  hasPassword: r.has_password,
  areaIds: (r.area_ids ?? []).map(Number),
  restaurantGuids: r.guids ?? [],
});

/** The one normal form of an e-mail: trimmed, lower case (the table refuses any other). */
export const personEmail = (email: string) => email.trim().toLowerCase();

export async function listPeople(db: Queryable): Promise<Person[]> {
  return (await db.query<PersonRow>(`${PERSON_SELECT} ORDER BY p.email`)).map(toPerson);
}

export async function getPerson(db: Queryable, id: number): Promise<Person | null> {
  const [row] = await db.query<PersonRow>(`${PERSON_SELECT} WHERE p.id = $1`, [id]);
  return row ? toPerson(row) : null;
}

export async function findPersonByEmail(db: Queryable, email: string): Promise<Person | null> {
  const [row] = await db.query<PersonRow>(`${PERSON_SELECT} WHERE p.email = $1`, [personEmail(email)]);
  return row ? toPerson(row) : null;
}

export async function findCredentials(db: Queryable, email: string): Promise<PersonCredentials | null> {
  const [row] = await db.query<PersonCredentials & { password_hash: string | null }>(
    "SELECT id, email, name, role, active, password_hash FROM people WHERE email = $1",
    [personEmail(email)],
  );
  return row
    ? {
        id: Number(row.id),
        email: row.email,
        name: row.name,
        role: row.role,
        active: row.active,
        passwordHash: row.password_hash,
      }
    : null;
}

export async function countPeople(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM people");
  return Number(row?.n ?? 0);
}

/**
 * The active owners, their rows locked until the transaction ends: two admins removing the last
 * two owners at once are serialised here, so one of them finds the other's change and is refused.
 */
export async function lockActiveOwners(tx: Queryable): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    "SELECT id FROM people WHERE role = 'owner' AND active ORDER BY id FOR UPDATE",
  );
  return rows.map((r) => Number(r.id));
}

async function setScope(
  tx: Queryable,
  id: number,
  areaIds: readonly number[] | undefined,
  guids: readonly string[] | undefined,
): Promise<void> {
  if (areaIds !== undefined) {
    await requireAreas(tx, areaIds);
    await tx.query("DELETE FROM person_areas WHERE person_id = $1", [id]);
    for (const areaId of new Set(areaIds))
      await tx.query("INSERT INTO person_areas (person_id, area_id) VALUES ($1, $2)", [id, areaId]);
  }
  if (guids !== undefined) {
    await requireAddedRestaurants(tx, guids);
    await tx.query("DELETE FROM person_restaurants WHERE person_id = $1", [id]);
    for (const guid of new Set(guids))
      await tx.query("INSERT INTO person_restaurants (person_id, restaurant_guid) VALUES ($1, $2)", [
        id,
        guid,
      ]);
  }
}

/** Creates a person with a role and scope; refuses an e-mail someone has already, whatever its case. */
export async function createPerson(tx: Queryable, input: NewPerson): Promise<Person> {
  const email = personEmail(input.email);
  if (await findCredentials(tx, email))
    throw new InvalidInputError("email_taken", `${email} is already someone's e-mail`);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO people (email, name, role, password_hash, active, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      email,
      input.name ?? null,
      input.role,
      input.passwordHash ?? null,
      !input.invited,
      input.at ?? new Date(),
    ],
  );
  const id = Number(row!.id);
  await setScope(tx, id, input.areaIds ?? [], input.restaurantGuids ?? []);
  return (await getPerson(tx, id))!;
}

/** Changes a person; null when there is no such person. Deactivating stamps the time, reactivating clears it. */
export async function updatePerson(
  tx: Queryable,
  id: number,
  patch: PersonPatch,
  at: Date = new Date(),
): Promise<Person | null> {
  const before = await getPerson(tx, id);
  if (!before) return null;
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (patch.name !== undefined) set("name", patch.name);
  if (patch.role !== undefined) set("role", patch.role);
  if (patch.passwordHash !== undefined) set("password_hash", patch.passwordHash);
  if (patch.active !== undefined && patch.active !== before.active) {
    set("active", patch.active);
    set("deactivated_at", patch.active ? null : at);
  } else if (patch.active === false && before.status === "invited") {
    // Deactivating someone invited withdraws the invitation: their link no longer works.
    set("deactivated_at", at);
  }
  if (sets.length > 0) await tx.query(`UPDATE people SET ${sets.join(", ")} WHERE id = $1`, params);
  await setScope(tx, id, patch.areaIds, patch.restaurantGuids);
  return getPerson(tx, id);
}

/** Who is signed in, as the access rule needs them: the active person of an e-mail, else null. */
export async function findActivePerson(
  db: Queryable,
  email: string,
): Promise<{ id: number; email: string; name: string | null; role: Role } | null> {
  const [row] = await db.query<{ id: number; email: string; name: string | null; role: Role }>(
    "SELECT id, email, name, role FROM people WHERE email = $1 AND active",
    [personEmail(email)],
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/**
 * The added restaurants a person may see, in the order they were added: every one for owners and
 * admins; for the other roles those of their areas and those granted one by one.
 */
export async function visibleRestaurantGuids(
  db: Queryable,
  person: { id: number; role: Role },
): Promise<string[]> {
  const rows = seesEveryRestaurant(person.role)
    ? await db.query<{ guid: string }>("SELECT guid FROM deployment_restaurants ORDER BY seq")
    : await db.query<{ guid: string }>(
        `SELECT r.guid FROM deployment_restaurants r WHERE r.guid IN (
           SELECT ar.restaurant_guid FROM person_areas pa JOIN area_restaurants ar ON ar.area_id = pa.area_id
           WHERE pa.person_id = $1
           UNION SELECT restaurant_guid FROM person_restaurants WHERE person_id = $1)
         ORDER BY r.seq`,
        [person.id],
      );
  return rows.map((r) => r.guid);
}
