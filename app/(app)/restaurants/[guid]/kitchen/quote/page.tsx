import type { Metadata } from "next";

import { QuoteView } from "@/components/quote/quote-view";
import { requireRestaurant } from "@/lib/access/page-access";
import { currentBusinessDate } from "@/lib/business-date/closeout";

type Props = { params: Promise<{ guid: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `Guest quote · ${restaurant.name}` };
}

// /restaurants/[guid]/kitchen/quote: take-out and delivery tickets within the restaurant's quote.
// Access first; today's business date (the presets hang off it) from the restaurant's zone; the
// figures load in the browser (a cold range shows its progress).
export default async function QuotePage({ params }: Props) {
  const restaurant = await requireRestaurant((await params).guid);
  return (
    <QuoteView
      today={currentBusinessDate(restaurant)}
      restaurant={{ guid: restaurant.guid, name: restaurant.name, timeZone: restaurant.timeZone }}
    />
  );
}
