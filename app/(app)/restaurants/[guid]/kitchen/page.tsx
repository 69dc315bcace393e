import type { Metadata } from "next";
import { requireRestaurant } from "@/lib/access/page-access";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { KitchenView } from "@/components/kitchen/kitchen-view";

type Props = { params: Promise<{ guid: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  return { title: `Kitchen · ${restaurant.name}` };
}

// /restaurants/[guid]/kitchen
// The page is a thin server shell: it checks access and computes today's business date in the
// restaurant's zone (the range presets hang off it); the view fetches from the kitchen API so a
// cold range can show its progress instead of holding the whole page back.
export default async function KitchenPage({ params }: Props) {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  const today = currentBusinessDate(restaurant);
  return (
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
  );
}
