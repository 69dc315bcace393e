import "server-only";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import type { AppSession } from "@/lib/auth/session";
import { findActivePerson } from "@/lib/people/people-store";
import { seesEveryRestaurant, type Role } from "@/lib/people/roles";

import { isPermitted } from "./permitted-restaurants";

/**
 * The role checks, in one place beside the access rule, read from the database on every call
 * (a role changed by an admin holds at the person's next request). A deactivated or unknown
 * person has no role and may do nothing.
 */
export async function roleOf(session: AppSession): Promise<Role | null> {
  return (await findActivePerson(await getPeopleDatabase(), session.email))?.role ?? null;
}

/** Owners and admins: the admin pages and /api/admin. */
export async function mayAdminister(session: AppSession): Promise<boolean> {
  const role = await roleOf(session);
  return role !== null && seesEveryRestaurant(role);
}

/**
 * Who may change targets, in one place: the targets routes (403 otherwise), the Targets pages (no
 * edit control otherwise) and the targets answer's `mayEdit`. "group" (the group standard): owners
 * and admins. "own" (a restaurant's override): managers and above, for a restaurant they may see.
 * A viewer reads targets and never edits them.
 */
export async function mayEditTargets(
  session: AppSession,
  guid: string | null,
  scope: "group" | "own",
): Promise<boolean> {
  const role = await roleOf(session);
  if (role === null || role === "viewer") return false;
  if (scope === "group") return seesEveryRestaurant(role);
  return guid !== null && isPermitted(session, guid);
}

/**
 * Who may write annotations (a note on a restaurant's date, lib/annotations): managers and above,
 * for a restaurant they may see, as for the restaurant's own targets. A viewer reads them.
 */
export async function mayEditAnnotations(session: AppSession, guid: string): Promise<boolean> {
  return mayEditTargets(session, guid, "own");
}

/** Both answers at once, as the targets answer carries them. */
export async function targetEditRights(
  session: AppSession,
  guid: string,
): Promise<{ own: boolean; group: boolean }> {
  const [own, group] = await Promise.all([
    mayEditTargets(session, guid, "own"),
    mayEditTargets(session, null, "group"),
  ]);
  return { own, group };
}

/**
 * Who may set a restaurant's live alert rules (lib/alerts): managers and above, for a restaurant
 * they may see, the same people as its own targets. Everyone who sees the restaurant sees its alerts.
 */
export async function mayManageAlerts(session: AppSession, guid: string): Promise<boolean> {
  return mayEditTargets(session, guid, "own");
}
