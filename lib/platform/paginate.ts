import { PlatformContractError } from "./errors";

/**
 * Paging over list endpoints (4.5): the first request has no pageToken; each response names the
 * next page in the brand's Next-Page-Token header; no header means the last page.
 */

export interface Page<T> {
  items: T[];
  nextPageToken?: string;
}

/**
 * Yields each page in order, fetching the next one only when the consumer asks for it (as
 * openai-node's pagination does), so stopping early costs no further requests. `endpoint`
 * names the list in the error thrown if the service hands back a token it already gave.
 */
export async function* paginate<T>(
  fetchPage: (pageToken: string | undefined) => Promise<Page<T>>,
  endpoint: string,
): AsyncGenerator<T[], void, undefined> {
  const seen = new Set<string>();
  let pageToken: string | undefined;
  for (;;) {
    const page = await fetchPage(pageToken);
    yield page.items;
    const next = page.nextPageToken;
    if (!next) return;
    if (seen.has(next)) {
      throw new PlatformContractError({
        status: 200,
        code: "contract_mismatch",
        endpoint,
        message: `${endpoint}: page token repeated; paging stopped to avoid a loop`,
      });
    }
    seen.add(next);
    pageToken = next;
  }
}

/** Every item of every page. */
export async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/**
 * How often a whole listing is started again after a 409. The service answers 409 when the
 * configuration is republished while a client pages ("re-submit without the pageToken"); two
 * restarts ride out a publish, a third 409 means the configuration keeps changing and the caller
 * is told (the route's 502), rather than paging for ever.
 */
export const LISTING_MAX_RESTARTS = 2;

/** A 409 read structurally (the status), so an error class copied into another bundle still counts. */
function isRepublished(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === 409;
}

/**
 * Every item of one consistent listing: the pages of one pass, from the first page without a
 * token to the last. A 409 on any page discards what that pass gathered and starts again from the
 * first page without a token, at most `maxRestarts` times; so the caller never sees items of two
 * publications mixed, nor an item twice. This is the one place a restart happens: `paginate`
 * yields pages to a consumer as they come and cannot take back pages it already handed out, so a
 * 409 in a streamed listing reaches its consumer as the error it is.
 */
export async function collectListing<T>(
  fetchPage: (pageToken: string | undefined) => Promise<Page<T>>,
  endpoint: string,
  maxRestarts = LISTING_MAX_RESTARTS,
): Promise<T[]> {
  for (let restarts = 0; ; restarts += 1) {
    try {
      return await collect(paginate(fetchPage, endpoint));
    } catch (error) {
      if (!isRepublished(error) || restarts >= maxRestarts) throw error;
      console.warn(
        `[platform] ${endpoint}: 409 while paging (configuration republished); listing again from the first page (restart ${restarts + 1} of ${maxRestarts})`,
      );
    }
  }
}

/**
 * 4.3 lastModified: a timestamp with milliseconds and a numeric offset. Always written in UTC
 * (`YYYY-MM-DDTHH:mm:ss.SSS+0000`) so the value does not depend on the server's time zone.
 */
export function formatLastModified(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("lastModified is not a valid date");
  return `${instant.toISOString().slice(0, 23)}+0000`;
}

/**
 * A query string built by hand with encodeURIComponent, which writes '+' as %2B: the service reads
 * a bare '+' as a space, which would turn "+0000" into " 0000". Undefined values are left out.
 */
export function buildQuery(params: Record<string, string | number | boolean | undefined>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join("&");
}
