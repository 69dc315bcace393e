import { z } from "zod";

/**
 * The locations a credential reaches, as the two listing endpoints describe them.
 *
 * Partners API 1.0.1 (GET /partners/v1/restaurants, partner clients only): a JSON array of
 * PartnerAccessExternalRep, every field optional in the definition. The sibling
 * /partners/v1/connectedRestaurants wraps the same objects in a PaginatedResponse (`results`,
 * `nextPageToken`, page numbers); a listing that comes back in that wrapper is read too, and its
 * `nextPageToken` followed (resources/partners.ts), so a change of shape does not stop discovery.
 *
 * Restaurants API 1.0.0 (GET /restaurants/v1/groups/{managementGroupGUID}/restaurants, scope
 * restaurants:read): a JSON array of Restaurant objects, each holding only `guid`; names come
 * from the restaurant information endpoint.
 *
 * Liberal, as the other wire schemas: unknown fields kept (looseObject), optional fields nullish,
 * only the GUID required, since an entry without one names no location.
 */

const str = z.string().nullish();
const int = z.number().nullish();

export const partnerRestaurant = z.looseObject({
  restaurantGuid: z.string().min(1),
  // Null when the location belongs to no management group (the partners webhook's words).
  managementGroupGuid: str,
  // True when the restaurant no longer uses the Platform (closed, or left): not a reachable location.
  deleted: z.boolean().nullish(),
  restaurantName: str,
  locationName: str,
  createdByEmailAddress: str,
  externalGroupRef: str,
  externalRestaurantRef: str,
  // Epoch milliseconds of the partner connection's creation and last edit, and their ISO 8601 forms.
  modifiedDate: int,
  createdDate: int,
  isoModifiedDate: str,
  isoCreatedDate: str,
});
export type PartnerRestaurant = z.infer<typeof partnerRestaurant>;

/** The PaginatedResponse wrapper of connectedRestaurants: only `results` and the next token are read. */
const partnerRestaurantsPage = z.looseObject({
  results: z.array(partnerRestaurant).nullish(),
  nextPageToken: str,
  currentPageToken: str,
  currentPageNum: int,
  nextPageNum: int,
  lastPageNum: int,
  pageSize: int,
  totalCount: int,
  totalResultCount: int,
});

/** One answer of the partners listing, read into items and the next page's token (absent: the last page). */
export const partnerRestaurantsResponse = z
  .union([z.array(partnerRestaurant), partnerRestaurantsPage])
  .transform((body) =>
    Array.isArray(body)
      ? { items: body, nextPageToken: undefined }
      : { items: body.results ?? [], nextPageToken: body.nextPageToken || undefined },
  );

export const groupRestaurant = z.looseObject({ guid: z.string().min(1) });
export type GroupRestaurant = z.infer<typeof groupRestaurant>;
