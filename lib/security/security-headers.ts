import shared from "./security-headers.json";

/**
 * The security headers of every answer: pages, RSC payloads, API JSON, CSV downloads, error
 * pages, next-auth's answers and the sandbox (issue 13). proxy.ts sets them on every request, so
 * there is one list; it runs in the proxy bundle, so nothing here may import server-only code.
 *
 * Pages get a nonce-based Content-Security-Policy: Next.js reads the nonce from the request's
 * CSP header and puts it on every inline script it writes, so no `unsafe-inline` script is
 * needed. Styles keep 'unsafe-inline': React and recharts set style attributes, which a nonce
 * cannot cover, and a style cannot run code. Non-page answers (JSON, CSV) get a policy that
 * allows nothing at all.
 */

// The headers of every answer, and the policy of non-page answers, are kept in JSON so that
// server.mjs, which cannot import TypeScript, sends the very same ones on the answers it writes
// itself. X-Frame-Options is there for browsers older than CSP's frame-ancestors.
const COMMON: Record<string, string> = shared.common;

/** The policy of an HTML page; `dev` allows the eval that React's development build uses. */
export function pagePolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** JSON, CSV and the sandbox: nothing to load, nothing to frame. */
export const NON_PAGE_POLICY: string = shared.nonPagePolicy;

/** A fresh nonce per response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Sets the headers every answer carries; HSTS only when the request came over https. */
export function setSecurityHeaders(headers: Headers, opts: { policy: string; https: boolean }): void {
  for (const [name, value] of Object.entries(COMMON)) headers.set(name, value);
  headers.set("Content-Security-Policy", opts.policy);
  if (opts.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
