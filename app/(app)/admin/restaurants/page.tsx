import type { Metadata } from "next";

import { AdminNav } from "@/components/admin/admin-nav";
import { RestaurantsView } from "@/components/admin/restaurants-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/access/page-access";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { listAddedRestaurants } from "@/lib/people/restaurant-registry";

export const metadata: Metadata = { title: "Restaurants" };

/** The deployment's restaurants (owners and admins only); an added one joins the backfill at once. */
export default async function RestaurantsAdminPage() {
  await requireAdmin();
  const restaurants = await listAddedRestaurants(await getPeopleDatabase());
  return (
    <>
      <PageHeader title="Restaurants" subtitle="The locations this deployment follows." />
      <AdminNav current="/admin/restaurants" />
      <RestaurantsView initial={{ restaurants }} />
    </>
  );
}
