import { QueryClient } from "@tanstack/react-query";

import { isNotReady, retryDelay, shouldRetry } from "./api-client";

/**
 * The one rule for an answer that is not ready (a 202: the server is still fetching): it is kept
 * as the query's data (the page shows its progress) and asked again after the server's
 * Retry-After until it is ready; otherwise the query refetches every `otherwise` ms (or never).
 */
export function pollWhileNotReady(otherwise: number | false = false) {
  return (query: { state: { data: unknown } }): number | false => {
    const data = query.state.data;
    return isNotReady(data) ? data.retryAfterMs : otherwise;
  };
}

/**
 * The one QueryClient configuration, for the browser's tab-wide client and for the server
 * pages that prefetch into a dehydrated cache: every query retries by the API client's rule,
 * and polls a "not ready" answer by the rule above.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchInterval: pollWhileNotReady(),
        // Server-prefetched data is fresh on arrival: do not fetch it again at once.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
