import type { Metadata } from "next";

import { AccountSessions } from "@/components/admin/account-sessions";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/access/page-access";

export const metadata: Metadata = { title: "Account" };

/** The signed-in person's sessions, and signing out of all of them. */
export default async function AccountPage() {
  const session = await requireSession();
  return (
    <>
      <PageHeader title="Account" subtitle={session.email} />
      <AccountSessions />
    </>
  );
}
