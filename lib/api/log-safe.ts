import "server-only";

import { env } from "@/lib/env";
import { redactSecrets } from "@/lib/platform/errors";

// A JWT is three base64url parts; the first two start with `eyJ` (`{"` encoded).
const JWT_LIKE = /eyJ[\w-]*\.eyJ[\w-]*\.[\w-]*/g;

/**
 * Text of an error fit for the server log: the configured secrets and anything shaped like a
 * bearer token are masked, because an unexpected error can carry a request or a header in its
 * message and logs travel further than the server.
 */
export function logSafe(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  let e: ReturnType<typeof env> | undefined;
  try {
    e = env();
  } catch {
    e = undefined;
  }
  const secrets = e
    ? [
        e.PLATFORM_CLIENT_SECRET,
        e.AUTH_SECRET,
        e.NEXTAUTH_SECRET,
        e.SANDBOX_SIGNING_SECRET,
        e.OIDC_CLIENT_SECRET,
      ]
    : [];
  return redactSecrets(text, secrets).replace(JWT_LIKE, "[token]");
}
