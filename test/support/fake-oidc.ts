import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/**
 * A small OpenID Connect issuer over real HTTP, for testing sign-in by OIDC: discovery, JWKS, an
 * authorization endpoint that signs in whoever the test names (`signInAs`) at once, a token
 * endpoint that checks the client's secret, the code, its redirect URI and the PKCE verifier, and
 * issues an RS256 ID token with the person's e-mail claims.
 */
export interface OidcUser {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

export interface FakeOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization signs in. */
  signInAs(user: OidcUser): void;
  /** Token requests refused so far, with why (a wrong secret, verifier or code). */
  refusals(): string[];
  stop(): Promise<void>;
}

interface Grant {
  user: OidcUser;
  redirectUri: string;
  challenge: string | null;
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
};

export async function startFakeOidc(clientId = "kp-oidc-client"): Promise<FakeOidc> {
  const clientSecret = randomBytes(16).toString("hex");
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const codes = new Map<string, Grant>();
  const refused: string[] = [];
  let next: OidcUser | null = null;
  let issuer = "";

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await formOf(request);
    const basic = Buffer.from(
      (request.headers.authorization ?? "").replace(/^Basic /, ""),
      "base64",
    ).toString();
    const [id, secret] = basic.split(":").map((p) => decodeURIComponent(p));
    const refuse = (why: string) => {
      refused.push(why);
      json(response, 400, { error: "invalid_grant", error_description: why });
    };
    if (id !== clientId || secret !== clientSecret) return refuse("client authentication failed");
    const grant = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    if (!grant) return refuse("unknown or used code");
    if (form.get("redirect_uri") !== grant.redirectUri) return refuse("redirect_uri differs");
    const verifier = form.get("code_verifier") ?? "";
    if (grant.challenge !== createHash("sha256").update(verifier).digest("base64url"))
      return refuse("PKCE verifier does not match");
    const idToken = await new SignJWT({ ...grant.user })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(grant.user.sub)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    json(response, 200, {
      access_token: randomBytes(16).toString("hex"),
      token_type: "Bearer",
      expires_in: 300,
      id_token: idToken,
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration")
      return json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    if (url.pathname === "/jwks") return json(response, 200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (!next || url.searchParams.get("client_id") !== clientId)
        return json(response, 400, { error: "no user to sign in, or an unknown client" });
      const code = randomBytes(16).toString("base64url");
      codes.set(code, { user: next, redirectUri, challenge: url.searchParams.get("code_challenge") });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (url.pathname === "/token" && request.method === "POST") {
      token(request, response).catch((error: unknown) => json(response, 500, { error: String(error) }));
      return;
    }
    json(response, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (user) => (next = user),
    refusals: () => [...refused],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
