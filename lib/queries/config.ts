import { queryOptions } from "@tanstack/react-query";

import type { ConfigTable } from "@/lib/config-explorer/config-cell";
import type { ExplorerResource, ResourceCount } from "@/lib/config-explorer/resource-catalog";

import { apiGet } from "./api-client";

export const configKeys = {
  index: (guid: string) => ["restaurants", guid, "config"] as const,
  resource: (guid: string, resource: ExplorerResource, lastModified: string | null) =>
    ["restaurants", guid, "config", resource, lastModified ?? ""] as const,
};

export function configResourcePath(
  guid: string,
  resource: ExplorerResource,
  options: { lastModified?: string | null; csv?: boolean } = {},
): string {
  const base = `/api/restaurants/${encodeURIComponent(guid)}/config/${resource}${options.csv ? ".csv" : ""}`;
  return options.lastModified ? `${base}?lastModified=${encodeURIComponent(options.lastModified)}` : base;
}

/** Every configuration resource with its count. */
export function configIndexQuery(guid: string) {
  return queryOptions({
    queryKey: configKeys.index(guid),
    queryFn: ({ signal }) =>
      apiGet<{ resources: ResourceCount[] }>(`/api/restaurants/${encodeURIComponent(guid)}/config`, {
        signal,
      }),
    staleTime: 60_000,
  });
}

/** One resource as a table in words; `lastModified` is the ISO instant of the filter, or null. */
export function configResourceQuery(guid: string, resource: ExplorerResource, lastModified: string | null) {
  return queryOptions({
    queryKey: configKeys.resource(guid, resource, lastModified),
    queryFn: ({ signal }) =>
      apiGet<ConfigTable>(configResourcePath(guid, resource, { lastModified }), { signal }),
    staleTime: 60_000,
    // Changing the filter keeps the old rows on screen until the new ones arrive (same resource only).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === resource ? previous : undefined,
  });
}
