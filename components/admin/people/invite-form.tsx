"use client";

import { useState, type FormEvent } from "react";

import { errorMessage } from "@/components/ui/states";
import type { AddedRestaurant, Area, InvitationResponse } from "@/lib/people/admin-contract";
import { ROLE_LABELS, ROLES } from "@/lib/people/roles";
import { apiPost } from "@/lib/queries/api-client";

import styles from "../shared/admin.module.css";
import { useAdminMutation } from "../shared/use-admin-mutation";
import { checkedNumbers, checkedStrings, ScopeChoices } from "./scope-choices";

/** What became of an invitation's mail, in words for the admin who sent it. */
export function deliveryWords(answer: InvitationResponse): string {
  const { email } = answer.person;
  if (answer.delivery.status === "sent") return `An invitation was sent to ${email}.`;
  if (answer.delivery.status === "stored")
    return `The invitation to ${email} is in the outbox (no mail server is configured).`;
  return `${email} is invited, but the mail was not sent (${answer.delivery.error ?? "unknown error"}): resend it.`;
}

/** Invite someone by e-mail with a role and scope: they choose their own password from the link. */
export function InviteForm({
  areas,
  restaurants,
}: {
  areas: readonly Area[];
  restaurants: readonly AddedRestaurant[];
}) {
  const invite = useAdminMutation((body: unknown) =>
    apiPost<InvitationResponse>("/api/admin/invitations", body),
  );
  const [done, setDone] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const name = String(form.get("name") ?? "").trim();
    setDone(undefined);
    invite.mutate(
      {
        email: String(form.get("email") ?? ""),
        role: String(form.get("role") ?? ""),
        ...(name ? { name } : {}),
        areas: checkedNumbers(form, "areas"),
        restaurants: checkedStrings(form, "restaurants"),
      },
      {
        onSuccess: (answer) => {
          formElement.reset();
          setDone(deliveryWords(answer));
        },
      },
    );
  }

  return (
    <section className={styles.section} aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        aria-describedby={invite.error ? "invite-error" : undefined}
      >
        <div className={styles.field}>
          <label htmlFor="invite-email">E-mail</label>
          <input id="invite-email" name="email" type="email" required className="input" />
        </div>
        <div className={styles.field}>
          <label htmlFor="invite-name">Name (optional)</label>
          <input id="invite-name" name="name" className="input" />
        </div>
        <div className={styles.field}>
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" name="role" className="select" defaultValue="viewer">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <ScopeChoices idPrefix="invite" areas={areas} restaurants={restaurants} />
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          {invite.isPending ? "Inviting…" : "Send invitation"}
        </button>
        {invite.error ? (
          <p id="invite-error" className={styles.error} role="alert">
            {errorMessage(invite.error)}
          </p>
        ) : null}
        {done ? (
          <p className={styles.status} role="status">
            {done}
          </p>
        ) : null}
      </form>
    </section>
  );
}
