import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { KitchenItemsMatrix } from "@/lib/kitchen/contract/items-matrix";
import type { KitchenLevel, OverviewRange } from "@/lib/kitchen/contract/vocabulary";

import { apiGet } from "./api-client";

/** How often the matrix asks again while a restaurant's dates are still being fetched. */
const PENDING_POLL_MS = 1_500;

export type ItemsMatrixPeriod = { range: OverviewRange } | { from: string; to: string };

/** The query string of the JSON route and of its CSV: one per view. */
export function itemsMatrixSearch(period: ItemsMatrixPeriod, level: KitchenLevel): string {
  const params = new URLSearchParams(
    "range" in period ? { range: period.range } : { from: period.from, to: period.to },
  );
  params.set("level", String(level));
  return params.toString();
}

/**
 * GET /api/kitchen/items-matrix: always a 200; while a restaurant is still being fetched the
 * answer is not `complete`, and the page polls until it is.
 */
export function kitchenItemsMatrixQuery(period: ItemsMatrixPeriod, level: KitchenLevel) {
  const search = itemsMatrixSearch(period, level);
  return queryOptions({
    queryKey: ["kitchen-items-matrix", search] as const,
    queryFn: ({ signal }) => apiGet<KitchenItemsMatrix>(`/api/kitchen/items-matrix?${search}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data && !query.state.data.complete ? PENDING_POLL_MS : false),
  });
}
