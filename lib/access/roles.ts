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

/** Managers and above, for a restaurant they may see: a viewer reads targets and never edits them. */
export async function mayEditTargets(session: AppSession, guid: string): Promise<boolean> {
  const role = await roleOf(session);
  if (role === null || role === "viewer") return false;
  return isPermitted(session, guid);
}
