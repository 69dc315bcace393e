import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { StationsView } from "@/components/stations/stations-view";
import { requireRestaurant } from "@/lib/access/page-access";
import { makeQueryClient } from "@/lib/queries/query-client";
import { stationsQuery } from "@/lib/queries/stations";
import { loadStationsReport } from "@/lib/stations/load-stations";

type Params = Promise<{ guid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `${restaurant.name} · Prep stations` };
}

/**
 * Prep station routing, prefetched on the server (access checked first) into the query the
 * browser's StationsView uses; a failed prefetch is left to the browser, which shows the error.
 */
export default async function StationsPage({ params }: { params: Params }) {
  const restaurant = await requireRestaurant((await params).guid);
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({
    ...stationsQuery(restaurant.guid),
    queryFn: () => loadStationsReport(restaurant.guid),
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <StationsView guid={restaurant.guid} restaurantName={restaurant.name} />
    </HydrationBoundary>
  );
}
