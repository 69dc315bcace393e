import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { decodeJwt, SignJWT } from "jose";

import { restaurantNamed, WORLD_CLIENTS } from "./fixtures/auth";

/**
 * The embedded sandbox's exposure (issue 13), replayed over real HTTP against the production build
 * served by server.mjs: who may reach /sandbox, whose tokens it takes, and whether a client can
 * order faults. The suite's app (E2E_PORT) runs with the defaults; two more processes of the same
 * build, started here, run with SANDBOX_PUBLIC + SANDBOX_FAULTS and with TRUST_PROXY.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const harbor = restaurantNamed("Harbor Street Kitchen");
const partner = WORLD_CLIENTS.find((c) => c.clientId === "kp-partner")!;
const LOGIN = "/sandbox/authentication/v1/authentication/login";
const MENUS = "/sandbox/config/v2/menus";
const loginBody = {
  clientId: partner.clientId,
  clientSecret: partner.clientSecret,
  userAccessType: "PLATFORM_MACHINE_CLIENT",
};
// The signing secret that used to be the default, published in the source: tokens forged with it.
const OLD_DEFAULT_SECRET = "kitchen-pulse-sandbox-signing-secret-not-for-production";

/**
 * This machine's own address on a non-loopback interface: a connection to it comes from that
 * address, so the server sees a genuine non-loopback peer. No such interface is a broken test
 * machine, not a reason to skip.
 */
function nonLoopbackAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
  if (!address)
    throw new Error(
      "this machine has no non-loopback IPv4 interface: the exposure tests need one to connect from a non-loopback address",
    );
  return address;
}

function login(
  request: APIRequestContext,
  origin: string,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  return request.post(`${origin}${LOGIN}`, { data: loginBody, headers });
}

async function tokenFrom(
  request: APIRequestContext,
  origin: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await login(request, origin, headers);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: { accessToken: string } }).token.accessToken;
}

function menus(
  request: APIRequestContext,
  origin: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  return request.get(`${origin}${MENUS}`, {
    headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": harbor.guid, ...headers },
  });
}

async function expectHidden(response: APIResponse, label: string): Promise<void> {
  expect(response.status(), label).toBe(404);
  expect(((await response.json()) as { message: string }).message, label).toBe("The sandbox is not enabled.");
}

interface App {
  origin: string;
  child: ChildProcess;
}

/** Another process of the built app on `appPort`, with the suite's settings plus `extra`. */
async function startApp(appPort: number, extra: Record<string, string>): Promise<App> {
  const origin = `http://localhost:${appPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    APP_ORIGIN: origin,
    NEXTAUTH_URL: origin,
    AUTH_SECRET: "e2e-only-auth-secret-0123456789abcdef",
    DATA_DIR: mkdtempSync(join(tmpdir(), "kp-e2e-exposure-")),
    SANDBOX_RATE_LIMIT: "false",
    SANDBOX_EXPORT_LATENCY: "false",
    KITCHEN_BACKFILL_DAYS: "0",
    ...extra,
  };
  // The default: a random signing secret of the process (playwright.config.ts fixes the suite app's).
  delete env.SANDBOX_SIGNING_SECRET;
  const child = spawn(process.execPath, ["server.mjs", "-p", String(appPort)], {
    cwd: join(__dirname, ".."),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit");
  for (;;) {
    const answer = await Promise.race([
      fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited.then(() => "exited" as const),
    ]);
    if (answer === true) return { origin, child };
    if (answer === "exited") throw new Error(`server.mjs on ${appPort} exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopApp(app: App | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null) return;
  const exited = once(app.child, "exit");
  app.child.kill("SIGTERM");
  await exited;
}

const local = `http://localhost:${port}`;

