// GET|POST /api/auth/*: next-auth's endpoints (csrf, session, providers, sign-in, callback, sign-out).
import NextAuth from "next-auth";
import { NextRequest } from "next/server";

import { ApiError } from "@/lib/api/api-error";
import { errorResponse, toErrorResponse } from "@/lib/api/error-response";
import { boundedText, MAX_BODY_BYTES } from "@/lib/api/route-input";
import { authOptions } from "@/lib/auth/auth-options";
import { isRefusedCallback } from "@/lib/auth/post-sign-in";
import { env } from "@/lib/env";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built on the first request, not at import: `next build` imports this module and
// must not need the secret or create DATA_DIR/auth-secret.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  let response: Response;
  try {
    const checked = await checkedRequest(request);
    response = checked
      ? await NextAuth(checked as never, context as never, authOptions())
      : errorResponse(400, "bad_request", "callbackUrl must be a path of this site");
  } catch (error) {
    response = toErrorResponse(error, "auth");
  }
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/**
 * The request as next-auth gets it, or null when its callbackUrl (query, form or JSON body) is not a
 * path of this site. next-auth's `redirect` callback would send the person home anyway
 * (lib/auth/post-sign-in.ts), but a plain 400 says what is wrong and never reaches next-auth's own
 * URL handling, which answered 500 to values like "http://[::1". Compared with the configured
 * origin and the request's, so a full URL of either counts as ours (next-auth's client sends
 * `window.location.href` on sign-out). The body is read once, capped like every other body (413).
 */
async function checkedRequest(request: NextRequest): Promise<NextRequest | null> {
  const url = new URL(request.url);
  const values = url.searchParams.getAll("callbackUrl");
  let forwarded = request;
  if (request.method === "POST") {
    const text = await boundedText(request, MAX_BODY_BYTES);
    const type = request.headers.get("content-type") ?? "";
    if (type.includes("application/x-www-form-urlencoded")) {
      values.push(...new URLSearchParams(text).getAll("callbackUrl"));
    } else if (type.includes("application/json")) {
      values.push(...jsonCallbackUrl(text));
    }
    forwarded = new NextRequest(request.url, {
      method: request.method,
      headers: request.headers,
      body: text,
    });
  }
  const e = env();
  const origins = [url.origin, e.NEXTAUTH_URL, e.APP_ORIGIN].filter((o): o is string => !!o);
  const refused = values.some((value) => origins.every((origin) => isRefusedCallback(value, origin)));
  return refused ? null : forwarded;
}

/**
 * The callbackUrl of a JSON body, which next-auth reads as it reads a form's. A JSON body that does
 * not parse is a 400 here: next-auth's own parse threw, and the caller got a 500.
 */
function jsonCallbackUrl(text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The body must be JSON (or a form)");
  }
  const value = (body as { callbackUrl?: unknown } | null)?.callbackUrl;
  return typeof value === "string" ? [value] : [];
}

export { handler as GET, handler as POST };
