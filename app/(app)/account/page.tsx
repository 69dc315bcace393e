import type { Metadata } from "next";

import { AccountSessions } from "@/components/admin/account-sessions";
import { DigestSetting } from "@/components/admin/digest-setting";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/access/page-access";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { readAccountSettings } from "@/lib/digests/digest-settings";
import { findActivePerson } from "@/lib/people/people-store";

export const metadata: Metadata = { title: "Account" };

/** The signed-in person's digest choice, their sessions, and signing out of all of them. */
export default async function AccountPage() {
  const session = await requireSession();
  const db = await getPeopleDatabase();
  const person = await findActivePerson(db, session.email);
  const settings = person ? await readAccountSettings(db, person.id) : null;
  return (
    <>
      <PageHeader title="Account" subtitle={session.email} />
      {settings && <DigestSetting initial={settings.digest} />}
      <AccountSessions />
    </>
  );
}
