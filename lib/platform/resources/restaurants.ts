import { z } from "zod";

import type { Transport } from "../client";
import { groupRestaurant } from "../schemas/discovery";
import { restaurantInfo } from "../schemas/restaurant-info";
import type { RestaurantsApi } from "../types";
import { segment } from "./list-pages";

const groupRestaurants = z.array(groupRestaurant);

/**
 * 4.4 Restaurant information (an archived restaurant is a 404 unless includeArchived is true), and
 * the restaurants of a management group (Restaurants API 1.0.0, scope restaurants:read).
 */
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
    async inGroup(managementGroupGuid, restaurantGuid, opts = {}) {
      const response = await transport.request({
        method: "GET",
        path: `/restaurants/v1/groups/${segment(managementGroupGuid)}/restaurants`,
        // The definition requires the header, naming one location of the group.
        restaurantGuid,
        schema: groupRestaurants,
        signal: opts.signal,
      });
      return response.data!;
    },
  };
}
