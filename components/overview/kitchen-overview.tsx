"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { restaurantsQuery } from "@/lib/queries/restaurants";
import { businessDateAt } from "@/lib/restaurants/business-date";
import { KitchenOverviewTable, type OverviewRestaurant } from "./kitchen-overview-table";

/**
 * The Overview's kitchen figures for every permitted restaurant, from the same restaurant list
 * query as the list above it. Each restaurant's "yesterday" is its own: business dates come from
 * its zone and closeout hour.
 */
export function KitchenOverview() {
  const query = useQuery(restaurantsQuery());
  const list = query.data?.restaurants;
  const rows = useMemo<OverviewRestaurant[]>(() => {
    const now = new Date();
    return (list ?? []).flatMap((r) => {
      try {
        const today = businessDateAt(now, r.timeZone, r.closeoutHour);
        return [{ guid: r.guid, name: r.name, locationName: r.locationName, archived: r.archived, kitchenEntitled: r.kitchenEntitled, today }];
      } catch {
        // A zone the runtime does not know: the restaurant list already flags it; no figures here.
        return [];
      }
    });
  }, [list]);
  if (rows.length === 0) return null;
  return <KitchenOverviewTable restaurants={rows} />;
}
