import type { Metadata } from "next";

import { InvitationForm } from "@/components/account-links/invitation-form";
import { LinkPage } from "@/components/account-links/link-page";
import { LinkProblem } from "@/components/account-links/link-problem";
import styles from "@/components/shell/sign-in.module.css";
import { linkFlows } from "@/lib/auth/link-flows";
import { OneTimeLinkError, type LinkGrant } from "@/lib/auth/one-time-links";

export const metadata: Metadata = { title: "Invitation", robots: { index: false } };

/** An invitation link's landing page: who is invited and a form to choose a password (the link is used then). */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let grant: LinkGrant;
  try {
    grant = await (await linkFlows()).describeInvitation(token);
  } catch (error) {
    if (!(error instanceof OneTimeLinkError)) throw error;
    return (
      <LinkPage>
        <LinkProblem reason={error.reason} purpose="invitation" />
      </LinkPage>
    );
  }
  const role = typeof grant.payload.role === "string" ? grant.payload.role.replaceAll("_", " ") : null;
  return (
    <LinkPage>
      <h1 className={styles.title}>You are invited</h1>
      <p className={styles.lead}>
        This invitation is for <span className="mono">{grant.email}</span>
        {role ? <> as {role}</> : null}. Choose a password to start.
      </p>
      <InvitationForm token={token} email={grant.email} />
    </LinkPage>
  );
}
