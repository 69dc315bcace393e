import { parseLastModified } from "../last-modified";

/** pageToken and lastModified of a list request (4.3, 4.5). An empty value counts as absent. */
export interface ListQuery {
  pageToken: string | null;
  lastModified: number | null;
}

export function listQuery(url: URL): ListQuery {
  const pageToken = url.searchParams.get("pageToken") || null;
  const rawLastModified = url.searchParams.get("lastModified");
  return {
    pageToken,
    lastModified:
      rawLastModified === null || rawLastModified === "" ? null : parseLastModified(rawLastModified),
  };
}
