/**
 * Deterministic sandbox data: one restaurant's configuration, its RestaurantInfo and the item
 * fulfillments of any business date, all derived from the world (seed + restaurant) and the
 * request. Pure functions: callers cache.
 */
export type { GenerateContext, RestaurantConfig, Versioned } from "./context";
export { generateRestaurantConfig } from "./restaurant-config";
export { generateRestaurantInfo } from "./restaurant-info";
export { generateItemFulfillments } from "./item-fulfillments";
