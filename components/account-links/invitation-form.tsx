"use client";

import Link from "next/link";
import type { FormEvent } from "react";

import styles from "@/components/shell/sign-in.module.css";

import { LinkForm } from "./link-form";
import { LinkProblem } from "./link-problem";
import { PasswordFields, readPasswords } from "./password-fields";
import { useLinkSubmit } from "./use-link-submit";

/** The invited person's name and password; the invitation's link is used when this succeeds. */
export function InvitationForm({ token, email }: { token: string; email: string }) {
  const { state, submit, fail } = useLinkSubmit<{ email: string }>("/api/invitations/accept");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const passwords = readPasswords(form);
    if ("mismatch" in passwords) return fail(passwords.mismatch);
    void submit({ token, name: String(form.get("name") ?? ""), password: passwords.password });
  }

  if (state.kind === "dead") return <LinkProblem reason={state.reason} purpose="invitation" />;
  if (state.kind === "done")
    return (
      <p role="status">
        Your account is ready. <Link href="/sign-in">Sign in</Link> as <span className="mono">{email}</span>.
      </p>
    );
  return (
    <LinkForm state={state} onSubmit={onSubmit} action="Choose this password" sending="Saving…">
      <div className={styles.field}>
        <label htmlFor="name">Your name</label>
        <input
          id="name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          className="input"
        />
      </div>
      <PasswordFields />
    </LinkForm>
  );
}
