"use client";

import Link from "next/link";
import type { FormEvent } from "react";

import { LinkForm } from "./link-form";
import { LinkProblem } from "./link-problem";
import { PasswordFields, readPasswords } from "./password-fields";
import { useLinkSubmit } from "./use-link-submit";

/** The new password, set with a reset link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { state, submit, fail } = useLinkSubmit<{ email: string }>("/api/password-reset/confirm");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const passwords = readPasswords(new FormData(event.currentTarget));
    if ("mismatch" in passwords) return fail(passwords.mismatch);
    void submit({ token, password: passwords.password });
  }

  if (state.kind === "dead") return <LinkProblem reason={state.reason} purpose="password_reset" />;
  if (state.kind === "done")
    return (
      <p role="status">
        Your password is changed. <Link href="/sign-in">Sign in</Link> with it.
      </p>
    );
  return (
    <LinkForm state={state} onSubmit={onSubmit} action="Set the new password" sending="Saving…">
      <PasswordFields />
    </LinkForm>
  );
}
