import "server-only";

import { recordAudit } from "@/lib/audit/audit-log";
import type { Queryable } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { PermissionRefusedError } from "@/lib/errors/permission-refused-error";

import type { Person } from "./admin-contract";
import {
  createPerson,
  getPerson,
  lockActiveOwners,
  updatePerson,
  type NewPerson,
  type PersonPatch,
} from "./people-store";
import type { Role } from "./roles";

/**
 * People changed by an owner or admin: each change is one transaction with its audit entry, under
 * the rules of who may change whom. `revokeSessions` ends a deactivated person's sessions in the
 * same transaction (lib/auth's session store; passed in, as lib/people knows nothing of sign-in).
 */
export interface Actor {
  email: string;
  role: Role;
}

type Transactional = Pick<Queryable, "transaction">;

/** What the audit log keeps of a person: no hash, no times. */
const audited = (p: Person) => ({
  email: p.email,
  name: p.name,
  role: p.role,
  active: p.active,
  areaIds: p.areaIds,
  restaurantGuids: p.restaurantGuids,
});

function refuseOwnerChangeByNonOwner(actor: Actor, becomesOwner: boolean, wasOwner: boolean): void {
  if (actor.role === "owner") return;
  if (becomesOwner)
    throw new PermissionRefusedError("owners_only", "Only an owner can make someone an owner");
  if (wasOwner) throw new PermissionRefusedError("owners_only", "Only an owner can change an owner");
}

/** Creates a person (later, invitations call the same); an admin cannot create an owner. */
export async function createPersonAs(db: Transactional, actor: Actor, input: NewPerson): Promise<Person> {
  refuseOwnerChangeByNonOwner(actor, input.role === "owner", false);
  return db.transaction(async (tx) => {
    const person = await createPerson(tx, input);
    await recordAudit(tx, {
      actorEmail: actor.email,
      action: "person.create",
      subjectKind: "person",
      subjectId: String(person.id),
      after: audited(person),
    });
    return person;
  });
}

/** The audit action of a change: deactivation and reactivation are named as such. */
function actionOf(before: Person, after: Person): string {
  if (before.active && !after.active) return "person.deactivate";
  if (!before.active && after.active) return "person.reactivate";
  return "person.update";
}

/**
 * Changes a person's name, role, scope or activity; null when there is no such person. Admins may
 * not demote, deactivate or otherwise change an owner, nor make one; nobody may leave the
 * deployment without an active owner.
 */
export async function updatePersonAs(
  db: Transactional,
  actor: Actor,
  id: number,
  patch: PersonPatch,
  revokeSessions: (tx: Queryable, email: string, at: Date) => Promise<unknown>,
): Promise<Person | null> {
  return db.transaction(async (tx) => {
    const before = await getPerson(tx, id);
    if (!before) return null;
    const wasOwner = before.role === "owner";
    refuseOwnerChangeByNonOwner(actor, patch.role === "owner" && !wasOwner, wasOwner);
    const losesOwner =
      wasOwner && before.active && (patch.active === false || (patch.role ?? "owner") !== "owner");
    if (losesOwner) {
      const owners = await lockActiveOwners(tx);
      if (owners.length <= 1 && owners.includes(id))
        throw new InvalidInputError(
          "last_owner",
          "The last owner cannot be demoted or deactivated; make another owner first",
        );
    }
    const at = new Date();
    const after = (await updatePerson(tx, id, patch, at))!;
    if (before.active && !after.active) await revokeSessions(tx, after.email, at);
    const [b, a] = [audited(before), audited(after)];
    if (JSON.stringify(b) !== JSON.stringify(a))
      await recordAudit(tx, {
        at,
        actorEmail: actor.email,
        action: actionOf(before, after),
        subjectKind: "person",
        subjectId: String(id),
        before: b,
        after: a,
      });
    return after;
  });
}
