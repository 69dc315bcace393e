import type { Metadata } from "next";

import { AdminNav } from "@/components/admin/admin-nav";
import { AuditView } from "@/components/admin/audit-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/access/page-access";
import { listAudit } from "@/lib/audit/audit-log";
import { getPeopleDatabase } from "@/lib/auth/first-run";

export const metadata: Metadata = { title: "Audit log" };

/** Who changed what, when, from what to what (owners and admins only). */
export default async function AuditPage() {
  await requireAdmin();
  const entries = await listAudit(await getPeopleDatabase());
  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Every change of people, areas, restaurants and targets, newest first."
      />
      <AdminNav current="/admin/audit" />
      <AuditView initial={{ entries }} />
    </>
  );
}
