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
  status: p.status,
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

/**
 * Creates an invited person (no password, no sign-in of any kind until they accept); the mail is
 * the caller's, after this commits. An admin cannot invite an owner.
 */
export async function invitePersonAs(
  db: Transactional,
  actor: Actor,
  input: Omit<NewPerson, "passwordHash" | "invited">,
): Promise<Person> {
  refuseOwnerChangeByNonOwner(actor, input.role === "owner", false);
  return db.transaction(async (tx) => {
    const person = await createPerson(tx, { ...input, invited: true });
    await recordAudit(tx, {
      actorEmail: actor.email,
      action: "person.invite",
      subjectKind: "person",
      subjectId: String(person.id),
      after: audited(person),
    });
    return person;
  });
}

/**
 * Who may be sent an invitation again: someone invited who has not accepted (an admin not for an
 * owner). Throws otherwise; null when there is no such person.
 */
export async function invitedPersonFor(db: Queryable, actor: Actor, id: number): Promise<Person | null> {
  const person = await getPerson(db, id);
  if (!person) return null;
  refuseOwnerChangeByNonOwner(actor, false, person.role === "owner");
  if (person.status !== "invited")
    throw new InvalidInputError(
      "not_invited",
      person.status === "active"
        ? `${person.email} has accepted already (or was added with a password): use a password reset instead`
        : `${person.email} is deactivated: reactivate them first`,
    );
  return person;
}

/**
 * An invitation accepted (inside the transaction that uses its link): the invited person gets the
 * name and password they chose and becomes active, audited in the same transaction. A person no
 * longer there or deactivated since (the invitation withdrawn) is refused, and the link stays unused.
 */
export async function acceptInvitationOf(
  tx: Queryable,
  input: { email: string; name: string; passwordHash: string },
): Promise<Person> {
  const [row] = await tx.query<{ id: number }>("SELECT id FROM people WHERE email = $1 FOR UPDATE", [
    input.email,
  ]);
  const before = row ? await getPerson(tx, Number(row.id)) : null;
  if (!before || before.status === "deactivated")
    throw new InvalidInputError(
      "invitation_withdrawn",
      "This invitation has been withdrawn. Ask whoever invited you for a new one.",
    );
  const at = new Date();
  const after = (await updatePerson(
    tx,
    before.id,
    { name: input.name, passwordHash: input.passwordHash, active: true },
    at,
  ))!;
  await recordAudit(tx, {
    at,
    actorEmail: after.email,
    action: "person.accept_invitation",
    subjectKind: "person",
    subjectId: String(after.id),
    before: audited(before),
    after: audited(after),
  });
  return after;
}

/**
 * A password reset (inside the transaction that uses its link): the new hash, every session of the
 * person ended (whoever had the old password is signed out), audited. Refused for a person no
 * longer active.
 */
export async function resetPasswordOf(
  tx: Queryable,
  input: { email: string; passwordHash: string },
  revokeSessions: (tx: Queryable, email: string, at: Date) => Promise<unknown>,
): Promise<void> {
  const at = new Date();
  const [row] = await tx.query<{ id: number }>(
    "UPDATE people SET password_hash = $2 WHERE email = $1 AND active RETURNING id",
    [input.email, input.passwordHash],
  );
  if (!row)
    throw new InvalidInputError(
      "account_inactive",
      "This account is not active any more, so its password cannot be reset. Ask your admin.",
    );
  await revokeSessions(tx, input.email, at);
  await recordAudit(tx, {
    at,
    actorEmail: input.email,
    action: "person.password_reset",
    subjectKind: "person",
    subjectId: String(row.id),
  });
}

/** The audit action of a change: deactivation (an invitation's withdrawal too) and reactivation are named as such. */
function actionOf(before: Person, after: Person): string {
  if (before.status !== "deactivated" && after.status === "deactivated") return "person.deactivate";
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
