import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";

import { MenuLoadView } from "@/components/menu-load/menu-load-view";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/states";
import { requireRestaurant } from "@/lib/access/page-access";
import { currentBusinessDate } from "@/lib/business-date/closeout";

type Params = Promise<{ guid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `Menu load · ${restaurant.name}` };
}

// /restaurants/[guid]/kitchen/menu-load
// The kitchen's half of menu engineering (issue 36). The view reads its state from the URL in the
// browser (nuqs), hence the Suspense; today's business date, in the restaurant's zone, anchors the
// default dates.
export default async function MenuLoadPage({ params }: { params: Params }) {
  const restaurant = await requireRestaurant((await params).guid);
  const guid = encodeURIComponent(restaurant.guid);
  return (
    <>
      <PageHeader
        title="Menu load"
        eyebrow={<Link href={`/restaurants/${guid}/kitchen`}>{restaurant.name} · Kitchen</Link>}
        subtitle="Each menu item's popularity against its kitchen time, and the station-minutes it takes."
      />
      <Suspense fallback={<LoadingState label="Loading the menu's load…" />}>
        <MenuLoadView
          key={restaurant.guid}
          guid={restaurant.guid}
          restaurantName={restaurant.name}
          today={currentBusinessDate(restaurant)}
        />
      </Suspense>
    </>
  );
}
