import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";

import { ResetRequestForm } from "@/components/account-links/reset-request-form";
import { AuthCard } from "@/components/shell/auth-card";
import styles from "@/components/shell/sign-in.module.css";

export const metadata: Metadata = { title: "Reset your password" };

/** Asks for a reset link; never says whether the address belongs to an account. */
export default async function ResetPasswordPage() {
  // Rendered per request: a page built statically carries no CSP nonce, so its scripts would be
  // blocked and the form would fall back to a plain GET instead of calling the API.
  await connection();
  return (
    <AuthCard>
      <h1 className={styles.title}>Reset your password</h1>
      <p className={styles.lead}>We will e-mail a link to choose a new one.</p>
      <ResetRequestForm />
      <p className={styles.demo}>
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
