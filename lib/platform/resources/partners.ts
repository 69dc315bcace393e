import type { Transport } from "../client";
import { buildQuery, collect, formatLastModified, paginate } from "../paginate";
import { partnerRestaurantsResponse } from "../schemas/discovery";
import type { PartnersApi } from "../types";

const PATH = "/partners/v1/restaurants";

/**
 * Partners API (partner clients only; a management group client is refused, 403). The published
 * definition answers one JSON array, unpaged, optionally only the locations whose access changed
 * after lastModified. Read liberally: a PaginatedResponse body (as its sibling connectedRestaurants
 * answers) is followed by its nextPageToken, and the brand's Next-Page-Token header is honoured
 * too, so a listing that starts to come in pages is still read whole. No restaurant header: the
 * call is about the client, not a location (it draws from the account-level budget).
 */
export function partnersResource(transport: Transport): PartnersApi {
  return {
    restaurants(opts = {}) {
      const lastModified = opts.lastModified ? formatLastModified(opts.lastModified) : undefined;
      return collect(
        paginate(async (pageToken) => {
          const response = await transport.request({
            method: "GET",
            path: PATH,
            query: buildQuery({ lastModified, pageToken }) || undefined,
            schema: partnerRestaurantsResponse,
            signal: opts.signal,
          });
          const page = response.data!;
          return {
            items: page.items,
            nextPageToken:
              page.nextPageToken ?? (response.headers.get(transport.names.nextPageHeader) || undefined),
          };
        }, `GET ${PATH}`),
      );
    },
  };
}
