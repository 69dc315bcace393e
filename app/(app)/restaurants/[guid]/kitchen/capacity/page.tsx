import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";

import { CapacityView } from "@/components/capacity/capacity-view";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/states";
import { requireRestaurant } from "@/lib/access/page-access";
import { currentBusinessDate } from "@/lib/business-date/closeout";

type Props = { params: Promise<{ guid: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  return { title: `Capacity · ${restaurant.name}` };
}

/**
 * /restaurants/[guid]/kitchen/capacity (issue 36): how p90 rises with the items fired per 15
 * minutes, and the number for the kitchen-capacity setting. The view reads its state from the URL
 * in the browser (nuqs), hence the Suspense; the range presets hang off the restaurant's today.
 */
export default async function CapacityPage({ params }: Props) {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  const today = currentBusinessDate(restaurant);
  return (
    <>
      <PageHeader
        title="Kitchen capacity"
        eyebrow={
          <Link href={`/restaurants/${encodeURIComponent(guid)}/kitchen`}>Kitchen · {restaurant.name}</Link>
        }
        subtitle="How p90 rises with the items fired per 15 minutes, and where it passes the target."
      />
      <Suspense fallback={<LoadingState label="Loading capacity…" />}>
        <CapacityView guid={restaurant.guid} today={today} />
      </Suspense>
    </>
  );
}
