import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { InfoView } from "@/components/info/info-view";
import { requireRestaurant } from "@/lib/access/page-access";
import { makeQueryClient } from "@/lib/queries/query-client";
import { restaurantInfoQuery } from "@/lib/queries/restaurants";
import { loadRestaurantInfo } from "@/lib/restaurants/restaurant-info";

type Params = Promise<{ guid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `${restaurant.name} · Info` };
}

/**
 * Restaurant information, prefetched on the server into the query the browser's InfoView uses.
 * A failed prefetch is not dehydrated: the browser fetches /api/restaurants/[guid]/info itself
 * and shows the error state with a retry.
 */
export default async function RestaurantInfoPage({ params }: { params: Params }) {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({
    ...restaurantInfoQuery(restaurant.guid),
    queryFn: () => loadRestaurantInfo(restaurant.guid),
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <InfoView guid={restaurant.guid} />
    </HydrationBoundary>
  );
}
