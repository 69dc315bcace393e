/**
 * The one CSV download response of every CSV route: `body` a string (toCsv) or a byte stream
 * (csvStream, which writes its own byte-order mark). A string gets the byte-order mark here, so
 * spreadsheet apps read it as UTF-8 (menu and station names carry accents), matching the
 * browser-built downloads of components/ui. The route wrapper adds `Cache-Control: private,
 * no-store` as to every answer.
 */
export function csvResponse(
  body: string | ReadableStream<Uint8Array>,
  fileName: string,
  headers: HeadersInit = {},
): Response {
  const out = new Headers(headers);
  out.set("Content-Type", "text/csv; charset=utf-8");
  out.set("Content-Disposition", contentDisposition(fileName));
  return new Response(typeof body === "string" ? `\uFEFF${body}` : body, { headers: out });
}

/**
 * `attachment; filename="…"`: the names csvFileName makes are ASCII letters, digits, dashes and
 * underscores, safe as they are. Any other name gets an ASCII stand-in in `filename` (quotes,
 * backslashes and non-ASCII replaced) and its exact spelling in RFC 5987's `filename*`, which
 * every current browser prefers.
 */
export function contentDisposition(fileName: string): string {
  if (/^[A-Za-z0-9._-]+$/.test(fileName)) return `attachment; filename="${fileName}"`;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
