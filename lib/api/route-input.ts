import { z } from "zod";

import { ApiError } from "./api-error";

/**
 * Route input parsing: a route states its input as zod schemas (the query string, the JSON body,
 * route params beyond the restaurant GUID) and the route wrapper (route-handler.ts) parses them
 * here before the handler runs, so a handler only ever sees typed, valid input and every refusal
 * is the same 400 in the same words.
 */
export interface RouteContract<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodObject | undefined = undefined,
> {
  /** The query string, as a plain object (a repeated key: the last one wins). */
  query?: Q;
  /** The JSON body. */
  body?: B;
  /** Route params besides `guid` (e.g. `[resource]`); they type the handler's `params`. */
  params?: R;
  /** The error code of a 400 for a query the schema refuses; `invalid_request` by default. */
  queryErrorCode?: string;
  /** What the body should look like, named in the 400 for a body that is not JSON at all. */
  bodyShape?: string;
}

/** What a schema slot gives the handler: the parsed value, or undefined when the route has none. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The route params a contract declares, as Next passes them (strings). */
export type ContractParams<R> = R extends z.ZodObject ? z.input<R> : unknown;

/**
 * A request's query string as a plain object for a query schema. A repeated key keeps its last
 * value: no route takes a list, and the schemas read single strings.
 */
export function queryObject(url: string | URL): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

/** `path: message` per issue, joined: the form every 400 of the API names its problem in. */
export function describeIssues(error: z.ZodError): string {
  const message = error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
  return message || "Invalid request";
}

function parseOr400<S extends z.ZodType>(schema: S, value: unknown, code: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, code, describeIssues(result.error));
  return result.data;
}

/** Our bodies are a few hundred bytes (the targets editor); anything near this is not ours. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The body as text, refused with a 413 once it passes `limit` bytes: by its Content-Length
 * before reading, and while reading for a chunked body that names no length, so a large body is
 * never buffered whole.
 */
export async function boundedText(request: Request, limit: number): Promise<string> {
  const tooLarge = () =>
    new ApiError(413, "payload_too_large", `The body must be at most ${limit / 1024} KB`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The query and body of a request, parsed by the contract's schemas; a refusal throws an ApiError 400 (413 for a body too large). */
export async function parseRouteInput<Q extends z.ZodType | undefined, B extends z.ZodType | undefined>(
  request: Request,
  contract: Pick<RouteContract<Q, B>, "query" | "body" | "queryErrorCode" | "bodyShape">,
): Promise<{ query: Parsed<Q>; body: Parsed<B> }> {
  const query = contract.query
    ? parseOr400(contract.query, queryObject(request.url), contract.queryErrorCode ?? "invalid_request")
    : undefined;
  let body: unknown;
  if (contract.body) {
    let json: unknown;
    const text = await boundedText(request, MAX_BODY_BYTES);
    try {
      json = JSON.parse(text);
    } catch {
      const shape = contract.bodyShape ? `: ${contract.bodyShape}` : "";
      throw new ApiError(400, "invalid_json", `The body must be JSON${shape}`);
    }
    body = parseOr400(contract.body, json, "invalid_request");
  }
  return { query: query as Parsed<Q>, body: body as Parsed<B> };
}

/** Route params besides the GUID; a refusal is a 404, since the URL names nothing that exists. */
export function parseRouteParams<R extends z.ZodObject | undefined>(
  schema: R,
  params: Record<string, unknown>,
): void {
  if (!schema) return;
  if (!schema.safeParse(params).success) throw new ApiError(404, "not_found", "Not found");
}
