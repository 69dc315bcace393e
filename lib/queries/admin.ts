import { queryOptions } from "@tanstack/react-query";

import type { AuditResponse } from "@/lib/audit/audit-contract";
import type { AccountSessionsResponse } from "@/lib/auth/sessions-contract";
import type { AreasResponse, PeopleResponse, RestaurantsAdminResponse } from "@/lib/people/admin-contract";
import type { RestaurantsAdminAnswer } from "@/lib/restaurants/discovery-contract";

import { apiGet } from "./api-client";

export const adminKeys = {
  all: ["admin"] as const,
  people: () => ["admin", "people"] as const,
  areas: () => ["admin", "areas"] as const,
  restaurants: () => ["admin", "restaurants"] as const,
  // The same route read whole by the Restaurants page; apart, since other pages seed the key above
  // with the added restaurants only.
  restaurantStates: () => ["admin", "restaurants", "states"] as const,
  audit: (filters: AuditFilters) => ["admin", "audit", filters] as const,
  sessions: () => ["account", "sessions"] as const,
};

/** The audit page's filters, as the query string names them (empty: no filter). */
export interface AuditFilters {
  actor?: string;
  action?: string;
  restaurant?: string;
  from?: string;
  to?: string;
}

/** The filters as a query string ("" or "?actor=..."), shared by the JSON and CSV links. */
export function auditSearch(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function peopleQuery() {
  return queryOptions({
    queryKey: adminKeys.people(),
    queryFn: ({ signal }) => apiGet<PeopleResponse>("/api/admin/people", { signal }),
  });
}

export function areasQuery() {
  return queryOptions({
    queryKey: adminKeys.areas(),
    queryFn: ({ signal }) => apiGet<AreasResponse>("/api/admin/areas", { signal }),
  });
}

export function adminRestaurantsQuery() {
  return queryOptions({
    queryKey: adminKeys.restaurants(),
    queryFn: ({ signal }) => apiGet<RestaurantsAdminResponse>("/api/admin/restaurants", { signal }),
  });
}

export function restaurantStatesQuery() {
  return queryOptions({
    queryKey: adminKeys.restaurantStates(),
    queryFn: ({ signal }) => apiGet<RestaurantsAdminAnswer>("/api/admin/restaurants", { signal }),
  });
}

export function auditQuery(filters: AuditFilters) {
  return queryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) => apiGet<AuditResponse>(`/api/admin/audit${auditSearch(filters)}`, { signal }),
  });
}

export function accountSessionsQuery() {
  return queryOptions({
    queryKey: adminKeys.sessions(),
    queryFn: ({ signal }) => apiGet<AccountSessionsResponse>("/api/account/sessions", { signal }),
  });
}
