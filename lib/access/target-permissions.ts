import "server-only";

import type { AppSession } from "@/lib/auth/session";

import { isPermitted } from "./permitted-restaurants";

/**
 * Who may change targets, in one place: the targets routes (403 otherwise), the Targets pages (no
 * edit control otherwise) and the targets answer's `mayEdit` all ask here, on every request.
 *
 * TODO(merge, issue 33): switch to the people roles (branch people): "group" for owner and admin;
 * "own" for owner and admin, an area manager whose areas hold `guid`, and a manager of `guid`;
 * never a viewer. Until then, today's rule: whoever sees a restaurant may change its own targets,
 * and the group standard is the demo admin's alone.
 */
const GROUP_EDITORS: readonly string[] = ["admin@kitchen.test"];

export function mayEditTargets(session: AppSession, guid: string | null, scope: "group" | "own"): boolean {
  if (scope === "group") return GROUP_EDITORS.includes(session.email.toLowerCase());
  return guid !== null && isPermitted(session, guid);
}

/** Both answers at once, as the targets answer carries them. */
export function targetEditRights(session: AppSession, guid: string): { own: boolean; group: boolean } {
  return { own: mayEditTargets(session, guid, "own"), group: mayEditTargets(session, null, "group") };
}
