import "server-only";

import { recordAudit } from "@/lib/audit/audit-log";
import type { Area, InvitationResponse, Person } from "@/lib/people/admin-contract";
import { listAreas } from "@/lib/people/areas";
import { invitedPersonFor, invitePersonAs, type Actor } from "@/lib/people/people-admin";
import { findActivePerson } from "@/lib/people/people-store";
import { ROLE_LABELS, seesEveryRestaurant } from "@/lib/people/roles";

import { getPeopleDatabase } from "./first-run";
import { linkFlows } from "./link-flows";

/**
 * Invitations by e-mail (issue 33): the person is created at once as "invited" (the People page
 * shows them so; no sign-in of any kind, password or OpenID Connect, until they accept), then the
 * link is issued and mailed through the link flows. The person and its audit entry commit first;
 * a mail that fails is reported in the answer and kept in the outbox, and "Resend invitation"
 * issues a new link (the earlier one ends).
 */
interface InvitationInput {
  email: string;
  name?: string | null;
  role: Person["role"];
  areaIds: readonly number[];
  restaurantGuids: readonly string[];
}

/** What the person will be able to do, in the mail's words ("manager of North"). */
function accessWords(person: Person, areas: readonly Area[]): string {
  const role = ROLE_LABELS[person.role].toLowerCase();
  if (seesEveryRestaurant(person.role)) return `${role} (every restaurant)`;
  const names = person.areaIds.map((id) => areas.find((a) => a.id === id)?.name).filter(Boolean);
  const single = person.restaurantGuids.length;
  const parts = [...names, ...(single ? [`${single} restaurant${single === 1 ? "" : "s"}`] : [])];
  return parts.length ? `${role} of ${parts.join(", ")}` : role;
}

async function mailInvitation(actor: Actor, person: Person, origin: string): Promise<InvitationResponse> {
  const db = await getPeopleDatabase();
  const [inviter, areas] = await Promise.all([findActivePerson(db, actor.email), listAreas(db)]);
  const { delivery, expiresAt } = await (
    await linkFlows(origin)
  ).sendInvitation({
    email: person.email,
    payload: { role: person.role },
    inviterName: inviter?.name ?? actor.email,
    access: accessWords(person, areas),
  });
  return { person, delivery, expiresAt: expiresAt.toISOString() };
}

/** POST /api/admin/invitations: creates the invited person (audited) and mails their link. */
export async function inviteAs(
  actor: Actor,
  input: InvitationInput,
  origin: string,
): Promise<InvitationResponse> {
  const person = await invitePersonAs(await getPeopleDatabase(), actor, input);
  return mailInvitation(actor, person, origin);
}

/** A new link for someone invited who has not accepted; null when there is no such person. */
export async function resendInvitationAs(
  actor: Actor,
  id: number,
  origin: string,
): Promise<InvitationResponse | null> {
  const db = await getPeopleDatabase();
  const person = await invitedPersonFor(db, actor, id);
  if (!person) return null;
  const answer = await mailInvitation(actor, person, origin);
  await recordAudit(db, {
    actorEmail: actor.email,
    action: "person.invitation_resend",
    subjectKind: "person",
    subjectId: String(person.id),
    after: { email: person.email, delivery: answer.delivery.status },
  });
  return answer;
}
