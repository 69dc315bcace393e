import type { PermittedRestaurant } from "./permitted-restaurant";

/**
 * The body of GET /api/restaurants: the signed-in account's restaurants. Here, in the domain, so
 * the route that answers it and the browser query that reads it share one type without either
 * layer importing the other.
 */
export interface RestaurantsResponse {
  /**
   * Every permitted restaurant, in the accounts file's order. One whose identity could not be read
   * carries `availability` (the state and reason in words) and its last good identity; one never
   * read has a stand-in identity (name = GUID, availability.identityAsOf null).
   */
  restaurants: PermittedRestaurant[];
}
