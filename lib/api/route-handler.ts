import "server-only";

import type { z } from "zod";

import { getPermittedRestaurant, type PermittedRestaurant } from "@/lib/access/permitted-restaurants";
import { roleOf } from "@/lib/access/roles";
import { getAppSession, type AppSession } from "@/lib/auth/session";

import { errorResponse, NO_STORE, notReadyResponse, toErrorResponse } from "./error-response";
import {
  parseRouteInput,
  parseRouteParams,
  type ContractParams,
  type Parsed,
  type RouteContract,
} from "./route-input";

export type { AppSession } from "@/lib/auth/session";
export type { PermittedRestaurant } from "@/lib/access/permitted-restaurants";
export type { RouteContract } from "./route-input";

/** A Next route handler: `export const GET = withSession(...)`. */
export type RouteHandler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

type Schema = z.ZodType | undefined;

export interface SessionContext<Q extends Schema = undefined, B extends Schema = undefined> {
  request: Request;
  session: AppSession;
  /** The query string parsed by the contract's `query` schema. */
  query: Parsed<Q>;
  /** The JSON body parsed by the contract's `body` schema. */
  body: Parsed<B>;
}

export interface RestaurantContext<
  P extends { guid: string },
  Q extends Schema = undefined,
  B extends Schema = undefined,
> extends SessionContext<Q, B> {
  restaurant: PermittedRestaurant;
  params: P;
}

/**
 * Wraps a route handler with its contract (dub's `withWorkspace(handler, options)`): no session
 * answers 401; the query and body are parsed by the contract's schemas (400 naming the problem);
 * anything thrown becomes the one JSON error shape (lib/api/error-response.ts); every answer is
 * marked `Cache-Control: private, no-store`.
 */
export function withSession<Q extends Schema = undefined, B extends Schema = undefined>(
  handler: (ctx: SessionContext<Q, B>) => Promise<Response>,
  contract: RouteContract<Q, B> = {},
): RouteHandler<Record<string, never>> {
  return async (request) => {
    const where = describe(request);
    try {
      const session = await getAppSession();
      if (!session) return unauthenticated();
      const input = await parseRouteInput(request, contract);
      return noStore(await handler({ request, session, ...input }));
    } catch (error) {
      return toErrorResponse(error, where);
    }
  };
}

/**
 * A domain's "not ready yet" (the kitchen's RangeAnswer when a range is still being fetched): a
 * restaurant route's handler may return it instead of a Response, and the wrapper answers 202
 * with `pending` as the body and Retry-After. Structural, so domain code need not import lib/api.
 */
interface NotReady {
  ready: false;
  pending: unknown;
  retryAfterMs: number;
}

/**
 * As withSession, for routes under /api/restaurants/[guid]: the restaurant must be one of the
 * session's, else 404 exactly as for a restaurant that does not exist. The 404 comes before the
 * input is read, so a foreign GUID learns nothing from a 400 either.
 */
export function withRestaurant<
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends z.ZodObject | undefined = undefined,
>(
  handler: (
    ctx: RestaurantContext<{ guid: string } & ContractParams<R>, Q, B>,
  ) => Promise<Response | NotReady>,
  contract: RouteContract<Q, B, R> = {},
): RouteHandler<{ guid: string } & ContractParams<R>> {
  return async (request, context) => {
    const where = describe(request);
    try {
      const session = await getAppSession();
      if (!session) return unauthenticated();
      const params = await context.params;
      const restaurant = await getPermittedRestaurant(session, params.guid);
      if (!restaurant) return errorResponse(404, "not_found", "No such restaurant");
      parseRouteParams(contract.params, params);
      const input = await parseRouteInput(request, contract);
      const answer = await handler({ request, session, restaurant, params, ...input });
      return noStore(
        answer instanceof Response ? answer : notReadyResponse(answer.pending, answer.retryAfterMs),
      );
    } catch (error) {
      return toErrorResponse(error, where);
    }
  };
}

export interface AdminContext<
  P,
  Q extends Schema = undefined,
  B extends Schema = undefined,
> extends SessionContext<Q, B> {
  /** The signed-in owner or admin, with the role read for this request. */
  actor: { email: string; role: "owner" | "admin" };
  params: P;
}

/**
 * As withSession, for /api/admin/**: owners and admins only (403 for every other role, read from
 * the database on this request). Route params (`{id}`) are parsed by `contract.params` after the
 * role check (404 when they name nothing), then the query and body (400).
 */
export function withAdmin<
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends z.ZodObject | undefined = undefined,
>(
  handler: (ctx: AdminContext<R extends z.ZodObject ? z.output<R> : undefined, Q, B>) => Promise<Response>,
  contract: RouteContract<Q, B, R> = {},
): RouteHandler<ContractParams<R>> {
  return async (request, context) => {
    const where = describe(request);
    try {
      const session = await getAppSession();
      if (!session) return unauthenticated();
      const role = await roleOf(session);
      if (role !== "owner" && role !== "admin")
        return errorResponse(403, "forbidden", "Only owners and admins may use the admin API");
      const raw = ((await context?.params) ?? {}) as Record<string, unknown>;
      parseRouteParams(contract.params, raw);
      const params = (contract.params ? contract.params.parse(raw) : undefined) as R extends z.ZodObject
        ? z.output<R>
        : undefined;
      const input = await parseRouteInput(request, contract);
      return noStore(
        await handler({ request, session, actor: { email: session.email, role }, params, ...input }),
      );
    } catch (error) {
      return toErrorResponse(error, where);
    }
  };
}

function unauthenticated(): Response {
  return errorResponse(401, "unauthenticated", "Sign in to use this API");
}

/** Handlers may build their own Response (CSV, streams); the cache rule still applies. */
function noStore(response: Response): Response {
  if (response.headers.get("Cache-Control") === NO_STORE) return response;
  try {
    response.headers.set("Cache-Control", NO_STORE);
    return response;
  } catch {
    // Immutable headers (a Response from fetch): copy them.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", NO_STORE);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** `GET /api/restaurants/<guid>/info` for the log, without the query string (it may hold input). */
function describe(request: Request): string {
  try {
    return `${request.method} ${new URL(request.url).pathname}`;
  } catch {
    return request.method;
  }
}
