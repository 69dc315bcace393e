import type { PermittedRestaurant } from "./permitted-restaurant";

/**
 * The body of GET /api/restaurants: the signed-in account's restaurants. Here, in the domain, so
 * the route that answers it and the browser query that reads it share one type without either
 * layer importing the other.
 */
export interface RestaurantsResponse {
  restaurants: PermittedRestaurant[];
}
