import type { Metadata } from "next";

import { AdminNav } from "@/components/admin/admin-nav";
import { PeopleView } from "@/components/admin/people/people-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/access/page-access";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { listAreas } from "@/lib/people/areas";
import { listPeople } from "@/lib/people/people-store";
import { listAddedRestaurants } from "@/lib/people/restaurant-registry";

export const metadata: Metadata = { title: "People" };

/** Who may sign in, their roles and what they see (owners and admins only). */
export default async function PeoplePage() {
  await requireAdmin();
  const db = await getPeopleDatabase();
  const [people, areas, restaurants] = await Promise.all([
    listPeople(db),
    listAreas(db),
    listAddedRestaurants(db),
  ]);
  return (
    <>
      <PageHeader
        title="People"
        subtitle="Owners and admins see every restaurant; area managers their areas'; managers and viewers what they are granted."
      />
      <AdminNav current="/admin/people" />
      <PeopleView initial={{ people: { people }, areas: { areas }, restaurants: { restaurants } }} />
    </>
  );
}
