"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { restaurantsQuery } from "@/lib/queries/restaurants";
import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
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
      const today = currentBusinessDateOrNull(r, now.getTime());
      // A zone the runtime does not know: the restaurant list already flags it; no figures here.
      return today === null ? [] : [{ guid: r.guid, name: r.name, locationName: r.locationName, archived: r.archived, kitchenEntitled: r.kitchenEntitled, today }];
    });
  }, [list]);
  if (rows.length === 0) return null;
  return <KitchenOverviewTable restaurants={rows} />;
}
