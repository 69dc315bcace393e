import type { SandboxContext } from "./context";
import { SandboxError } from "./errors";
import { verifyAccessToken } from "./jwt";
import type { WorldClient } from "./world";

/** The caller of a secured endpoint, as established by its bearer token. */
export interface Principal {
  client: WorldClient;
  scopes: ReadonlySet<string>;
}

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="sandbox"' };

/**
 * Checks `Authorization: Bearer <jwt>` (5.5) and then the scope the endpoint needs (5.7):
 * no usable token is a 401, a valid token without the scope a 403. `null`: the endpoint names no
 * scope (the partners API), any valid token passes.
 */
export async function authenticate(
  request: Request,
  ctx: SandboxContext,
  requiredScope: string | null,
): Promise<Principal> {
  const header = request.headers.get("authorization");
  if (!header)
    throw new SandboxError(401, "UNAUTHORIZED", "Missing Authorization header.", { headers: CHALLENGE });
  const match = /^Bearer +([A-Za-z0-9_\-.]+)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw new SandboxError(401, "INVALID_TOKEN", "Authorization header must be 'Bearer <access_token>'.", {
      headers: CHALLENGE,
    });
  }

  const result = await verifyAccessToken(ctx.issuer, match[1], ctx.settings.now());
  if (!result.ok) {
    throw result.reason === "expired"
      ? new SandboxError(401, "TOKEN_EXPIRED", "The access token has expired; log in again.", {
          headers: CHALLENGE,
        })
      : new SandboxError(401, "INVALID_TOKEN", "The access token is not recognized.", { headers: CHALLENGE });
  }
  // A token for a client that the world no longer declares is as good as forged.
  const client = ctx.settings.world.clients.find((c) => c.clientId === result.claims.azp);
  if (!client)
    throw new SandboxError(401, "INVALID_TOKEN", "The access token is not recognized.", {
      headers: CHALLENGE,
    });

  const scopes = new Set(result.claims.scope.split(" ").filter(Boolean));
  if (requiredScope !== null && !scopes.has(requiredScope)) {
    throw new SandboxError(403, "INSUFFICIENT_SCOPE", `The access token lacks the scope ${requiredScope}.`);
  }
  return { client, scopes };
}
