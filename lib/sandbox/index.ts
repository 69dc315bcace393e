import { createContext } from "./context";
import { internalError, newRequestId, REQUEST_ID_HEADER, SandboxError, sandboxErrorResponse } from "./errors";
import type { SandboxOptions } from "./options";
import { rateLimited, rateLimitKey } from "./rate-limit";
import { dispatch } from "./router";

export type { SandboxOptions } from "./options";

export type SandboxHandler = (request: Request) => Promise<Response>;

/**
 * The sandbox: a second implementation of the Platform API contract (sections 4.1-4.5) as a
 * plain Web `Request -> Response` function, so the same code serves inside the Next app
 * (app/sandbox/[...path]/route.ts) and standalone (node-server.ts). Every response carries
 * X-Request-Id and, unless rate limiting is off, the rate-limit headers; every error is the
 * ErrorMessage JSON of errors.ts, never a stack trace.
 */
export function createSandbox(options: SandboxOptions = {}): SandboxHandler {
  const ctx = createContext(options);
  return async (request) => {
    const requestId = newRequestId();
    // The gateway counts the request before anything else looks at it, and reports on every answer.
    const rate = ctx.rateLimiter?.take(rateLimitKey(request, ctx.settings.names));
    let response: Response;
    try {
      if (rate && !rate.allowed) throw rateLimited(rate.headers);
      response = await dispatch(request, ctx);
    } catch (error) {
      if (!(error instanceof SandboxError)) ctx.settings.onError(error);
      response = sandboxErrorResponse(error instanceof SandboxError ? error : internalError(), requestId);
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of Object.entries(rate?.headers ?? {})) response.headers.set(name, value);
    return response;
  };
}
