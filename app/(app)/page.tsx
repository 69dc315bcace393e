import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { requireSession } from "@/lib/access/page-access";
import type { AppSession } from "@/lib/auth/session";
import { restaurantsQuery } from "@/lib/queries/restaurants";
import { makeQueryClient } from "@/lib/queries/query-client";
import { RestaurantList } from "@/components/overview/restaurant-list";
import { KitchenOverviewTable } from "@/components/overview/kitchen-overview-table";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Overview" };

/** Waits this long for unknown kitchen entitlements before rendering; the list polls for the rest. */
const ENTITLEMENT_WAIT_MS = 2_500;

export default async function OverviewPage() {
  const session = await requireSession();
  return (
    <>
      <PageHeader
        title="Overview"
        subtitle="Your restaurants, with today's business date in each one's own time zone."
        actions={<Link href="/items">Items across restaurants</Link>}
      />
      <Suspense fallback={<LoadingState label="Loading your restaurants…" />}>
        <PrefetchedRestaurantList session={session} />
      </Suspense>
    </>
  );
}

/**
 * The list is prefetched on the server into the same query key the browser uses, so the first
 * paint has the data and later refreshes go through GET /api/restaurants. A Platform failure is
 * left to the browser's query (which shows the error with a retry) rather than failing the page.
 */
async function PrefetchedRestaurantList({ session }: { session: AppSession }) {
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({
    ...restaurantsQuery(),
    queryFn: async () => ({ restaurants: await getPermittedRestaurants(session, { probeKitchenMs: ENTITLEMENT_WAIT_MS }) }),
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {/* The kitchen table first: on a phone it is what a multi-unit manager came for. */}
      <KitchenOverviewTable />
      <RestaurantList />
    </HydrationBoundary>
  );
}
