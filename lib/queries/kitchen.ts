import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { KitchenChannels } from "@/lib/kitchen/contract/channels";
import type { DateRange } from "@/lib/kitchen/contract/date-range";
import {
  decodeItems,
  decodeItemStations,
  type KitchenItemStationsSection,
  type KitchenItemStationsWire,
  type KitchenItemsWire,
} from "@/lib/kitchen/contract/item-columns";
import type { GroupTargetsInput, KitchenTargetsInput } from "@/lib/kitchen/contract/params";
import type {
  GroupTargets,
  KitchenHistory,
  KitchenOverview,
  KitchenPending,
  KitchenTargets,
  KitchenTickets,
  RangeAnswer,
} from "@/lib/kitchen/contract/responses";
import type {
  KitchenSectionWires,
  KitchenSummarySections,
  SummarySection,
} from "@/lib/kitchen/contract/sections";
import type { KitchenLevel, OverviewRange } from "@/lib/kitchen/contract/vocabulary";

import { apiGet, apiGetAnswer, apiPut } from "./api-client";
import { pollWhileNotReady } from "./query-client";

/**
 * queryOptions factories of the kitchen API, so every component (and any server prefetch) shares
 * one key and one fetcher per request. Keys carry the query string: a view's URL state maps to
 * exactly one cache entry. The range routes answer 202 while a range is being fetched: their data
 * is a RangeAnswer, polled by the one rule of query-client.ts until ready.
 */
const base = (guid: string) => `/api/restaurants/${encodeURIComponent(guid)}/kitchen`;

export const kitchenKeys = {
  all: (guid: string) => ["kitchen", guid] as const,
  summary: (guid: string, query: string) => ["kitchen", guid, "summary", query] as const,
  tickets: (guid: string, query: string) => ["kitchen", guid, "tickets", query] as const,
  channels: (guid: string, query: string) => ["kitchen", guid, "channels", query] as const,
  targets: (guid: string) => ["kitchen", guid, "targets"] as const,
  history: (guid: string) => ["kitchen", guid, "history"] as const,
};

/** How often the Overview asks again while some restaurant's dates are still being fetched. */
const OVERVIEW_PENDING_POLL_MS = 1_500;

/**
 * Every permitted restaurant's kitchen figures for a period (GET /api/kitchen/overview). Always a
 * 200; rows still being fetched say so, and the table polls until none does.
 */
