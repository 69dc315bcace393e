import { QueryClient } from "@tanstack/react-query";
import { retryDelay, shouldRetry } from "./api-client";

/**
 * The one QueryClient configuration, for the browser's tab-wide client and for the server
 * pages that prefetch into a dehydrated cache: every query retries by the API client's rule.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        // Server-prefetched data is fresh on arrival: do not fetch it again at once.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
