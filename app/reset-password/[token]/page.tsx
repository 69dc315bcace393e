import type { Metadata } from "next";

import { LinkPage } from "@/components/account-links/link-page";
import { LinkProblem } from "@/components/account-links/link-problem";
import { ResetPasswordForm } from "@/components/account-links/reset-password-form";
import styles from "@/components/shell/sign-in.module.css";
import { linkFlows } from "@/lib/auth/link-flows";
import { OneTimeLinkError, type LinkGrant } from "@/lib/auth/one-time-links";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false } };

/** A reset link's landing page: the new password (the link is used when it is saved). */
export default async function ResetPasswordTokenPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let grant: LinkGrant;
  try {
    grant = await (await linkFlows()).describePasswordReset(token);
  } catch (error) {
    if (!(error instanceof OneTimeLinkError)) throw error;
    return (
      <LinkPage>
        <LinkProblem reason={error.reason} purpose="password_reset" />
      </LinkPage>
    );
  }
  return (
    <LinkPage>
      <h1 className={styles.title}>Choose a new password</h1>
      <p className={styles.lead}>
        For <span className="mono">{grant.email}</span>.
      </p>
      <ResetPasswordForm token={token} />
    </LinkPage>
  );
}