test.describe("the suite's app (defaults)", () => {
  test("answers a loopback client; its login is not stored by caches", async ({ request }) => {
    const response = await login(request, local);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["pragma"]).toBe("no-cache");
    const token = ((await response.json()) as { token: { accessToken: string } }).token.accessToken;
    expect((await menus(request, local, token)).status()).toBe(200);
  });

  test("hides the sandbox from a non-loopback client, whatever headers it sends", async ({ request }) => {
    const outside = `http://${nonLoopbackAddress()}:${port}`;
    // Not vacuous: the app itself answers on that address.
    expect((await request.get(`${outside}/api/health`)).status()).toBe(200);
    await expectHidden(await login(request, outside), "plain");
    await expectHidden(
      await login(request, outside, { "x-kp-peer": "anything 127.0.0.1" }),
      "forged peer header",
    );
    await expectHidden(
      await login(request, outside, { "X-Forwarded-For": "127.0.0.1" }),
      "X-Forwarded-For without TRUST_PROXY",
    );
    await expectHidden(await request.get(`${outside}${MENUS}`), "a secured endpoint");
  });

  test("ignores Sandbox-Fault without SANDBOX_FAULTS", async ({ request }) => {
    const token = await tokenFrom(request, local, { "Sandbox-Fault": "slow=120000" });
    const response = await menus(request, local, token, { "Sandbox-Fault": "429=9999" });
    expect(response.status()).toBe(200);
    expect(response.headers()["retry-after"]).toBeUndefined();
  });
});

test.describe("two more processes of the build", () => {
  let open: App | undefined; // SANDBOX_PUBLIC=true, SANDBOX_FAULTS=true
  let proxied: App | undefined; // TRUST_PROXY=true
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    [open, proxied] = await Promise.all([
      startApp(port + 5, { SANDBOX_PUBLIC: "true", SANDBOX_FAULTS: "true" }),
      startApp(port + 6, { TRUST_PROXY: "true" }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([stopApp(open), stopApp(proxied)]);
  });

  test("SANDBOX_PUBLIC=true serves a non-loopback client; SANDBOX_FAULTS=true obeys Sandbox-Fault", async ({
    request,
  }) => {
    const outside = `http://${nonLoopbackAddress()}:${port + 5}`;
    const token = await tokenFrom(request, outside);
    expect((await menus(request, outside, token)).status()).toBe(200);
    const faulted = await menus(request, outside, token, { "Sandbox-Fault": "429=9999" });
    expect(faulted.status()).toBe(429);
    expect(faulted.headers()["retry-after"]).toBe("9999");
  });

  test("TRUST_PROXY=true takes the client from X-Forwarded-For's last entry", async ({ request }) => {
    const origin = proxied!.origin;
    await expectHidden(
      await login(request, origin, { "X-Forwarded-For": "203.0.113.7" }),
      "a public client behind the proxy",
    );
    await expectHidden(
      await login(request, origin, { "X-Forwarded-For": "127.0.0.1, 203.0.113.7" }),
      "a client's own loopback claim, passed along",
    );
    expect((await login(request, origin, { "X-Forwarded-For": "127.0.0.1" })).status()).toBe(200);
  });

  test("each process signs with its own secret: another's token, or one forged with the old default, is refused", async ({
    request,
  }) => {
    const viaProxy = { "X-Forwarded-For": "127.0.0.1" };
    const fromOpen = await tokenFrom(request, open!.origin);
    const fromProxied = await tokenFrom(request, proxied!.origin, viaProxy);
    expect((await menus(request, open!.origin, fromOpen)).status()).toBe(200);
    expect((await menus(request, proxied!.origin, fromProxied, viaProxy)).status()).toBe(200);
    expect((await menus(request, proxied!.origin, fromOpen, viaProxy)).status()).toBe(401);
    expect((await menus(request, open!.origin, fromProxied)).status()).toBe(401);
    expect((await menus(request, open!.origin, await tokenFrom(request, local))).status()).toBe(401);

    // The finding: a ten-year token signed with the secret that used to be in the source.
    const claims = decodeJwt(fromOpen);
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ ...claims, iat: now, exp: now + 10 * 365 * 86_400 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(OLD_DEFAULT_SECRET));
    expect((await menus(request, open!.origin, forged)).status()).toBe(401);
  });
});
