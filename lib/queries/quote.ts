import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { KitchenQuoteAnswer } from "@/lib/kitchen/contract/quote";
import type { KitchenPending, RangeAnswer } from "@/lib/kitchen/contract/responses";

import { apiGetAnswer } from "./api-client";
import { pollWhileNotReady } from "./query-client";

const quotePath = (guid: string, from: string, to: string, ext = "") =>
  `/api/restaurants/${encodeURIComponent(guid)}/kitchen/quote${ext}?${new URLSearchParams({ from, to })}`;

/** quote.csv of the same dates (a plain link: the server writes it). */
export const quoteCsvUrl = (guid: string, from: string, to: string) => quotePath(guid, from, to, ".csv");

/** GET .../kitchen/quote: 202 while the range is fetched, polled until ready. */
export function kitchenQuoteQuery(guid: string, from: string, to: string) {
  return queryOptions({
    queryKey: ["kitchen", guid, "quote", from, to] as const,
    queryFn: ({ signal }): Promise<RangeAnswer<KitchenQuoteAnswer>> =>
      apiGetAnswer<KitchenQuoteAnswer, KitchenPending>(quotePath(guid, from, to), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    refetchInterval: pollWhileNotReady(),
  });
}
