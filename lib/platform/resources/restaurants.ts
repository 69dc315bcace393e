import type { Transport } from "../client";
import { restaurantInfo } from "../schemas/restaurant-info";
import type { RestaurantsApi } from "../types";
import { segment } from "./list-pages";

/** 4.4 Restaurant information. An archived restaurant is a 404 unless includeArchived is true. */
export function restaurantsResource(transport: Transport): RestaurantsApi {
  return {
    async get(restaurantGuid, opts = {}) {
      const response = await transport.request({
        method: "GET",
        path: `/restaurants/v1/restaurants/${segment(restaurantGuid)}`,
        query: opts.includeArchived ? "includeArchived=true" : undefined,
        // Whether this endpoint wants the restaurant header is not shown; sending it is harmless.
        restaurantGuid,
        schema: restaurantInfo,
        signal: opts.signal,
      });
      return response.data!;
    },
  };
}
