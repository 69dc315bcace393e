"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";

import styles from "./sign-in.module.css";

/** next-auth's error codes, as sentences. Never says whether the e-mail exists. */
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "That e-mail and password do not match an account.",
  // One sentence for every limit of lib/auth/sign-in-throttle.ts: which one refused is not told.
  TooManyAttempts: "Too many sign-in attempts. Wait a little and try again.",
  AccessDenied: "This account has no access to Kitchen Pulse.",
  SessionRequired: "Please sign in to continue.",
};
const FALLBACK = "Signing in did not work. Try again.";

export function SignInForm({
  callbackPath,
  initialError,
  sso,
}: {
  callbackPath: string;
  initialError?: string;
  sso?: { name: string };
}) {
  const [error, setError] = useState<string | undefined>(
    initialError ? (MESSAGES[initialError] ?? FALLBACK) : undefined,
  );
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (!result || result.error || !result.ok) {
        setError(MESSAGES[result?.error ?? ""] ?? FALLBACK);
        setPending(false);
        return;
      }
      // A full load of the page, as next-auth's own redirecting sign-in does, not a soft
      // navigation: the new document starts keyboard focus at its top, so the first Tab meets
      // its skip link. After a soft navigation the focus start stayed where the submit button
      // had been, somewhere inside the new page.
      window.location.assign(callbackPath);
    } catch {
      setError(FALLBACK);
      setPending(false);
    }
  }

  return (
    <>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate={false}
        aria-describedby={error ? "sign-in-error" : undefined}
      >
        <div className={styles.field}>
          <label htmlFor="email">E-mail</label>
          <input id="email" name="email" type="email" autoComplete="username" required className="input" />
        </div>
        <div className={styles.field}>
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="input"
          />
        </div>
        {error ? (
          <p id="sign-in-error" className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {sso ? (
        <div className={styles.sso}>
          <p className={styles.or}>or</p>
          <button
            type="button"
            className="button"
            onClick={() => void signIn("oidc", { callbackUrl: callbackPath })}
          >
            Continue with {sso.name}
          </button>
        </div>
      ) : null}
    </>
  );
}
