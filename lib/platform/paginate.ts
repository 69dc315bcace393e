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
export async function* paginate<T>(fetchPage: (pageToken: string | undefined) => Promise<Page<T>>, endpoint: string): AsyncGenerator<T[], void, undefined> {
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
