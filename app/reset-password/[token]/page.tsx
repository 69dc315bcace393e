import type { Metadata } from "next";

import { linkLanding } from "@/components/account-links/link-landing";
import { ResetPasswordForm } from "@/components/account-links/reset-password-form";
import styles from "@/components/shell/sign-in.module.css";
import { linkFlows } from "@/lib/auth/link-flows";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false } };

/** A reset link's landing page: the new password (the link is used when it is saved). */
export default async function ResetPasswordTokenPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return linkLanding(
    async () => (await linkFlows()).describePasswordReset(token),
    "password_reset",
    (grant) => (
      <>
        <h1 className={styles.title}>Choose a new password</h1>
        <p className={styles.lead}>
          For <span className="mono">{grant.email}</span>.
        </p>
        <ResetPasswordForm token={token} />
      </>
    ),
  );
}
