import type { Metadata } from "next";

import { AdminNav } from "@/components/admin/admin-nav";
import { AreasView } from "@/components/admin/areas-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/access/page-access";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { listAreas } from "@/lib/people/areas";
import { listAddedRestaurants } from "@/lib/people/restaurant-registry";

export const metadata: Metadata = { title: "Areas" };

/** Named sets of restaurants that access may be granted by (owners and admins only). */
export default async function AreasPage() {
  await requireAdmin();
  const db = await getPeopleDatabase();
  const [areas, restaurants] = await Promise.all([listAreas(db), listAddedRestaurants(db)]);
  return (
    <>
      <PageHeader
        title="Areas"
        subtitle="A named set of restaurants: grant it to people instead of each restaurant."
      />
      <AdminNav current="/admin/areas" />
      <AreasView initial={{ areas: { areas }, restaurants: { restaurants } }} />
    </>
  );
}
