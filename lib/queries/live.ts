import { queryOptions } from "@tanstack/react-query";

import type { AlertsResponse } from "@/lib/alerts/alert-contract";
import type { KitchenNow } from "@/lib/kitchen/contract/kitchen-now";

import { apiGet } from "./api-client";

/**
 * The Kitchen page's live parts (issues 34 and 35): "Now" (the open date's last 30 minutes) and,
 * beside it, the restaurant's live late alerts. Both move within minutes: asked again every minute.
 */
const LIVE_REFETCH_MS = 60_000;

const base = (guid: string) => `/api/restaurants/${encodeURIComponent(guid)}`;

export function kitchenNowQuery(guid: string) {
  return queryOptions({
    queryKey: ["kitchen", guid, "now"] as const,
    queryFn: ({ signal }) => apiGet<KitchenNow>(`${base(guid)}/kitchen/now`, { signal }),
    staleTime: 30_000,
    refetchInterval: LIVE_REFETCH_MS,
  });
}

/** The restaurant's alerts of the last day and those still firing (GET .../alerts). */
export function restaurantAlertsQuery(guid: string) {
  return queryOptions({
    queryKey: ["alerts", guid] as const,
    queryFn: ({ signal }) => apiGet<AlertsResponse>(`${base(guid)}/alerts`, { signal }),
    staleTime: 30_000,
    refetchInterval: LIVE_REFETCH_MS,
  });
}
