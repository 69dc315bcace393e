/**
 * A restaurant the signed-in account may see, as the whole app names it. Identity comes from the
 * Platform's restaurant information (includeArchived); the kitchen entitlement is learnt from the
 * kitchen API and is undefined until known.
 */
export interface PermittedRestaurant {
  guid: string;
  name: string;
  locationName: string;
  timeZone: string;
  archived: boolean;
  /** True: the professional tier's kitchen data is available; false: the kitchen API answered 204. */
  kitchenEntitled?: boolean;
  /** Hour of day (0-23, restaurant time) at which a business date ends. */
  closeoutHour: number;
  /** The restaurant's first business date (YYYYMMDD) from its information; null when the Platform gives none. */
  firstBusinessDate?: string | null;
  /**
   * Set when the last read of this restaurant's identity failed: the identity above is the last
   * good one (or, with identityAsOf null, a stand-in named by the GUID). Absent when all is well.
   */
  availability?: RestaurantAvailability;
}

/** Why the Platform could not give a restaurant's identity, for the Overview and its pages. */
export interface RestaurantAvailability {
  /**
   * not_accessible: the Platform refuses this location (403) or does not know it (404);
   * unreachable: no usable answer now (5xx or network after retries, timeout, 429, sign-in);
   * reading: its first read has not ended within the list's wait (ask the list again shortly).
   */
  state: "not_accessible" | "unreachable" | "reading";
  /** In words, for the page. */
  reason: string;
  /** The HTTP status of the failed read, when an answer came. */
  status?: number;
  /** When the failed read was made (ISO 8601). */
  checkedAt: string;
  /** When the identity shown was read (ISO 8601); null when none ever was (the name is the GUID). */
  identityAsOf: string | null;
}
