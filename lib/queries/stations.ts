import { queryOptions } from "@tanstack/react-query";

import type { StationsReport } from "@/lib/stations/station-routing";

import { apiGet } from "./api-client";

export const stationKeys = {
  report: (guid: string) => ["restaurants", guid, "stations"] as const,
};

export function stationsApiPath(guid: string, format?: "csv"): string {
  return `/api/restaurants/${encodeURIComponent(guid)}/stations${format === "csv" ? ".csv" : ""}`;
}

/** Prep stations with their routing, resolved names and configuration warnings. */
export function stationsQuery(guid: string) {
  return queryOptions({
    queryKey: stationKeys.report(guid),
    queryFn: ({ signal }) => apiGet<StationsReport>(stationsApiPath(guid), { signal }),
    staleTime: 60_000,
  });
}
