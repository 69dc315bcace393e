import { z } from "zod";
import type { Transport } from "../client";
import { buildQuery, formatLastModified, paginate } from "../paginate";
import type { ListOptions } from "../types";

/**
 * The pages of one list endpoint (prep stations, every config resource): pageToken and
 * lastModified in the query, the next token from the brand's Next-Page-Token header.
 */
export function listPages<T>(transport: Transport, path: string, item: z.ZodType<T>, restaurantGuid: string, opts: ListOptions = {}): AsyncGenerator<T[], void, undefined> {
  const schema = z.array(item);
  const lastModified = opts.lastModified ? formatLastModified(opts.lastModified) : undefined;
  return paginate(async (pageToken) => {
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
  }, `GET ${path}`);
}

/** A path segment from a caller-supplied identifier. */
export function segment(value: string): string {
  if (!value) throw new TypeError("An empty GUID cannot name a Platform resource");
  return encodeURIComponent(value);
}
