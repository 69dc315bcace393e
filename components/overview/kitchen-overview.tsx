import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";
import { businessDateAt } from "@/lib/restaurants/business-date";
import { KitchenOverviewTable, type OverviewRestaurant } from "./kitchen-overview-table";

/**
 * The Overview's kitchen figures for every permitted restaurant. Each restaurant's "yesterday"
 * is its own: business dates are computed in its zone with its closeout hour, here on the server.
 */
export function KitchenOverview({ restaurants, now = new Date() }: { restaurants: readonly PermittedRestaurant[]; now?: Date }) {
  const rows: OverviewRestaurant[] = restaurants.map((r) => ({
    guid: r.guid,
    name: r.name,
    locationName: r.locationName,
    archived: r.archived,
    kitchenEntitled: r.kitchenEntitled,
    today: businessDateAt(now, r.timeZone, r.closeoutHour),
  }));
  return <KitchenOverviewTable restaurants={rows} />;
}
