import { describe, expect, it } from "vitest";

import { createSandbox } from "@/lib/sandbox";
import { defaultWorld } from "@/lib/sandbox/world";

import { contractLoginBody } from "../support/login-body";
import { loginRequest } from "../support/sandbox-login";

/**
 * Tokens as the real service issues them: a day long, the live token handed out again on a
 * repeat login with the seconds it has left, a new one only in its last minute, never cached.
 */
const world = defaultWorld();
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const analytics = world.clients.find((c) => c.clientId !== "kp-partner")!;
const T0 = Date.UTC(2026, 0, 15, 18, 0, 0, 0);

interface LoginBody {
  "@class": string;
  status: string;
  token: {
    tokenType: string;
    scope: null;
    expiresIn: number;
    accessToken: string;
    idToken: null;
    refreshToken: null;
  };
}

function setup(tokenLifetimeS?: number) {
  const clock = { now: T0 };
  const sandbox = createSandbox({
    world,
    rateLimit: false,
    faultHeaders: true,
    now: () => clock.now,
    ...(tokenLifetimeS ? { tokenLifetimeS } : {}),
  });
  const login = async (client = partner) => {
    const response = await sandbox(loginRequest("http://sandbox.test", client));
    expect(response.status).toBe(200);
    return { response, body: (await response.json()) as LoginBody };
  };
  return { clock, login, sandbox };
}

describe("login tokens", () => {
  it("lasts a day by default, in the seed's body shape, and is never cached", async () => {
    const { login } = setup();
    const { response, body } = await login();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual(contractLoginBody(body.token.accessToken, 86_400));
    const claims = JSON.parse(Buffer.from(body.token.accessToken.split(".")[1]!, "base64url").toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(86_400);
  });

  it("returns the same token with the seconds left until its last minute, then a new one", async () => {
    const { clock, login } = setup();
    const first = (await login()).body.token;
    clock.now = T0 + 3_600_500;
    const again = (await login()).body.token;
    expect(again.accessToken).toBe(first.accessToken);
    expect(again.expiresIn).toBe(86_400 - 3_600);

    clock.now = T0 + (86_400 - 61) * 1000;
    expect((await login()).body.token).toMatchObject({ accessToken: first.accessToken, expiresIn: 61 });
    clock.now = T0 + (86_400 - 60) * 1000;
    const renewed = (await login()).body.token;
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.expiresIn).toBe(86_400);
    clock.now += 5_000;
    expect((await login()).body.token).toMatchObject({ accessToken: renewed.accessToken, expiresIn: 86_395 });
  });

  it("keeps one live token per client, and honours a configured lifetime", async () => {
    const { login } = setup(900);
    const a = (await login(partner)).body.token;
    const b = (await login(analytics)).body.token;
    expect(a.accessToken).not.toBe(b.accessToken);
    expect(a.expiresIn).toBe(900);
    expect((await login(partner)).body.token.accessToken).toBe(a.accessToken);
  });

  it("treats a token refused by the 401 fault as expired: the next login issues a new one", async () => {
    const { login, sandbox } = setup();
    const first = (await login()).body.token.accessToken;
    const refused = await sandbox(
      new Request("http://sandbox.test/config/v2/menus", {
        headers: {
          Authorization: `Bearer ${first}`,
          "Platform-Restaurant-External-ID": world.restaurants[0]!.guid,
          "Sandbox-Fault": "401",
        },
      }),
    );
    expect(refused.status).toBe(401);
    const second = (await login()).body.token;
    expect(second.accessToken).not.toBe(first);
    expect(second.expiresIn).toBe(86_400);
    expect((await login()).body.token.accessToken).toBe(second.accessToken);
  });
});
