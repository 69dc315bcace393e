import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";

import { namespacedClaim } from "@/lib/platform/schemas/auth";

import type { WorldClient } from "./world";

/**
 * Access tokens: HS256 JWTs carrying every claim of 2.3. The sandbox is both issuer and
 * verifier, so a shared secret is enough; the real service's tokens are opaque to the client.
 */
export interface TokenIssuer {
  secret: string;
  issuer: string;
  audience: string;
  claimNamespace: string;
  machineClient: string;
  lifetimeS: number;
}

export interface SignedAccessToken {
  accessToken: string;
  expiresIn: number;
  /** iat and exp of the token, epoch seconds. */
  issuedAt: number;
  expiresAt: number;
}

/** `tokenId` becomes the jti claim: tokens issued in the same second still differ by it. */
export async function signAccessToken(
  issuer: TokenIssuer,
  client: WorldClient,
  nowMs: number,
  tokenId?: string,
): Promise<SignedAccessToken> {
  const iat = Math.floor(nowMs / 1000);
  const ns = (name: Parameters<typeof namespacedClaim>[1]) => namespacedClaim(issuer.claimNamespace, name);
  const claims: JWTPayload = {
    [ns("client_name")]: client.name,
    [ns("access_type")]: issuer.machineClient,
    [ns("type")]: client.type,
    azp: client.clientId,
    scope: client.scopes.join(" "),
    gty: "client-credentials",
  };
  if (client.type === "PARTNER" && client.partnerGuid) claims[ns("partner_guid")] = client.partnerGuid;
  if (client.type === "CUSTOMER" && client.managementGroupGuid)
    claims[ns("management_set_guid")] = client.managementGroupGuid;

  if (tokenId) claims.jti = tokenId;
  const accessToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(issuer.issuer)
    .setSubject(`${client.clientId}@clients`)
    .setAudience(issuer.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + issuer.lifetimeS)
    .sign(key(issuer.secret));
  return { accessToken, expiresIn: issuer.lifetimeS, issuedAt: iat, expiresAt: iat + issuer.lifetimeS };
}

export type VerifyResult =
  | { ok: true; claims: JWTPayload & { azp: string; scope: string } }
  | { ok: false; reason: "expired" | "invalid" };

export async function verifyAccessToken(
  issuer: TokenIssuer,
  token: string,
  nowMs: number,
): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(issuer.secret), {
      algorithms: ["HS256"],
      issuer: issuer.issuer,
      audience: issuer.audience,
      currentDate: new Date(nowMs),
      requiredClaims: ["exp", "iat", "sub"],
    });
    if (typeof payload.azp !== "string" || typeof payload.scope !== "string")
      return { ok: false, reason: "invalid" };
    return { ok: true, claims: payload as JWTPayload & { azp: string; scope: string } };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: "expired" };
    return { ok: false, reason: "invalid" };
  }
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}
