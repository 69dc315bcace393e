import { z } from "zod";

/**
 * Every download has one URL, the `.csv` route beside its JSON route (stations.csv,
 * config/<resource>.csv, as kitchen's summary.csv and menu's items.csv). The JSON routes once
 * also answered `?format=csv`; links to that form may live in bookmarks and scripts, so it stays
 * working as a permanent redirect instead of a second copy of the download.
 */
export const legacyCsvFormatQuery = z.object({ format: z.string().optional() });

/**
 * 308 to the `.csv` route of this request's path, with the rest of its query. The Location is a
 * path, not a URL: behind a proxy the request's own origin may be an internal one.
 */
export function redirectToCsvRoute(request: Request): Response {
  const url = new URL(request.url);
  url.searchParams.delete("format");
  return new Response(null, {
    status: 308,
    headers: { Location: `${url.pathname.replace(/\/+$/, "")}.csv${url.search}` },
  });
}
