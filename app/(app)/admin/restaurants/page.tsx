import type { Metadata } from "next";

import { AdminNav } from "@/components/admin/admin-nav";
import { RestaurantsView } from "@/components/admin/restaurants/restaurants-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/access/page-access";
import { restaurantsAdminAnswer } from "@/lib/restaurants/discovery-server";

export const metadata: Metadata = { title: "Restaurants" };

/**
 * The deployment's restaurants (owners and admins only): the added ones with their state, and the
 * locations discovery found; an added one joins the backfill at once.
 */
export default async function RestaurantsAdminPage() {
  await requireAdmin();
  return (
    <>
      <PageHeader title="Restaurants" subtitle="The locations this deployment follows." />
      <AdminNav current="/admin/restaurants" />
      <RestaurantsView initial={await restaurantsAdminAnswer()} />
    </>
  );
}
