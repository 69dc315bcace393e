import { NextResponse, type NextRequest } from "next/server";

import { isUnknownResourcePage } from "@/lib/config-explorer/resource-names";
import { newNonce, NON_PAGE_POLICY, pagePolicy, setSecurityHeaders } from "@/lib/security/security-headers";

/**
 * Not an access check: every page and route checks the session itself (lib/access, lib/api).
 * It does two things on every request:
 * - security headers on every answer (lib/security/security-headers.ts), with a per-response CSP
 *   nonce for pages, handed to Next.js through the request's CSP header;
 * - tells server components which path was asked for, so a page without a session can redirect
 *   to /sign-in?callbackUrl=<that path>. The header is always overwritten, so a client cannot
 *   choose it. Keep the name in step with PATHNAME_HEADER in lib/access/page-access.ts (not
 *   imported: the proxy bundle must stay free of server-only modules).
 */
const PATHNAME_HEADER = "x-kp-pathname";

const NON_PAGE = /^\/(?:api|sandbox)(?:\/|$)/;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function proxy(request: NextRequest): NextResponse {
  const { pathname, search, protocol } = request.nextUrl;
  const https = protocol === "https:";
  const refusal = refuse(request);
  if (refusal) {
    setSecurityHeaders(refusal.headers, { policy: NON_PAGE_POLICY, https });
    return refusal;
  }
  if (NON_PAGE.test(pathname)) {
    const response = NextResponse.next();
    setSecurityHeaders(response.headers, { policy: NON_PAGE_POLICY, https });
    return response;
  }
  const nonce = newNonce();
  const policy = pagePolicy(nonce, process.env.NODE_ENV === "development");
  // A real 404 for an unknown configuration resource: a page under a loading boundary cannot send one.
  if (isUnknownResourcePage(pathname)) {
    const response = NextResponse.rewrite(new URL("/_not-found", request.url), {
      status: 404,
      request: { headers: requestHeaders(request, policy, pathname + search) },
    });
    setSecurityHeaders(response.headers, { policy, https });
    return response;
  }
  const response = NextResponse.next({
    request: { headers: requestHeaders(request, policy, pathname + search) },
  });
  setSecurityHeaders(response.headers, { policy, https });
  return response;
}

/**
 * Refused before any route sees it: a state-changing request another site's page sent (a foreign
 * or "null" Origin, or Sec-Fetch-Site: cross-site). SameSite=Lax cookies and CORS preflights stop
 * most; this stops the rest. Server-to-server calls (the app's own sandbox login) send no Origin.
 */
function refuse(request: NextRequest): NextResponse | null {
  if (!SAFE_METHODS.has(request.method)) {
    const origin = request.headers.get("origin");
    const crossSite = request.headers.get("sec-fetch-site") === "cross-site";
    if (crossSite || (origin !== null && !sameHost(origin, request))) {
      return problem(403, "forbidden", "Requests from another site are not accepted");
    }
  }
  return null;
}

/** Compared by host: behind a TLS-terminating proxy the scheme we see is http while the page's is https. */
function sameHost(origin: string, request: NextRequest): boolean {
  try {
    return new URL(origin).host === (request.headers.get("host") ?? request.nextUrl.host);
  } catch {
    return false; // "null" and anything unparseable
  }
}

function problem(status: number, code: string, message: string): NextResponse {
  return NextResponse.json(
    { error: { status, code, message } },
    { status, headers: { "Cache-Control": "private, no-store" } },
  );
}

function requestHeaders(request: NextRequest, policy: string, path: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(PATHNAME_HEADER, path);
  // Next.js takes the nonce for its own inline scripts from the request's policy.
  headers.set("Content-Security-Policy", policy);
  return headers;
}

export const config = {
  // Every answer but Next's static files (hashed, immutable, served before the proxy would help).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
