import "server-only";

import { ZodError } from "zod";

import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { PermissionRefusedError } from "@/lib/errors/permission-refused-error";
import {
  PlatformError,
  PlatformLoginError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUpstreamError,
} from "@/lib/platform/errors";

import { ApiError, type ApiErrorBody } from "./api-error";
import { logSafe } from "./log-safe";
import { loginFailureMessage } from "./platform-login-words";
import { describeIssues } from "./route-input";

/**
 * Every /api response may carry one user's data: never let a shared cache keep it.
 */
export const NO_STORE = "private, no-store";

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", NO_STORE);
  return Response.json(body, { ...init, headers });
}

/**
 * 202 Accepted: the work behind the request runs in the background and the caller should ask
 * again (Retry-After, whole seconds) for the answer; `body` says how far it has got.
 */
export function notReadyResponse(body: unknown, retryAfterMs: number): Response {
  return jsonResponse(body, {
    status: 202,
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: { requestId?: string; headers?: HeadersInit } = {},
): Response {
  const body: ApiErrorBody = { error: { status, code, message } };
  if (extra.requestId) body.error.requestId = extra.requestId;
  return jsonResponse(body, { status, headers: extra.headers });
}

/**
 * Maps whatever a handler threw to the one JSON error shape. Messages of Platform errors are not
 * passed through: they name upstream endpoints and may echo what the service said; callers get a
 * fixed sentence plus the upstream request id to quote to support. The real error goes to the
 * server log only (Platform errors are already redacted of credentials by the client).
 */
export function toErrorResponse(error: unknown, where: string): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message);

  // Domain code refuses input in its own terms; over HTTP that is the caller's mistake: 400.
  if (error instanceof InvalidInputError) return errorResponse(400, error.code, error.message);

  // A role refusing an action (lib/people): the caller is known but may not do it.
  if (error instanceof PermissionRefusedError) return errorResponse(403, error.code, error.message);

  if (error instanceof ZodError) return errorResponse(400, "invalid_request", describeIssues(error));

  if (error instanceof PlatformLoginError) {
    console.error(`[api] ${where}: ${logSafe(error.message)}`);
    const seconds = Math.max(1, Math.ceil((error.retryAt - Date.now()) / 1000));
    return errorResponse(
      error.reason === "unreachable" ? 503 : 502,
      error.code,
      loginFailureMessage(error.reason),
      {
        requestId: error.requestId,
        headers: { "Retry-After": String(seconds) },
      },
    );
  }

  if (error instanceof PlatformError) {
    const requestId = error.requestId;
    if (error instanceof PlatformNotFoundError) {
      return errorResponse(404, "not_found", "Not found", { requestId });
    }
    if (error instanceof PlatformRateLimitedError) {
      console.warn(`[api] ${where}: Platform rate limit: ${logSafe(error.message)}`);
      const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 30_000) / 1000));
      return errorResponse(503, "platform_rate_limited", "The Platform API is busy; try again shortly", {
        requestId,
        headers: { "Retry-After": String(seconds) },
      });
    }
    console.error(`[api] ${where}: ${error.name} ${error.code}: ${logSafe(error.message)}`);
    // 409: the configuration was republished while paging, on every pass the client made.
    if (error.status === 409) {
      return errorResponse(
        502,
        "platform_republished",
        "The Platform's configuration kept changing while it was read; try again in a minute",
        { requestId },
      );
    }
    // 403 on a restaurant's read: the credential no longer covers this location (or lacks the scope).
    if (error.status === 403) {
      return errorResponse(
        502,
        "platform_forbidden",
        "The Platform refuses Kitchen Pulse access to this restaurant's data: its credential no longer covers this location or lacks the permission",
        { requestId },
      );
    }
    const message =
      error instanceof PlatformUpstreamError
        ? "The Platform API is unavailable; try again shortly"
        : "The Platform API refused or garbled the request";
    return errorResponse(502, "platform_error", message, { requestId });
  }

  console.error(`[api] ${where}: unexpected error: ${logSafe(error)}`);
  return errorResponse(500, "internal_error", "Internal error");
}
