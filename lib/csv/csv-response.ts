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
  out.set("Content-Disposition", `attachment; filename="${fileName}"`);
  return new Response(typeof body === "string" ? `\uFEFF${body}` : body, { headers: out });
}
