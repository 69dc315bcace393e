import "server-only";

import { decodeJwt } from "jose";

/**
 * What the client reads from its own access token, without verifying it: the service signed it
 * and will check it; the client only needs the scopes (2.3 scope, space-separated) when the
 * login body leaves them out, and the expiry when the body has no expiresIn.
 */

function claims(accessToken: string): Record<string, unknown> | undefined {
  try {
    return decodeJwt(accessToken) as Record<string, unknown>;
  } catch {
    // Not a JWT (an opaque token): nothing to read, which is not an error.
    return undefined;
  }
}

export function scopesFromJwt(accessToken: string): string[] {
  const scope = claims(accessToken)?.scope;
  if (typeof scope === "string") return scope.split(/\s+/).filter(Boolean);
  if (Array.isArray(scope)) return scope.filter((s): s is string => typeof s === "string");
  return [];
}

/** Seconds from `now` until the token's exp claim, or undefined without a usable one. */
export function secondsUntilJwtExpiry(accessToken: string, now: number): number | undefined {
  const exp = claims(accessToken)?.exp;
  if (typeof exp !== "number" || !Number.isFinite(exp)) return undefined;
  const seconds = Math.floor(exp - now / 1000);
  return seconds > 0 ? seconds : undefined;
}

/** Who the credential is, from the token's 2.3 claims: the client type and the group or partner it stands for. */
export interface ClientIdentity {
  /** PARTNER, CUSTOMER (a restaurant management group client), or null when the token does not say. */
  type: string | null;
  /** management_set_guid: the management group a CUSTOMER client can access. */
  managementGroupGuid: string | null;
  /** partner_guid: the integration partner of a PARTNER client. */
  partnerGuid: string | null;
}

/**
 * The namespaced claims are read by their name after the last '/', whatever namespace URL the
 * service prefixes them with (it differs per environment and brand). A token that is not a JWT,
 * or lacks the claims, says nothing: every field null.
 */
export function clientIdentityFromJwt(accessToken: string): ClientIdentity {
  const all = claims(accessToken) ?? {};
  const named = (name: string): string | null => {
    for (const [key, value] of Object.entries(all)) {
      if ((key === name || key.endsWith(`/${name}`)) && typeof value === "string" && value.trim())
        return value.trim();
    }
    return null;
  };
  return {
    type: named("type")?.toUpperCase() ?? null,
    managementGroupGuid: named("management_set_guid"),
    partnerGuid: named("partner_guid"),
  };
}
