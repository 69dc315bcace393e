import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";

import { jwtStandardClaims, loginResponse, namespacedClaim } from "@/lib/platform/schemas/auth";
import { createSandbox } from "@/lib/sandbox";
import { signAccessToken, verifyAccessToken, type TokenIssuer } from "@/lib/sandbox/jwt";
import { defaultWorld } from "@/lib/sandbox/world";

const world = defaultWorld();
const NOW = Date.UTC(2026, 0, 5, 12, 0, 0);
const SECRET = "unit-test-signing-secret-0123456789";
const NS = "https://claims.example.test/";

async function login(clientId: string, brand = "Platform") {
  const client = world.clients.find((c) => c.clientId === clientId)!;
  const sandbox = createSandbox({
    world,
    brand,
    signingSecret: SECRET,
    claimNamespace: NS,
    tokenLifetimeS: 900,
    now: () => NOW,
  });
  const response = await sandbox(
    new Request("http://sandbox.test/authentication/v1/authentication/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        clientId,
        clientSecret: client.clientSecret,
        userAccessType: `${brand.toUpperCase()}_MACHINE_CLIENT`,
      }),
    }),
  );
  expect(response.status).toBe(200);
  return { client, body: loginResponse.parse(await response.json()) };
}

describe("access tokens issued at login", () => {
  it("carry every 2.3 claim for a partner client", async () => {
    const { client, body } = await login("kp-partner");
    expect(body.token.expiresIn).toBe(900);
    const claims = decodeJwt(body.token.accessToken);
    expect(decodeProtectedHeader(body.token.accessToken).alg).toBe("HS256");
    expect(jwtStandardClaims.parse(claims)).toBeTruthy();
    expect(claims).toMatchObject({
      [namespacedClaim(NS, "client_name")]: client.name,
      [namespacedClaim(NS, "access_type")]: "PLATFORM_MACHINE_CLIENT",
      [namespacedClaim(NS, "partner_guid")]: client.partnerGuid,
      [namespacedClaim(NS, "type")]: "PARTNER",
      iss: world.issuer,
      sub: "kp-partner@clients",
      aud: world.audience,
      iat: NOW / 1000,
      exp: NOW / 1000 + 900,
      azp: "kp-partner",
      scope: "kitchen:read config:read restaurants:read",
      gty: "client-credentials",
    });
    expect(claims).not.toHaveProperty(namespacedClaim(NS, "management_set_guid"));
  });

  it("carry the management set, not a partner, for a customer client", async () => {
    const { client, body } = await login("kp-harbor-group");
    const claims = decodeJwt(body.token.accessToken);
    expect(claims[namespacedClaim(NS, "type")]).toBe("CUSTOMER");
    expect(claims[namespacedClaim(NS, "management_set_guid")]).toBe(client.managementGroupGuid);
    expect(claims).not.toHaveProperty(namespacedClaim(NS, "partner_guid"));
  });

  it("spell the brand into access_type", async () => {
    const { body } = await login("kp-config-only", "Acme");
    expect(decodeJwt(body.token.accessToken)[namespacedClaim(NS, "access_type")]).toBe("ACME_MACHINE_CLIENT");
    expect(decodeJwt(body.token.accessToken).scope).toBe("config:read restaurants:read");
  });

  it("verify with the signing secret and no other", async () => {
    const { body } = await login("kp-partner");
    const key = new TextEncoder().encode(SECRET);
    await expect(
      jwtVerify(body.token.accessToken, key, { currentDate: new Date(NOW) }),
    ).resolves.toBeTruthy();
    const wrong = new TextEncoder().encode(`${SECRET}-other`);
    await expect(jwtVerify(body.token.accessToken, wrong, { currentDate: new Date(NOW) })).rejects.toThrow();
  });
});

describe("verifyAccessToken", () => {
  const issuer: TokenIssuer = {
    secret: SECRET,
    issuer: world.issuer,
    audience: world.audience,
    claimNamespace: NS,
    machineClient: "PLATFORM_MACHINE_CLIENT",
    lifetimeS: 60,
  };
  const client = world.clients[0]!;

  it("accepts a token until it expires and then says so", async () => {
    const { accessToken } = await signAccessToken(issuer, client, NOW);
    expect((await verifyAccessToken(issuer, accessToken, NOW + 59_000)).ok).toBe(true);
    expect(await verifyAccessToken(issuer, accessToken, NOW + 61_000)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a token signed with another key, for another audience, or altered", async () => {
    const { accessToken } = await signAccessToken(
      { ...issuer, secret: "another-secret-of-enough-length" },
      client,
      NOW,
    );
    expect(await verifyAccessToken(issuer, accessToken, NOW)).toEqual({ ok: false, reason: "invalid" });
    const { accessToken: otherAudience } = await signAccessToken(
      { ...issuer, audience: "elsewhere" },
      client,
      NOW,
    );
    expect(await verifyAccessToken(issuer, otherAudience, NOW)).toEqual({ ok: false, reason: "invalid" });
    const { accessToken: good } = await signAccessToken(issuer, client, NOW);
    const [header, , signature] = good.split(".");
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(good), scope: "kitchen:read config:read admin" }),
    ).toString("base64url");
    expect(await verifyAccessToken(issuer, `${header}.${payload}.${signature}`, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses an unsigned (alg none) token", async () => {
    const { accessToken } = await signAccessToken(issuer, client, NOW);
    const payload = accessToken.split(".")[1];
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    expect(await verifyAccessToken(issuer, none, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a correctly signed token that lacks azp or scope", async () => {
    const token = await new SignJWT({ sub: "x@clients" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(issuer.issuer)
      .setAudience(issuer.audience)
      .setIssuedAt(NOW / 1000)
      .setExpirationTime(NOW / 1000 + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(issuer, token, NOW)).toEqual({ ok: false, reason: "invalid" });
  });
});
