import type { Metadata } from "next";

import { ConfigIndexView } from "@/components/config/config-index-view";
import { requireRestaurant } from "@/lib/access/page-access";

type Params = Promise<{ guid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `${restaurant.name} · Configuration` };
}

/** The configuration explorer's index; counts come from /api/restaurants/[guid]/config in the browser. */
export default async function ConfigPage({ params }: { params: Params }) {
  const restaurant = await requireRestaurant((await params).guid);
  return <ConfigIndexView guid={restaurant.guid} restaurantName={restaurant.name} />;
}
