/**
 * The two processes of a run against the fake real service, for the acceptance test
 * (test/integration/real-service-chain.test.ts) and `npm run bench:chain`: the fake (cli.ts, its
 * own process) and the production server (`node server.mjs` on the existing build, its own process
 * group) pointed at it with an accounts file listing the fake's locations. Both are always killed
 * by `stop`, and the app's process group can be sampled from /proc (bench/load/server.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort, killGroup, killGroupNow, spawnLogged } from "@/bench/load/server";

import type { Call } from "./call-log";
import type { FakePlatformConfigInput } from "./config";
import type { FakePlan } from "./server";

const ROOT = path.resolve(__dirname, "..", "..", "..");

export interface FakeProcess {
  plan: FakePlan;
  pid: number;
  calls: (since?: number) => Promise<Call[]>;
  outage: (on: boolean, mode?: "503" | "reset") => Promise<number>;
  revise: () => Promise<number>;
  exportNow: (guid: string, date: string) => Promise<Record<string, unknown>[]>;
  stop: () => Promise<void>;
  killNow: () => void;
}

async function adminJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? "GET"} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Starts the fake in its own process and waits for its ready line (at most 60 s). */
export async function startFakeProcess(
  config: FakePlatformConfigInput,
  logFile: string,
): Promise<FakeProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(ROOT, "test/support/fake-platform/cli.ts"),
      "--config-json",
      JSON.stringify(config),
    ],
    {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString("utf8")).slice(-4_000)));
  const plan = await new Promise<FakePlan>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`the fake platform did not start within 60 s: ${errors}`)),
      60_000,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.startsWith('{"ready"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { ready: FakePlan }).ready);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the fake platform ended (exit ${code}): ${errors}`));
    });
  });
  child.stderr.on("data", () => writeFileSync(logFile, errors));
  const admin = (route: string) => `${plan.url}/__admin/${route}`;
  const post = (body: unknown) => ({
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return {
    plan,
    pid: child.pid!,
    calls: async (since = 0) => (await adminJson<{ calls: Call[] }>(admin(`calls?since=${since}`))).calls,
    outage: async (on, mode = "503") =>
      (await adminJson<{ at: number }>(admin("outage"), post({ on, mode }))).at,
    revise: async () => (await adminJson<{ revisedAt: number }>(admin("revise"), post({}))).revisedAt,
    exportNow: async (guid, date) =>
      (await adminJson<{ records: Record<string, unknown>[] }>(admin(`export?location=${guid}&date=${date}`)))
        .records,
    stop: () => killGroup(child),
    killNow: () => killGroupNow(child),
  };
}

/** The demo admin's bcrypt hash (password `kitchen-demo`, lib/auth/demo-accounts.json). */
function demoAdminHash(): string {
  const file = JSON.parse(readFileSync(path.join(ROOT, "lib/auth/demo-accounts.json"), "utf8")) as {
    accounts: { email: string; passwordHash: string }[];
  };
  return file.accounts.find((a) => a.email === "admin@kitchen.test")!.passwordHash;
}

export interface AppProcess {
  origin: string;
  pid: number;
  dataDir: string;
  startedAt: number;
  stop: () => Promise<void>;
  killNow: () => void;
  tail: () => string;
}

/** The build server.mjs serves: NEXT_DIST_DIR or .next, with a BUILD_ID. Null when there is none. */
export function productionBuild(): string | null {
  const dist = process.env.NEXT_DIST_DIR || ".next";
  return existsSync(path.join(ROOT, dist, "BUILD_ID")) ? dist : null;
}

/**
 * `node server.mjs` (NODE_ENV=production) on a fresh PGlite data directory, its Platform the
 * fake, its accounts file the fake's locations (admin@kitchen.test sees all), `env` on top. With
 * `fake` null: the app's own embedded sandbox and the demo accounts' first run, as a new
 * deployment starts. Resolves once /api/health answers (at most 120 s).
 */
export async function startAppProcess(
  fake: FakePlan | null,
  env: Record<string, string>,
  logFile: string,
): Promise<AppProcess> {
  const dist = productionBuild();
  if (!dist)
    throw new Error(
      `no production build at ${process.env.NEXT_DIST_DIR || ".next"} (run \`npx next build\` first, as npm test does before the integration suite)`,
    );
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kp-chain-"));
  const accountsFile = path.join(dataDir, "accounts.json");
  if (fake)
    writeFileSync(
      accountsFile,
      JSON.stringify({
        restaurants: fake.locations.map((l) => ({ guid: l.guid, label: l.name })),
        accounts: [
          {
            email: "admin@kitchen.test",
            name: "Avery Admin",
            passwordHash: demoAdminHash(),
            restaurants: "*",
          },
        ],
      }),
    );
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(childEnv))
    if (/^(KITCHEN_|PLATFORM_|SANDBOX_|DATABASE_URL|ACCOUNTS_FILE)/.test(name)) delete childEnv[name];
  Object.assign(childEnv, {
    NODE_ENV: "production",
    PORT: String(port),
    APP_ORIGIN: origin,
    NEXTAUTH_URL: origin,
    AUTH_SECRET: "chain-only-auth-secret-0123456789abcdef",
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: dist,
    ...(fake
      ? {
          ACCOUNTS_FILE: accountsFile,
          PLATFORM_BASE_URL: fake.url,
          PLATFORM_CLIENT_ID: fake.clientId,
          PLATFORM_CLIENT_SECRET: fake.clientSecret,
          SANDBOX_ENABLED: "false",
        }
      : {}),
    ...env,
  });
  const startedAt = Date.now();
  const { child, log, tail, exited } = spawnLogged([path.join(ROOT, "server.mjs"), "-p", String(port)], {
    cwd: ROOT,
    env: childEnv,
    logFile,
  });
  const stop = async () => {
    await killGroup(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited()) {
      await stop();
      throw new Error(`server.mjs ended before it answered (${exited()}):\n${tail()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server.mjs did not answer /api/health within 120 s:\n${tail()}`);
    }
    if (
      await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    pid: child.pid!,
    dataDir,
    startedAt,
    stop,
    killNow: () => {
      killGroupNow(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    tail,
  };
}

/**
 * Every menuItems entity of a location, read page by page from the fake itself (its own login): what
 * a Menu read whole must reach, however the app's paging went.
 */
export async function menuItemsAtFake(plan: FakePlan, guid: string): Promise<number> {
  const login = await fetch(`${plan.url}/authentication/v1/authentication/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      clientId: plan.clientId,
      clientSecret: plan.clientSecret,
      userAccessType: "PLATFORM_MACHINE_CLIENT",
    }),
  });
  const token = ((await login.json()) as { token: { accessToken: string } }).token.accessToken;
  let count = 0;
  let pageToken: string | null = null;
  do {
    const query: string = pageToken ? `?pageToken=${encodeURIComponent(pageToken)}` : "";
    const page = await fetch(`${plan.url}/config/v2/menuItems${query}`, {
      headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": guid },
    });
    count += ((await page.json()) as unknown[]).length;
    pageToken = page.headers.get("platform-next-page-token");
  } while (pageToken);
  return count;
}
