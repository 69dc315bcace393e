import { z } from "zod";

import type { Transport } from "../client";
import { buildQuery, collectListing, formatLastModified, paginate, type Page } from "../paginate";
import type { ListOptions } from "../types";

/**
 * The pages of one list endpoint (prep stations, every config resource), streamed: pageToken and
 * lastModified in the query, the next token from the brand's Next-Page-Token header. One pass: a
 * 409 (configuration republished while paging) reaches the consumer, who holds pages already.
 */
export function listPages<T>(
  transport: Transport,
  path: string,
  item: z.ZodType<T>,
  restaurantGuid: string,
  opts: ListOptions = {},
): AsyncGenerator<T[], void, undefined> {
  return paginate(pageFetcher(transport, path, item, restaurantGuid, opts), `GET ${path}`);
}

/**
 * Every item of one list endpoint as one consistent listing: restarted from the first page after a
 * 409, at most twice (paginate.ts collectListing).
 */
export function listAll<T>(
  transport: Transport,
  path: string,
  item: z.ZodType<T>,
  restaurantGuid: string,
  opts: ListOptions = {},
): Promise<T[]> {
  return collectListing(pageFetcher(transport, path, item, restaurantGuid, opts), `GET ${path}`);
}

function pageFetcher<T>(
  transport: Transport,
  path: string,
  item: z.ZodType<T>,
  restaurantGuid: string,
  opts: ListOptions,
): (pageToken: string | undefined) => Promise<Page<T>> {
  const schema = z.array(item);
  const lastModified = opts.lastModified ? formatLastModified(opts.lastModified) : undefined;
  return async (pageToken) => {
    const response = await transport.request({
      method: "GET",
      path,
      query: buildQuery({ pageToken, lastModified }),
      restaurantGuid,
      schema,
      signal: opts.signal,
    });
    return {
      items: response.data ?? [],
      nextPageToken: response.headers.get(transport.names.nextPageHeader) ?? undefined,
    };
  };
}

/** A path segment from a caller-supplied identifier. */
export function segment(value: string): string {
  if (!value) throw new TypeError("An empty GUID cannot name a Platform resource");
  return encodeURIComponent(value);
}
