import type { ReactNode } from "react";

import { AuthCard } from "@/components/shell/auth-card";
import { OneTimeLinkError, type LinkGrant } from "@/lib/auth/one-time-links";

import { LinkProblem, type LinkProblemPurpose } from "./link-problem";

/**
 * A one-time link's landing page: what the link grants, rendered by `render`, or the page saying
 * what to do when the link is unknown, used or expired (a normal event, not an error page).
 */
export async function linkLanding(
  describe: () => Promise<LinkGrant>,
  purpose: LinkProblemPurpose,
  render: (grant: LinkGrant) => ReactNode,
): Promise<ReactNode> {
  let grant: LinkGrant;
  try {
    grant = await describe();
  } catch (error) {
    if (!(error instanceof OneTimeLinkError)) throw error;
    return (
      <AuthCard>
        <LinkProblem reason={error.reason} purpose={purpose} />
      </AuthCard>
    );
  }
  return <AuthCard>{render(grant)}</AuthCard>;
}
