"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { PasswordFields, readPasswords } from "@/components/account-links/password-fields";
import styles from "@/components/shell/sign-in.module.css";
import { apiPost } from "@/lib/queries/api-client";

/** The first owner's password, twice; on success, on to the sign-in page. */
export function SetupForm() {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const router = useRouter();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const passwords = readPasswords(form);
    if ("mismatch" in passwords) {
      setError(passwords.mismatch);
      return;
    }
    const { password } = passwords;
    const name = String(form.get("name") ?? "").trim();
    setPending(true);
    setError(undefined);
    try {
      await apiPost("/api/setup", { password, ...(name ? { name } : {}) });
      router.push("/sign-in");
    } catch (e) {
      setError((e as Error).message);
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-describedby={error ? "setup-error" : undefined}>
      <div className={styles.field}>
        <label htmlFor="name">Your name (optional)</label>
        <input id="name" name="name" autoComplete="name" className="input" />
      </div>
      <PasswordFields />
      {error ? (
        <p id="setup-error" className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Creating…" : "Create the owner"}
      </button>
    </form>
  );
}
