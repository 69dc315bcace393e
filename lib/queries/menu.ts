import { queryOptions } from "@tanstack/react-query";

import type { MenuModel } from "@/lib/menu/menu-model";

import { apiGet } from "./api-client";

export const menuKeys = {
  model: (guid: string) => ["restaurants", guid, "menu"] as const,
};

export function menuItemsCsvPath(guid: string): string {
  return `/api/restaurants/${encodeURIComponent(guid)}/menu/items.csv`;
}

/** The whole menu as one normalized model; inheritance is resolved in the browser per placement. */
export function menuQuery(guid: string) {
  return queryOptions({
    queryKey: menuKeys.model(guid),
    queryFn: ({ signal }) =>
      apiGet<MenuModel>(`/api/restaurants/${encodeURIComponent(guid)}/menu`, { signal }),
    staleTime: 5 * 60_000,
  });
}
