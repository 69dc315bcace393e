import { timingSafeEqual } from "node:crypto";
import { loginRequest, type LoginResponse } from "@/lib/platform/schemas/auth";
import type { SandboxContext } from "./context";
import { jsonResponse, SandboxError } from "./errors";
import { signAccessToken } from "./jwt";

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
    throw new SandboxError(401, "INVALID_CREDENTIALS", "clientId, clientSecret and userAccessType are required strings.", {
      fieldErrors: parsed.error.issues.map((issue) => ({ field: issue.path.join(".") || "(body)", message: issue.message })),
    });
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

  const token = await signAccessToken(ctx.issuer, client, ctx.settings.now());
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
  return jsonResponse(body);
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
