/** A request's query string as a plain object for the zod query schemas (a repeated key: the last wins). */
export function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
