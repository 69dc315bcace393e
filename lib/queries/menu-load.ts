import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { KitchenMenuLoad } from "@/lib/kitchen/contract/menu-load";
import type { KitchenPending, RangeAnswer } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

import { apiGetAnswer } from "./api-client";
import { pollWhileNotReady } from "./query-client";

const base = (guid: string) => `/api/restaurants/${encodeURIComponent(guid)}/kitchen`;

export interface MenuLoadAsk {
  from: string;
  to: string;
  level: KitchenLevel;
  station: string | null;
}

/** The query string of the JSON route and of its CSV: one per view. */
export function menuLoadSearch(ask: MenuLoadAsk): string {
  const q = new URLSearchParams({ from: ask.from, to: ask.to, level: String(ask.level) });
  if (ask.station) q.set("station", ask.station);
  return q.toString();
}

/** GET …/kitchen/menu-load: a 202 while the range is being fetched, polled until ready. */
export function kitchenMenuLoadQuery(guid: string, ask: MenuLoadAsk) {
  const search = menuLoadSearch(ask);
  return queryOptions({
    queryKey: ["kitchen", guid, "menu-load", search] as const,
    queryFn: ({ signal }): Promise<RangeAnswer<KitchenMenuLoad>> =>
      apiGetAnswer<KitchenMenuLoad, KitchenPending>(`${base(guid)}/menu-load?${search}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    refetchInterval: pollWhileNotReady(false),
  });
}

export function menuLoadCsvUrl(guid: string, ask: MenuLoadAsk): string {
  return `${base(guid)}/menu-load.csv?${menuLoadSearch(ask)}`;
}

/** The menu load page, with an item picked out and the dates when given (else the page's default). */
export function menuLoadPageHref(
  guid: string,
  opts: { item?: string | null; from?: string; to?: string; level?: KitchenLevel | null } = {},
): string {
  const q = new URLSearchParams();
  if (opts.from && opts.to) {
    q.set("from", opts.from);
    q.set("to", opts.to);
  }
  if (opts.level) q.set("level", String(opts.level));
  if (opts.item) q.set("item", opts.item);
  const search = q.toString();
  return `/restaurants/${encodeURIComponent(guid)}/kitchen/menu-load${search ? `?${search}` : ""}`;
}
