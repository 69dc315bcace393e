import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { KitchenCapacity } from "@/lib/kitchen/contract/capacity";
import type { KitchenPending, RangeAnswer } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

import { apiGetAnswer } from "./api-client";
import { pollWhileNotReady } from "./query-client";

export interface CapacityAsk {
  from: string;
  to: string;
  level: KitchenLevel;
  station: string | null;
}

/** The query string of the JSON route and of its CSV: one per view. */
function capacitySearch(ask: CapacityAsk): string {
  const params = new URLSearchParams({ from: ask.from, to: ask.to, level: String(ask.level) });
  if (ask.station) params.set("station", ask.station);
  return params.toString();
}

export const capacityCsvUrl = (guid: string, ask: CapacityAsk) =>
  `/api/restaurants/${encodeURIComponent(guid)}/kitchen/capacity.csv?${capacitySearch(ask)}`;

/** GET .../kitchen/capacity: a 202 while the range is fetched, polled by query-client.ts's rule until ready. */
export function kitchenCapacityQuery(guid: string, ask: CapacityAsk) {
  const search = capacitySearch(ask);
  return queryOptions({
    queryKey: ["kitchen", guid, "capacity", search] as const,
    queryFn: ({ signal }): Promise<RangeAnswer<KitchenCapacity>> =>
      apiGetAnswer<KitchenCapacity, KitchenPending>(
        `/api/restaurants/${encodeURIComponent(guid)}/kitchen/capacity?${search}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    refetchInterval: pollWhileNotReady(false),
  });
}
