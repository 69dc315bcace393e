"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * One QueryClient per browser tab (created in state, so a re-render never drops the cache).
 * Everything it fetches goes through our /api routes with the session cookie; nothing in the
 * browser talks to the Platform. Every query retries by the API client's one rule (lib/queries).
 */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
