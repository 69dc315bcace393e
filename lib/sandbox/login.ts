import { createHmac, timingSafeEqual } from "node:crypto";

import { loginRequest, type LoginResponse } from "@/lib/platform/schemas/auth";

import type { SandboxContext } from "./context";
import { SandboxError, sandboxJsonResponse } from "./errors";
import { signAccessToken, type SignedAccessToken } from "./jwt";
import type { WorldClient } from "./world";

/**
 * The real service hands out a client's live token again on a repeat login, with the seconds it
 * has left, and a new one only in its last minute: clients that log in more often than needed get
 * nothing new (and the service allows only a few logins an hour).
 */
const RENEW_IN_LAST_S = 60;

/**
 * POST /authentication/v1/authentication/login (4.1).
 * A body that is not JSON (or not sent as application/json) is a 400; a JSON body that does not
 * authenticate (missing fields, unknown client, wrong secret, wrong userAccessType) is a 401,
 * because the contract leaves it open and OAuth servers answer invalid_client that way.
 */
export async function handleLogin(request: Request, ctx: SandboxContext): Promise<Response> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType.trim())) {
    throw new SandboxError(400, "INVALID_JSON", "Content-Type must be application/json.");
  }
  let json: unknown;
  try {
    json = JSON.parse(await request.text());
  } catch {
    throw new SandboxError(400, "INVALID_JSON", "The request body is not valid JSON.");
  }

  const parsed = loginRequest.safeParse(json);
  if (!parsed.success) {
    throw new SandboxError(
      401,
      "INVALID_CREDENTIALS",
      "clientId, clientSecret and userAccessType are required strings.",
      {
        fieldErrors: parsed.error.issues.map((issue) => ({
          field: issue.path.join(".") || "(body)",
          message: issue.message,
        })),
      },
    );
  }
  const { clientId, clientSecret, userAccessType } = parsed.data;
  const { machineClient } = ctx.settings.names;
  if (userAccessType !== machineClient) {
    throw new SandboxError(401, "INVALID_CREDENTIALS", `userAccessType must be ${machineClient}.`);
  }
  const client = ctx.settings.world.clients.find((c) => c.clientId === clientId);
  if (!client || !sameSecret(client.clientSecret, clientSecret)) {
    throw new SandboxError(401, "INVALID_CREDENTIALS", "Invalid client credentials.");
  }

  const token = await currentToken(ctx, client, ctx.settings.now());
  const body: LoginResponse = {
    "@class": ".SuccessfulResponse",
    status: "SUCCESS",
    token: {
      tokenType: "Bearer",
      scope: null,
      expiresIn: token.expiresIn,
      accessToken: token.accessToken,
      idToken: null,
      refreshToken: null,
    },
  };
  // A bearer credential must not sit in a cache (RFC 6749 5.1).
  return sandboxJsonResponse(body, { headers: { "Cache-Control": "no-store", Pragma: "no-cache" } });
}

/**
 * The `401` fault says the request's token has expired; the service then treats it as such and a
 * login issues a new one, so a client's re-login is never answered with the token just refused.
 */
export function revokePresentedToken(request: Request, ctx: SandboxContext): void {
  const presented = /^Bearer +(\S+)/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!presented) return;
  for (const [clientId, token] of ctx.issuedTokens) {
    if (token.accessToken === presented) ctx.issuedTokens.delete(clientId);
  }
}

async function currentToken(
  ctx: SandboxContext,
  client: WorldClient,
  nowMs: number,
): Promise<SignedAccessToken> {
  const nowS = Math.floor(nowMs / 1000);
  const live = ctx.issuedTokens.get(client.clientId);
  // A clock moved back before the token's issue (tests do that) gets a fresh token too.
  if (live && live.issuedAt <= nowS && live.expiresAt - nowS > RENEW_IN_LAST_S) {
    return { ...live, expiresIn: live.expiresAt - nowS };
  }
  // The nth token of a client gets a jti derived from n: a token replacing a revoked one in the
  // same second differs from it, yet two processes on one clock still issue identical tokens.
  const n = (ctx.tokensIssued.get(client.clientId) ?? 0) + 1;
  ctx.tokensIssued.set(client.clientId, n);
  const jti = createHmac("sha256", ctx.settings.signingSecret)
    .update(`jti|${client.clientId}|${n}`)
    .digest("base64url")
    .slice(0, 22);
  const issued = await signAccessToken(ctx.issuer, client, nowMs, jti);
  ctx.issuedTokens.set(client.clientId, issued);
  return issued;
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
