import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { KitchenView } from "@/components/kitchen/kitchen-view";
import { requireRestaurant } from "@/lib/access/page-access";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { makeQueryClient } from "@/lib/queries/query-client";
import { parseKitchenView } from "@/lib/url-state/kitchen-view";

import { prefetchKitchenFigures } from "./kitchen-prefetch";

type Props = {
  params: Promise<{ guid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  return { title: `Kitchen · ${restaurant.name}` };
}

// /restaurants/[guid]/kitchen
// The page checks access, computes today's business date in the restaurant's zone (the range
// presets hang off it) and prefetches the URL's view into the query cache the browser hydrates:
// the headline figures are server HTML, and a cold range shows its progress from the first paint.
// The URL is parsed by the same nuqs schema the browser's useKitchenView reads, so both ask for
// the same query keys. The route has no loading.tsx on purpose: a Suspense fallback would put the
// figures in a later chunk of the stream, revealed by script after the framework has started, and
// the phone's largest paint with them; the prefetch waits for nothing slow (a cold range answers
// its progress at once).
export default async function KitchenPage({ params, searchParams }: Props) {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  const today = currentBusinessDate(restaurant);
  const { view } = parseKitchenView(await searchParams, today);
  const queryClient = makeQueryClient();
  await prefetchKitchenFigures(queryClient, restaurant, view, today);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <KitchenView
        today={today}
        restaurant={{
          guid: restaurant.guid,
          name: restaurant.name,
          timeZone: restaurant.timeZone,
          closeoutHour: restaurant.closeoutHour,
          kitchenEntitled: restaurant.kitchenEntitled,
        }}
      />
    </HydrationBoundary>
  );
}
