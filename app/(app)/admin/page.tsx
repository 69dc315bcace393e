import { redirect } from "next/navigation";

import { requireAdmin } from "@/lib/access/page-access";

/** /admin: the People page, for owners and admins (a 404 for anyone else). */
export default async function AdminPage() {
  await requireAdmin();
  redirect("/admin/people");
}
