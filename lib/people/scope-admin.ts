import "server-only";

import { recordAudit } from "@/lib/audit/audit-log";
import type { Queryable } from "@/lib/db/database";

import type { AddedRestaurant, Area } from "./admin-contract";
import { createArea, deleteArea, getArea, updateArea } from "./areas";
import { addRestaurant } from "./restaurant-registry";

/**
 * Areas and the deployment's restaurants changed by an owner or admin (the routes check the role):
 * each change one transaction with its audit entry.
 */
type Transactional = Pick<Queryable, "transaction">;

const audited = (a: Area) => ({ name: a.name, restaurantGuids: a.restaurantGuids });

export async function createAreaAs(
  db: Transactional,
  actorEmail: string,
  input: { name: string; restaurantGuids: readonly string[] },
): Promise<Area> {
  return db.transaction(async (tx) => {
    const area = await createArea(tx, input);
    await recordAudit(tx, {
      actorEmail,
      action: "area.create",
      subjectKind: "area",
      subjectId: String(area.id),
      after: audited(area),
    });
    return area;
  });
}

/** Renames an area or replaces its restaurants; null when there is no such area. */
export async function updateAreaAs(
  db: Transactional,
  actorEmail: string,
  id: number,
  patch: { name?: string; restaurantGuids?: readonly string[] },
): Promise<Area | null> {
  return db.transaction(async (tx) => {
    const before = await getArea(tx, id);
    if (!before) return null;
    const after = (await updateArea(tx, id, patch))!;
    await recordAudit(tx, {
      actorEmail,
      action: "area.update",
      subjectKind: "area",
      subjectId: String(id),
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/** Deletes an area (the grants of it go too); false when there was none. */
export async function deleteAreaAs(db: Transactional, actorEmail: string, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await getArea(tx, id);
    if (!before) return false;
    await deleteArea(tx, id);
    await recordAudit(tx, {
      actorEmail,
      action: "area.delete",
      subjectKind: "area",
      subjectId: String(id),
      before: audited(before),
    });
    return true;
  });
}

/** Adds a restaurant to the deployment; null when it was added already. */
export async function addRestaurantAs(
  db: Transactional,
  actorEmail: string,
  input: { guid: string; label: string },
): Promise<AddedRestaurant | null> {
  return db.transaction(async (tx) => {
    const added = await addRestaurant(tx, { ...input, addedBy: actorEmail });
    if (added)
      await recordAudit(tx, {
        actorEmail,
        action: "restaurant.add",
        subjectKind: "restaurant",
        subjectId: added.guid,
        restaurantGuid: added.guid,
        after: { guid: added.guid, label: added.label },
      });
    return added;
  });
}
