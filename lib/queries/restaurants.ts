import { queryOptions } from "@tanstack/react-query";

import { toRestaurantProfile, type RestaurantInfoResponse } from "@/lib/restaurants/restaurant-profile";
import type { RestaurantsResponse } from "@/lib/restaurants/restaurants-contract";

import { apiGet } from "./api-client";

export const restaurantKeys = {
  all: ["restaurants"] as const,
  list: () => ["restaurants", "list"] as const,
  info: (guid: string) => ["restaurants", guid, "info"] as const,
};

/** While some entitlement is still being probed, or some restaurant's first read runs, ask again this often. */
const UNKNOWN_ENTITLEMENT_REFETCH_MS = 5_000;

/** The signed-in account's restaurants. */
export function restaurantsQuery() {
  return queryOptions({
    queryKey: restaurantKeys.list(),
    queryFn: ({ signal }) => apiGet<RestaurantsResponse>("/api/restaurants", { signal }),
    staleTime: 60_000,
    refetchInterval: (query) => {
      const list = query.state.data?.restaurants ?? [];
      // A restaurant the Platform refuses now is not probed (lib/access), so it is not waited for.
      const probing = list.some(
        (r) =>
          (!r.archived && !r.availability && r.kitchenEntitled === undefined) ||
          r.availability?.state === "reading",
      );
      // A few rounds at most: a Platform that cannot answer must not be polled all day.
      return probing && query.state.dataUpdateCount < 6 ? UNKNOWN_ENTITLEMENT_REFETCH_MS : false;
    },
  });
}

/** RestaurantInfo (2.7), archived restaurants included; the page reads it as the restaurant profile. */
export function restaurantInfoQuery(guid: string) {
  return queryOptions({
    queryKey: restaurantKeys.info(guid),
    queryFn: ({ signal }) =>
      apiGet<RestaurantInfoResponse>(`/api/restaurants/${encodeURIComponent(guid)}/info`, { signal }),
    staleTime: 5 * 60_000,
    select: toRestaurantProfile,
  });
}
