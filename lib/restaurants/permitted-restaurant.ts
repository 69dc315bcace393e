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
}
