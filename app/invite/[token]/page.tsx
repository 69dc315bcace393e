import type { Metadata } from "next";

import { InvitationForm } from "@/components/account-links/invitation-form";
import { linkLanding } from "@/components/account-links/link-landing";
import styles from "@/components/shell/sign-in.module.css";
import { linkFlows } from "@/lib/auth/link-flows";

export const metadata: Metadata = { title: "Invitation", robots: { index: false } };

/** An invitation link's landing page: who is invited and a form to choose a password (the link is used then). */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return linkLanding(
    async () => (await linkFlows()).describeInvitation(token),
    "invitation",
    (grant) => {
      const role = typeof grant.payload.role === "string" ? grant.payload.role.replaceAll("_", " ") : null;
      return (
        <>
          <h1 className={styles.title}>You are invited</h1>
          <p className={styles.lead}>
            This invitation is for <span className="mono">{grant.email}</span>
            {role ? <> as {role}</> : null}. Choose a password to start.
          </p>
          <InvitationForm token={token} email={grant.email} />
        </>
      );
    },
  );
}
