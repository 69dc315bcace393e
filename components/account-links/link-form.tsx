"use client";

import type { FormEvent, ReactNode } from "react";

import styles from "@/components/shell/sign-in.module.css";

import type { LinkSubmitState } from "./use-link-submit";

/** A link page's form: its fields, the server's refusal under them, and a button that says while it sends. */
export function LinkForm({
  state,
  onSubmit,
  action,
  sending,
  children,
}: {
  state: LinkSubmitState<unknown>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The button's words. */
  action: string;
  /** The button's words while the form is sent. */
  sending: string;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      aria-describedby={state.kind === "error" ? "link-error" : undefined}
    >
      {children}
      {state.kind === "error" ? (
        <p id="link-error" className={styles.error} role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={state.kind === "pending"}>
        {state.kind === "pending" ? sending : action}
      </button>
    </form>
  );
}
