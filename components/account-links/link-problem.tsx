import Link from "next/link";

import styles from "@/components/shell/sign-in.module.css";

export type LinkProblemReason = "unknown" | "used" | "expired";
export type LinkProblemPurpose = "invitation" | "password_reset";

const TITLES: Record<LinkProblemReason, string> = {
  unknown: "This link is not known",
  used: "This link has already been used",
  expired: "This link has expired",
};

/** What to do next, per purpose and reason: a dead link is a normal event, not an error page. */
function Advice({ reason, purpose }: { reason: LinkProblemReason; purpose: LinkProblemPurpose }) {
  const signIn = <Link href="/sign-in">sign in</Link>;
  const reset = <Link href="/reset-password">ask for a new reset link</Link>;
  if (purpose === "invitation") {
    if (reason === "used")
      return <p>The invitation was accepted already: {signIn} with the password chosen then.</p>;
    if (reason === "expired")
      return <p>Invitation links work for a limited time. Ask whoever invited you to send a new one.</p>;
    return (
      <p>
        Check that the whole address from the e-mail was copied. If a newer invitation was sent, use its link.
      </p>
    );
  }
  if (reason === "used")
    return (
      <p>
        The password was changed with this link already: {signIn}, or {reset}.
      </p>
    );
  if (reason === "expired") return <p>Reset links work for a short time only. You can {reset}.</p>;
  return <p>Check that the whole address from the e-mail was copied, or {reset}.</p>;
}

/** The plain page a dead invitation or reset link lands on, saying which and what to do. */
export function LinkProblem({ reason, purpose }: { reason: LinkProblemReason; purpose: LinkProblemPurpose }) {
  return (
    <>
      <h1 className={styles.title}>{TITLES[reason]}</h1>
      <div className={styles.lead}>
        <Advice reason={reason} purpose={purpose} />
      </div>
    </>
  );
}
