import type { AddedRestaurant, RestaurantsAdminResponse } from "@/lib/people/admin-contract";

/**
 * The body of GET /api/admin/discovery (lib/restaurants/discovery.ts `discoveryReport`). Here, apart
 * from the server code, so the route, the Restaurants page and its component share one type.
 */

export type LocationState =
  | "added-accessible"
  | "accessible-not-added"
  | "added-not-accessible"
  /** Added, and no listing has succeeded yet: nothing is known. */
  | "unknown";

export interface DiscoveryReportLocation {
  guid: string;
  /** Null when no listing named it and its restaurant information could not be read. */
  name: string | null;
  locationName: string | null;
  managementGroupGuid: string | null;
  added: boolean;
  state: LocationState;
  /**
   * Since when the state holds (ISO 8601): first seen for an accessible location; for an added
   * one no longer accessible, the listing that first missed it, or null when none ever named it.
   */
  since: string | null;
  lastSeen: string | null;
}

export interface DiscoveryReport {
  /** PARTNER or CUSTOMER, as the last successful listing found the credential. */
  clientType: string | null;
  lastAttempt: string | null;
  lastSuccess: string | null;
  /** The last failure, kept after a later success (compare `at` with lastSuccess). */
  lastError: { message: string; at: string } | null;
  /** Every added restaurant and every location the latest listing reached; added first, then by name. */
  locations: DiscoveryReportLocation[];
}

/**
 * GET /api/admin/restaurants: the added restaurants, each with its discovery state, and discovery's
 * report (every added and every reachable location with its state; the accessible-but-not-added
 * ones are those the Restaurants page offers to add).
 */
export interface RestaurantsAdminAnswer extends RestaurantsAdminResponse {
  restaurants: (AddedRestaurant & { state: LocationState })[];
  discovery: DiscoveryReport;
}
