import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { TargetsView } from "@/components/targets/targets-view";
import { requireRestaurant, requireSession } from "@/lib/access/page-access";
import { targetEditRights } from "@/lib/access/roles";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { kitchenTargetsQuery } from "@/lib/queries/kitchen";
import { makeQueryClient } from "@/lib/queries/query-client";

type Params = Promise<{ guid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `${restaurant.name} · Targets` };
}

/**
 * The restaurant's targets (level, ticket, station), their sources, what is scheduled and the
 * history, prefetched on the server (access checked first) into the query the browser's view and
 * the Kitchen page share. Whether the editors show is the answer's `mayEdit` (lib/access/roles.ts).
 */
export default async function TargetsPage({ params }: { params: Params }) {
  const restaurant = await requireRestaurant((await params).guid);
  const session = await requireSession();
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({
    ...kitchenTargetsQuery(restaurant.guid),
    queryFn: async () => ({
      ...(await (await getKitchenService()).targets(restaurant)),
      mayEdit: await targetEditRights(session, restaurant.guid),
    }),
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <TargetsView guid={restaurant.guid} restaurantName={restaurant.name} />
    </HydrationBoundary>
  );
}
