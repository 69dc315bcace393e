import styles from "@/components/shell/sign-in.module.css";

/** The new password twice; the server checks the rule, the browser only that both match. */
export function PasswordFields() {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="password">New password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={10}
          required
          className="input"
          aria-describedby="password-rule"
        />
        <small id="password-rule">At least 10 characters.</small>
      </div>
      <div className={styles.field}>
        <label htmlFor="password-again">New password, again</label>
        <input
          id="password-again"
          name="passwordAgain"
          type="password"
          autoComplete="new-password"
          required
          className="input"
        />
      </div>
    </>
  );
}

/** The two entries of PasswordFields, or the sentence saying they differ. */
export function readPasswords(form: FormData): { password: string } | { mismatch: string } {
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("passwordAgain") ?? "")) return { mismatch: "The two passwords differ." };
  return { password };
}
