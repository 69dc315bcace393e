import "server-only";
import { getPermittedRestaurant, type PermittedRestaurant } from "@/lib/access/permitted-restaurants";
import { getAppSession, type AppSession } from "@/lib/auth/session";
import { NO_STORE, errorResponse, toErrorResponse } from "./error-response";

export type { AppSession } from "@/lib/auth/session";
export type { PermittedRestaurant } from "@/lib/access/permitted-restaurants";

/** A Next route handler: `export const GET = withSession(...)`. */
export type RouteHandler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

export interface SessionContext {
  request: Request;
  session: AppSession;
}

export interface RestaurantContext<P extends { guid: string }> extends SessionContext {
  restaurant: PermittedRestaurant;
  params: P;
}

/**
 * Wraps a route handler: no session answers 401; anything thrown becomes the one JSON error shape
 * (lib/api/error-response.ts); every answer is marked `Cache-Control: private, no-store`.
 */
export function withSession<P = Record<string, never>>(handler: (ctx: SessionContext) => Promise<Response>): RouteHandler<P> {
  return async (request) => {
    const where = describe(request);
    try {
      const session = await getAppSession();
      if (!session) return errorResponse(401, "unauthenticated", "Sign in to use this API");
      return noStore(await handler({ request, session }));
    } catch (error) {
      return toErrorResponse(error, where);
    }
  };
}

/**
 * As withSession, for routes under /api/restaurants/[guid]: the restaurant must be one of the
 * session's, else 404 exactly as for a restaurant that does not exist.
 */
export function withRestaurant<P extends { guid: string }>(
  handler: (ctx: RestaurantContext<P>) => Promise<Response>,
): RouteHandler<P> {
  return async (request, context) => {
    const where = describe(request);
    try {
      const session = await getAppSession();
      if (!session) return errorResponse(401, "unauthenticated", "Sign in to use this API");
      const params = await context.params;
      const restaurant = await getPermittedRestaurant(session, params.guid);
      if (!restaurant) return errorResponse(404, "not_found", "No such restaurant");
      return noStore(await handler({ request, session, restaurant, params }));
    } catch (error) {
      return toErrorResponse(error, where);
    }
  };
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
