"use client";

import type { FormEvent } from "react";

import styles from "@/components/shell/sign-in.module.css";

import { LinkForm } from "./link-form";
import { useLinkSubmit } from "./use-link-submit";

/** Asks for a reset link by e-mail; the answer is the same for every address. */
export function ResetRequestForm() {
  const { state, submit } = useLinkSubmit<{ message: string }>("/api/password-reset");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
  }

  if (state.kind === "done") return <p role="status">{state.value.message}</p>;
  return (
    <LinkForm state={state} onSubmit={onSubmit} action="Send me a link" sending="Sending…">
      <div className={styles.field}>
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" autoComplete="username" required className="input" />
      </div>
    </LinkForm>
  );
}
