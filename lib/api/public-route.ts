import "server-only";

import type { z } from "zod";

import { OneTimeLinkError } from "@/lib/auth/one-time-links";

import { ApiError } from "./api-error";
import { NO_STORE, toErrorResponse } from "./error-response";
import type { RouteHandler } from "./route-handler";
import { parseRouteInput, type RouteContract } from "./route-input";

type Schema = z.ZodType | undefined;

/**
 * A route that needs no session: the e-mail links (accepting an invitation, resetting a password),
 * whose token is the credential. Input and errors as in withSession; a link that does not work is
 * 404 link_unknown, or 410 link_used / link_expired (gone, and saying which, so the page can tell
 * the person what to do).
 */
export function withoutSession<B extends Schema = undefined>(
  handler: (ctx: { request: Request; body: z.output<NonNullable<B>> }) => Promise<Response>,
  contract: Pick<RouteContract<undefined, B>, "body" | "bodyShape">,
): RouteHandler<Record<string, never>> {
  return async (request) => {
    const where = `${request.method} ${new URL(request.url).pathname}`;
    try {
      const { body } = await parseRouteInput(request, contract);
      const response = await handler({ request, body: body as z.output<NonNullable<B>> });
      response.headers.set("Cache-Control", NO_STORE);
      return response;
    } catch (error) {
      return toErrorResponse(asLinkRefusal(error), where);
    }
  };
}

function asLinkRefusal(error: unknown): unknown {
  if (!(error instanceof OneTimeLinkError)) return error;
  return new ApiError(error.reason === "unknown" ? 404 : 410, `link_${error.reason}`, error.message);
}
