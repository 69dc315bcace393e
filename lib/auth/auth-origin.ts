import "server-only";

import { env } from "@/lib/env";

let configured = false;

/**
 * next-auth v4 reads its own origin from process.env (NEXTAUTH_URL, or AUTH_TRUST_HOST to take it
 * from the request), not from its options, so this is the one place outside lib/env.ts that
 * touches process.env: it writes what lib/env.ts parsed. Order: NEXTAUTH_URL as given, else
 * APP_ORIGIN, else the request's own host (Next fills X-Forwarded-Host/-Proto from the socket),
 * which is what makes a bare `next start -p 4000` on http://localhost:4000 work. Behind a proxy
 * on a public host, set APP_ORIGIN so callback URLs never come from a request header.
 */
export function configureAuthOrigin(): void {
  if (configured) return;
  configured = true;
  const e = env();
  if (e.NEXTAUTH_URL) return;
  if (e.APP_ORIGIN) process.env.NEXTAUTH_URL = e.APP_ORIGIN;
  else process.env.AUTH_TRUST_HOST = "true";
}
