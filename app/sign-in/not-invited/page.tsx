import type { Metadata } from "next";
import Link from "next/link";

import { AuthCard } from "@/components/shell/auth-card";
import styles from "@/components/shell/sign-in.module.css";

export const metadata: Metadata = { title: "Not invited", robots: { index: false } };

/**
 * Where single sign-on sends an e-mail that is nobody's active account (or not verified by the
 * identity provider): a plain answer, not an error page. Says nothing of whether the e-mail exists.
 */
export default function NotInvitedPage() {
  return (
    <AuthCard>
      <h1 className={styles.title}>Ask your admin for an invitation</h1>
      <p className={styles.lead}>
        Your sign-in worked, but this Kitchen Pulse has no active account for that e-mail address. If you were
        invited, open the link in the invitation e-mail first; otherwise ask whoever runs Kitchen Pulse for
        your group to invite you.
      </p>
      <p>
        <Link href="/sign-in">Back to sign-in</Link>
      </p>
    </AuthCard>
  );
}
