"use client";

import { useState, type FormEvent } from "react";

import type { AddedRestaurant, Area, InvitationResponse } from "@/lib/people/admin-contract";
import { apiPost } from "@/lib/queries/api-client";

import { FormMessages, RoleSelect, TextField } from "../shared/admin-form";
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
    setDone(undefined);
    invite.mutate(newPersonBody(form), {
      onSuccess: (answer) => {
        formElement.reset();
        setDone(deliveryWords(answer));
      },
    });
  }

  return (
    <section className={styles.section} aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        aria-describedby={invite.error ? "invite-error" : undefined}
      >
        <PersonFields idPrefix="invite" />
        <ScopeChoices idPrefix="invite" areas={areas} restaurants={restaurants} />
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          {invite.isPending ? "Inviting…" : "Send invitation"}
        </button>
        <FormMessages error={invite.error} errorId="invite-error" done={done} />
      </form>
    </section>
  );
}

/** What PersonFields and ScopeChoices hold, as the body of an invitation or a new person (a blank name left out). */
export function newPersonBody(form: FormData) {
  const name = String(form.get("name") ?? "").trim();
  return {
    email: String(form.get("email") ?? ""),
    role: String(form.get("role") ?? ""),
    ...(name ? { name } : {}),
    areas: checkedNumbers(form, "areas"),
    restaurants: checkedStrings(form, "restaurants"),
  };
}

/** Who a new person is: e-mail, optional name and role (shared by inviting and adding). */
export function PersonFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <TextField id={`${idPrefix}-email`} label="E-mail" name="email" type="email" required />
      <TextField id={`${idPrefix}-name`} label="Name (optional)" name="name" />
      <RoleSelect id={`${idPrefix}-role`} defaultValue="viewer" />
    </>
  );
}
