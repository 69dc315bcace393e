import type { Metadata } from "next";

import { ChannelsView } from "@/components/kitchen-channels/channels-view";
import { requireRestaurant } from "@/lib/access/page-access";
import { currentBusinessDate } from "@/lib/business-date/closeout";

type Props = { params: Promise<{ guid: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `Channels · ${restaurant.name}` };
}

// /restaurants/[guid]/kitchen/channels
// The kitchen's figures per channel (dine-in, take-out, curbside, drive-thru, delivery), on a page
// of its own so the Kitchen page does not grow. The view (range, filters) is the Kitchen page's
// URL state, so a link between the two keeps it.
export default async function ChannelsPage({ params }: Props) {
  const restaurant = await requireRestaurant((await params).guid);
  return (
    <ChannelsView
      today={currentBusinessDate(restaurant)}
      restaurant={{ guid: restaurant.guid, name: restaurant.name, timeZone: restaurant.timeZone }}
    />
  );
}
