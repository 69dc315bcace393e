import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";

import { DEMO_PASSWORD } from "./fixtures/auth";

/**
 * Sign-in throttling by client address (issue 13), over real HTTP against the production build.
 * The main e2e app trusts no proxy (its specs all come from one address and must not share a
 * minute); this spec starts its own app with TRUST_PROXY=true, on E2E_PORT + 5, and plays the
 * proxy: each request context sends the X-Forwarded-For of one client. The bcrypt cap is raised
 * there so that how fast this machine runs the attempts cannot decide an answer; its rule is
 * proved in lib/security/sign-in-throttle.test.ts, its effect measured by `npm run bench:auth`.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 5;
const baseURL = `http://localhost:${port}`;
const ROOT = path.join(__dirname, "..");

let app: ChildProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "kp-e2e-throttle-"));
  app = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port)],
    {
      cwd: ROOT,
      // Its own process group, so afterAll ends next's workers with it.
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        PORT: String(port),
        APP_ORIGIN: baseURL,
        NEXTAUTH_URL: baseURL,
        AUTH_SECRET: "e2e-only-auth-secret-0123456789abcdef",
        DATA_DIR: dataDir,
        TRUST_PROXY: "true",
        AUTH_MAX_BCRYPT_PER_S: "1000",
        KITCHEN_BACKFILL_DAYS: "0",
        SANDBOX_RATE_LIMIT: "false",
        SANDBOX_EXPORT_LATENCY: "false",
      },
    },
  );
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (app.exitCode !== null) throw new Error(`the app on port ${port} exited with ${app.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app on port ${port} did not answer /api/health`);
});

test.afterAll(() => {
  if (app?.pid !== undefined && app.exitCode === null) process.kill(-app.pid, "SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One client behind the proxy, at `address`. */
async function clientAt(
  playwright: PlaywrightWorkerArgs["playwright"],
  address: string,
): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address } });
}

/** Posts one credentials sign-in as next-auth's own form does; the answer's error code, or "signed-in". */
async function attempt(request: APIRequestContext, email: string, password: string): Promise<string> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, callbackUrl: "/", json: "true" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(500);
  const { url } = (await response.json()) as { url: string };
  return new URL(url, baseURL).searchParams.get("error") ?? "signed-in";
}

test("an attacker failing 20 times at one address never keeps the owner out at another", async ({
  playwright,
}) => {
  const attacker = await clientAt(playwright, "203.0.113.7");
  const owner = await clientAt(playwright, "198.51.100.20");
  const answers: string[] = [];
  for (let i = 0; i < 20; i++) answers.push(await attempt(attacker, "admin@kitchen.test", `guess-${i}`));
  // Three free failures, then the (account, attacker) pair is locked.
  expect(answers.slice(0, 3)).toEqual(["CredentialsSignin", "CredentialsSignin", "CredentialsSignin"]);
  expect(answers.at(-1)).toBe("TooManyAttempts");
  // Even the right password is refused from the attacker's address...
  expect(await attempt(attacker, "admin@kitchen.test", DEMO_PASSWORD)).toBe("TooManyAttempts");
  // ...and accepted at once from the owner's, with a working session.
  expect(await attempt(owner, "admin@kitchen.test", DEMO_PASSWORD)).toBe("signed-in");
  const session = (await (await owner.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe("admin@kitchen.test");
  await Promise.all([attacker.dispose(), owner.dispose()]);
});

test("a spray across 40 accounts from one address is refused from attempt 21 on, and other addresses are not", async ({
  playwright,
}) => {
  const sprayer = await clientAt(playwright, "192.0.2.66");
  const answers: string[] = [];
  for (let i = 0; i < 40; i++) answers.push(await attempt(sprayer, `cook${i}@kitchen.test`, "Summer2026!"));
  expect(answers.slice(0, 20)).toEqual(Array(20).fill("CredentialsSignin"));
  expect(answers.slice(20)).toEqual(Array(20).fill("TooManyAttempts"));
  // The sprayer's address is spent for the minute, right password or not; another address is not.
  expect(await attempt(sprayer, "ben@kitchen.test", DEMO_PASSWORD)).toBe("TooManyAttempts");
  const other = await clientAt(playwright, "192.0.2.67");
  expect(await attempt(other, "ben@kitchen.test", DEMO_PASSWORD)).toBe("signed-in");
  await Promise.all([sprayer.dispose(), other.dispose()]);
});

test("the right-most X-Forwarded-For entry is the client: an address the client writes itself is not", async ({
  playwright,
}) => {
  // The proxy appends what it saw; whatever the client put to its left is the client's own word.
  const answers: string[] = [];
  for (let i = 0; i < 21; i++) {
    const forged = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": `10.9.${i}.1, 192.0.2.80` },
    });
    answers.push(await attempt(forged, `line${i}@kitchen.test`, "wrong"));
    await forged.dispose();
  }
  expect(answers.at(19)).toBe("CredentialsSignin");
  expect(answers.at(20)).toBe("TooManyAttempts");
});
