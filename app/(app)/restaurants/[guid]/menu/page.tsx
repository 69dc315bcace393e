import type { Metadata } from "next";

import { MenuView } from "@/components/menu/menu-view";
import { requireRestaurant } from "@/lib/access/page-access";

type Params = Promise<{ guid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `${restaurant.name} · Menu` };
}

/**
 * The menu explorer. Not prefetched: a 5,000-item model would be embedded in the page twice
 * (HTML and flight data); the browser fetches it once, compressed, from /api/.../menu.
 */
export default async function MenuPage({ params }: { params: Params }) {
  const restaurant = await requireRestaurant((await params).guid);
  // Keyed: switching restaurants must not carry one menu's open groups and item into another.
  return <MenuView key={restaurant.guid} guid={restaurant.guid} restaurantName={restaurant.name} />;
}