export function kitchenOverviewQuery(range: OverviewRange) {
  return queryOptions({
    queryKey: ["kitchen-overview", range] as const,
    queryFn: ({ signal }) => apiGet<KitchenOverview>(`/api/kitchen/overview?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: (query) =>
      query.state.data?.rows.some((r) => r.status === "pending") ? OVERVIEW_PENDING_POLL_MS : false,
  });
}

/** The history backfill's progress; it moves in minutes, so a minute's staleness is fine. */
export function kitchenHistoryQuery(guid: string) {
  return queryOptions({
    queryKey: kitchenKeys.history(guid),
    queryFn: ({ signal }) => apiGet<KitchenHistory>(`${base(guid)}/history`, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** While today's business date is in the range, the numbers grow: refetch this often. */
export const OPEN_DAY_REFETCH_MS = 60_000;

/**
 * A section as the cards read it (contract/sections.ts) from the section as sent: the items come
 * as columns (contract/item-columns.ts), every other section as it is. The server's prefetch
 * decodes its own answers with it too, so both fill the cache with one shape.
 */
export function decodeSection<S extends SummarySection>(
  section: S,
  answer: RangeAnswer<KitchenSectionWires[S]>,
): RangeAnswer<KitchenSummarySections[S]> {
  if (!answer.ready || section !== "items") return answer as RangeAnswer<KitchenSummarySections[S]>;
  const items = decodeItems(answer.value as KitchenItemsWire);
  return { ready: true, value: items as KitchenSummarySections[S] };
}

/**
 * One section of a view's summary (lib/kitchen/contract/sections.ts), as the Kitchen page's plan
 * asks it (kitchen-page-plan.ts). The key ends in the section, so the server's prefetch and the
 * browser share an entry per period and section.
 */
export function kitchenSectionQuery<S extends SummarySection>(
  guid: string,
  query: URLSearchParams,
  section: S,
  opts: { live?: boolean } = {},
) {
  const qs = `${query.toString()}&section=${section}`;
  return queryOptions({
    queryKey: kitchenKeys.summary(guid, qs),
    queryFn: async ({ signal }): Promise<RangeAnswer<KitchenSummarySections[S]>> =>
      decodeSection(
        section,
        await apiGetAnswer<KitchenSectionWires[S], KitchenPending>(`${base(guid)}/summary?${qs}`, { signal }),
      ),
    // The previous view stays on screen (dimmed) while the next loads, so nothing jumps.
    placeholderData: keepPreviousData,
    staleTime: opts.live ? 30_000 : 5 * 60_000,
    refetchInterval: pollWhileNotReady(opts.live ? OPEN_DAY_REFETCH_MS : false),
  });
}

/**
 * The items' item × station rows of one level (`section=itemStations&itemLevel=L`), decoded from
 * columns: the items over target card asks the level it shows, the slowest items' station column
 * the first level (one entry when they are the same).
 */
export function kitchenItemStationsQuery(
  guid: string,
  query: URLSearchParams,
  level: KitchenLevel,
  opts: { live?: boolean } = {},
) {
  const qs = `${query.toString()}&section=itemStations&itemLevel=${level}`;
  return queryOptions({
    queryKey: kitchenKeys.summary(guid, qs),
    queryFn: async ({ signal }): Promise<RangeAnswer<KitchenItemStationsSection>> => {
      const answer = await apiGetAnswer<KitchenItemStationsWire, KitchenPending>(
        `${base(guid)}/summary?${qs}`,
        {
          signal,
        },
      );
      return answer.ready ? { ready: true, value: decodeItemStations(answer.value) } : answer;
    },
    staleTime: opts.live ? 30_000 : 5 * 60_000,
    refetchInterval: pollWhileNotReady(opts.live ? OPEN_DAY_REFETCH_MS : false),
  });
}

export function kitchenTicketsQuery(guid: string, query: URLSearchParams, opts: { live?: boolean } = {}) {
  const qs = query.toString();
  return queryOptions({
    queryKey: kitchenKeys.tickets(guid, qs),
    queryFn: ({ signal }): Promise<RangeAnswer<KitchenTickets>> =>
      apiGetAnswer<KitchenTickets, KitchenPending>(`${base(guid)}/tickets?${qs}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: opts.live ? 30_000 : 5 * 60_000,
    refetchInterval: pollWhileNotReady(opts.live ? OPEN_DAY_REFETCH_MS : false),
  });
}

export function kitchenTargetsQuery(guid: string) {
  return queryOptions({
    queryKey: kitchenKeys.targets(guid),
    queryFn: ({ signal }) => apiGet<KitchenTargets>(`${base(guid)}/targets`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function putKitchenTargets(
  guid: string,
  input: Partial<KitchenTargetsInput>,
): Promise<KitchenTargets> {
  return apiPut<KitchenTargets>(`${base(guid)}/targets`, input);
}

/** Links to the server's CSV exports (streamed, so large ranges do not pass through the page). */
/** Per channel and level, record figures and ticket times (GET …/kitchen/channels); polled while the range is fetched. */
export function kitchenChannelsQuery(guid: string, query: URLSearchParams, opts: { live?: boolean } = {}) {
  const qs = query.toString();
  return queryOptions({
    queryKey: kitchenKeys.channels(guid, qs),
    queryFn: ({ signal }) =>
      apiGetAnswer<KitchenChannels, KitchenPending>(`${base(guid)}/channels?${qs}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: opts.live ? 30_000 : 5 * 60_000,
    refetchInterval: pollWhileNotReady(opts.live ? OPEN_DAY_REFETCH_MS : false),
  });
}

export function summaryCsvUrl(guid: string, query: URLSearchParams): string {
  return `${base(guid)}/summary.csv?${query}`;
}

export function fulfillmentsCsvUrl(
  guid: string,
  range: DateRange,
  item: string | null = null,
  service: string | null = null,
): string {
  const q = new URLSearchParams({ from: range.from, to: range.to });
  if (item) q.set("item", item);
  if (service) q.set("service", service);
  return `${base(guid)}/fulfillments.csv?${q}`;
}

/** The group standard targets (GET /api/admin/targets); a change refetches every restaurant's figures. */
export const groupTargetsKey = ["group-targets"] as const;

export function groupTargetsQuery() {
  return queryOptions({
    queryKey: groupTargetsKey,
    queryFn: ({ signal }) => apiGet<GroupTargets>("/api/admin/targets", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function putGroupTargets(input: Partial<GroupTargetsInput>): Promise<GroupTargets> {
  return apiPut<GroupTargets>("/api/admin/targets", input);
}
