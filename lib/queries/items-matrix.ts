import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { KitchenItemsMatrixPage, MatrixOrder, MatrixSort } from "@/lib/kitchen/contract/items-matrix";
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

/** The table's order and page, asked of the server (which pages the rows). */
interface ItemsMatrixPaging {
  sort: MatrixSort;
  order: MatrixOrder | null;
  page: number;
}

/**
 * GET /api/kitchen/items-matrix: always a 200; while a restaurant is still being fetched the
 * answer is not `complete`, and the page polls until it is. One page of rows per answer.
 */
export function kitchenItemsMatrixQuery(
  period: ItemsMatrixPeriod,
  level: KitchenLevel,
  paging: ItemsMatrixPaging,
) {
  const params = new URLSearchParams(itemsMatrixSearch(period, level));
  if (paging.sort !== "gap") params.set("sort", paging.sort);
  if (paging.order) params.set("order", paging.order);
  if (paging.page > 1) params.set("page", String(paging.page));
  const search = params.toString();
  return queryOptions({
    queryKey: ["kitchen-items-matrix", search] as const,
    queryFn: ({ signal }) =>
      apiGet<KitchenItemsMatrixPage>(`/api/kitchen/items-matrix?${search}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data && !query.state.data.complete ? PENDING_POLL_MS : false),
  });
}
