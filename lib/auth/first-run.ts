import "server-only";

import { resolve } from "node:path";

import { recordAudit } from "@/lib/audit/audit-log";
import type { Database, Queryable } from "@/lib/db/database";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { createArea } from "@/lib/people/areas";
import { countPeople, createPerson } from "@/lib/people/people-store";
import { addRestaurant } from "@/lib/people/restaurant-registry";
import { seesEveryRestaurant, type Role } from "@/lib/people/roles";
import { processSingleton } from "@/lib/process-singleton";

import { accountDirectory } from "./accounts";
import type { Account, AccountDirectory } from "./accounts-file";

/**
 * The first run of a deployment's people (migration 17). Exactly once per database, in one
 * transaction that also writes the `people_first_run` row (so two instances starting together
 * import once, and a failed import leaves nothing):
 * - ACCOUNTS_FILE set: its restaurants, areas and accounts are imported; an account's `role` is
 *   kept, else "*" accounts become owners and the others managers of their listed restaurants.
 * - else ADMIN_EMAIL set: nothing is imported; /setup creates that owner (createFirstOwner).
 * - else: the shipped demo accounts (lib/auth/demo-accounts.json), with their roles and area.
 * Afterwards the database is the source: the file is not read again for sign-in or access.
 */
export interface FirstRunSource {
  /** Recorded in people_first_run: "demo", "admin-email" or "file:<absolute path>". */
  source: string;
  directory: AccountDirectory | null;
}

export function firstRunSource(): FirstRunSource {
  const e = env();
  if (e.ACCOUNTS_FILE) return { source: `file:${resolve(e.ACCOUNTS_FILE)}`, directory: accountDirectory() };
  if (e.ADMIN_EMAIL) return { source: "admin-email", directory: null };
  return { source: "demo", directory: accountDirectory() };
}

/** Imports `from` unless a first run is recorded already; true when this call imported. */
export async function runFirstRun(
  db: Queryable,
  from: FirstRunSource,
  at: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // On PostgreSQL a second instance's insert waits here for the first's commit, then does nothing.
    const claimed = await tx.query(
      `INSERT INTO people_first_run (id, source, completed_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [from.source, at],
    );
    if (claimed.length === 0 || !from.directory) return claimed.length > 0;
    await importDirectory(tx, from.directory, at);
    await recordAudit(tx, {
      at,
      actorEmail: "first-run",
      action: "people.import",
      subjectKind: "deployment",
      subjectId: from.source,
      after: {
        people: from.directory.accounts.length,
        restaurants: from.directory.restaurants.length,
        areas: from.directory.areas.length,
      },
    });
    return true;
  });
}

/** An imported account's role: the file's, else owner for "*" and manager for a list. */
function importedRole(account: Account): Role {
  return account.role ?? (account.everyRestaurant ? "owner" : "manager");
}

async function importDirectory(tx: Queryable, directory: AccountDirectory, at: Date): Promise<void> {
  for (const r of directory.restaurants) await addRestaurant(tx, { ...r, addedBy: null, at });
  const areaIds = new Map<string, number>();
  for (const area of directory.areas)
    areaIds.set(
      area.name,
      (await createArea(tx, { name: area.name, restaurantGuids: area.restaurantGuids, at })).id,
    );
  for (const account of directory.accounts) {
    const role = importedRole(account);
    await createPerson(tx, {
      email: account.email,
      name: account.name ?? null,
      role,
      passwordHash: account.passwordHash ?? null,
      areaIds: account.areaNames.map((name) => areaIds.get(name)!),
      // A "*" account given a narrower role keeps every restaurant through direct grants.
      restaurantGuids: seesEveryRestaurant(role) ? [] : account.restaurantGuids,
      at,
    });
  }
}

/**
 * The process's database with the first run done: every reader of people, areas and the added
 * restaurants goes through here. Once per database object (a test may reopen another one).
 */
export async function getPeopleDatabase(): Promise<Database> {
  const db = await getDatabase();
  const runs = processSingleton("people-first-run", () => new WeakMap<Database, Promise<unknown>>());
  let run = runs.get(db);
  if (!run) {
    run = runFirstRun(db, firstRunSource());
    runs.set(db, run);
    // A failed import (a bad accounts file) is tried again by the next request, not remembered.
    run.catch(() => runs.delete(db));
  }
  await run;
  return db;
}

/** Whether /setup may create the first owner: ADMIN_EMAIL set, no accounts file, nobody yet. */
export async function setupAvailable(): Promise<boolean> {
  const e = env();
  if (!e.ADMIN_EMAIL || e.ACCOUNTS_FILE) return false;
  return (await countPeople(await getPeopleDatabase())) === 0;
}

/**
 * Creates ADMIN_EMAIL as the first owner with the chosen password hash; false when someone exists
 * already (another tab or instance was first). The check and the insert share one transaction.
 */
export async function createFirstOwner(passwordHash: string, name: string | null): Promise<boolean> {
  const e = env();
  if (!e.ADMIN_EMAIL || e.ACCOUNTS_FILE) return false;
  const db = await getPeopleDatabase();
  return db.transaction(async (tx) => {
    // Serialises two first owners on PostgreSQL (the row of migration 17's first run is the lock).
    await tx.query("SELECT id FROM people_first_run WHERE id = 1 FOR UPDATE");
    if ((await countPeople(tx)) > 0) return false;
    const owner = await createPerson(tx, { email: e.ADMIN_EMAIL!, name, role: "owner", passwordHash });
    await recordAudit(tx, {
      actorEmail: owner.email,
      action: "person.create",
      subjectKind: "person",
      subjectId: String(owner.id),
      after: owner,
    });
    return true;
  });
}
