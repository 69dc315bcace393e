import { NextResponse, type NextRequest } from "next/server";
import { isUnknownResourcePage } from "@/lib/config-explorer/resource-names";

/**
 * Not an access check: every page and route checks the session itself (lib/access, lib/api).
 * This only tells server components which path was asked for, so a page without a session can
 * redirect to /sign-in?callbackUrl=<that path>. The header is always overwritten, so a client
 * cannot choose it. Keep the name in step with PATHNAME_HEADER in lib/access/page-access.ts
 * (not imported: the proxy bundle must stay free of server-only modules).
 */
const PATHNAME_HEADER = "x-kp-pathname";

export function proxy(request: NextRequest): NextResponse {
  // A real 404 for an unknown configuration resource: a page under a loading boundary cannot send one.
  if (isUnknownResourcePage(request.nextUrl.pathname)) return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 });
  const headers = new Headers(request.headers);
  headers.set(PATHNAME_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the API, the sandbox, Next's assets or files with an extension.
  matcher: ["/((?!api/|sandbox/|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
