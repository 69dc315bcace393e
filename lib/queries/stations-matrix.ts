import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { KitchenStationsMatrix } from "@/lib/kitchen/contract/chain";
import type { KitchenLevel, OverviewRange } from "@/lib/kitchen/contract/vocabulary";

import { apiGet } from "./api-client";

/** How often the matrix asks again while a restaurant's dates are still being fetched. */
const PENDING_POLL_MS = 1_500;

/** The query string of the JSON route and of its CSV: one per view. */
export function stationsMatrixSearch(range: OverviewRange, level: KitchenLevel): string {
  return new URLSearchParams({ range, level: String(level) }).toString();
}

/** GET /api/kitchen/stations-matrix: always a 200; the page polls while it is not `complete`. */
export function kitchenStationsMatrixQuery(range: OverviewRange, level: KitchenLevel) {
  const search = stationsMatrixSearch(range, level);
  return queryOptions({
    queryKey: ["kitchen-stations-matrix", search] as const,
    queryFn: ({ signal }) =>
      apiGet<KitchenStationsMatrix>(`/api/kitchen/stations-matrix?${search}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data && !query.state.data.complete ? PENDING_POLL_MS : false),
  });
}
