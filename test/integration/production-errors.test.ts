import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, killGroup, killGroupNow } from "../../bench/load/server";
import { signIn } from "../../bench/load/users";
import {
  menuItemsAtFake,
  startAppProcess,
  startFakeProcess,
  type AppProcess,
  type FakeProcess,
} from "../support/fake-platform/processes";
import { startPlatformProxy, type PlatformProxy } from "../support/platform-proxy.mjs";

/**
 * Every error mapping of the API, asked over HTTP of the production server: `node server.mjs` on the
 * production build, with the history backfill on, as `npm start` serves it. Only there does Next
 * bundle instrumentation and each route with its own copy of a module; the process singletons (the
 * kitchen service, the Platform client) belong to the bundle that built them first, in production
 * the backfill's, and a typed error they throw must still be recognised by the route that answers
 * (a range too long answered 500, issue 30). So each app here waits until its backfill has built
 * them before the first request. Three processes of the one build `npm test` makes before this
 * suite: the main app (its embedded sandbox, reached through a counting proxy), one whose Platform
 * (the main app's sandbox) refuses its credentials, one whose Platform is a closed port, one whose
 * credential's token lacks kitchen:read (the main app's sandbox, through a second counting proxy),
 * and one whose Platform is the fake real service (test/support/fake-platform, its own process)
 * answering 409 once on a second page of a configuration list.
 */
const ROOT = path.resolve(__dirname, "../..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
// No build is a broken run, not a reason to skip: say what to do, at once.
if (!existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
  throw new Error(
    `no production build in ${DIST_DIR}/: run \`npx next build\` first (\`npm test\` builds it before the integration suite)`,
  );
}

const world = JSON.parse(readFileSync(path.join(ROOT, "lib/sandbox/world.json"), "utf8")) as {
  restaurants: { guid: string; name: string }[];
  clients: { clientId: string; clientSecret: string }[];
};
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
// A credential of the same Platform whose token has config:read and restaurants:read, not kitchen:read.
const configOnly = world.clients.find((c) => c.clientId === "kp-config-only")!;
const guidOf = (name: string) => world.restaurants.find((r) => r.name === name)!.guid;
// ana@kitchen.test sees Harbor Street Kitchen and Mesa Verde Cantina; ben@kitchen.test does not (lib/auth/demo-accounts.json).
const HARBOR = guidOf("Harbor Street Kitchen");
const MAX_RANGE_DAYS = 366; // KITCHEN_MAX_RANGE_DAYS's default, which the apps keep
const START_TIMEOUT_MS = 120_000;

type Session = Awaited<ReturnType<typeof signIn>>;

interface App {
  origin: string;
  port: number;
  /** Everything the process printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

const apps: App[] = [];
const children: ChildProcess[] = [];
// A run that ends abruptly (a failed hook, Ctrl-C) still takes its servers with it.
const killAll = () => children.forEach(killGroupNow);
process.on("exit", killAll);

/**
 * `node server.mjs` of the build on `port`, in its own process group, with an empty PGlite store,
 * the embedded sandbox unpaced and a short backfill (2 days: on, without hours of history on a
 * shared machine); `env` adds to that. Resolves once /api/health answers.
 */
async function startApp(port: number, env: Record<string, string>): Promise<App> {
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kp-production-errors-"));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(PLATFORM_|SANDBOX_|KITCHEN_|AUTH_|NEXTAUTH_|OIDC_|DATABASE_URL$|DATA_DIR$|ACCOUNTS_FILE$|APP_ORIGIN$|TRUST_PROXY$)/.test(
          name,
        ),
    ),
  );
  const child = spawn(process.execPath, ["server.mjs", "-p", String(port)], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      PORT: String(port),
      APP_ORIGIN: origin,
      NEXTAUTH_URL: origin,
      AUTH_SECRET: "production-errors-test-auth-secret-0123456789",
      DATA_DIR: dataDir,
      SANDBOX_RATE_LIMIT: "false",
      SANDBOX_EXPORT_LATENCY: "false",
      KITCHEN_BACKFILL_DAYS: "2",
      ...env,
    },
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const app: App = {
    origin,
    port,
    output: () => output,
    stop: async () => {
      await killGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  apps.push(app);
  await waitFor(`${origin} to answer /api/health`, app, async () => {
    if (child.exitCode !== null)
      throw new Error(`server.mjs on ${port} exited (${child.exitCode}):\n${tail(output)}`);
    return fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
  });
  return app;
}

function tail(text: string, lines = 30): string {
  return text.split("\n").slice(-lines).join("\n");
}

async function waitFor(
  what: string,
  app: Pick<App, "output">,
  done: () => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline)
      throw new Error(`waited ${START_TIMEOUT_MS / 1000} s for ${what}; its output:\n${tail(app.output())}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  retryAfter: string | null;
}

async function errorAnswer(session: Session, pathAndQuery: string): Promise<ErrorAnswer> {
  const response = await session.request(pathAndQuery);
  const text = await response.text();
  let error: { code?: string; message?: string } = {};
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error ?? {};
  } catch {
    // not JSON: the status says enough
  }
  return {
    status: response.status,
    code: error.code ?? "",
    message: error.message ?? text.slice(0, 200),
    retryAfter: response.headers.get("retry-after"),
  };
}

/** The business date (YYYYMMDD) `days` from today (UTC). Every world restaurant's zone is behind UTC, so +2 is their future. */
function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
}

/** The kitchen routes that take a range (from, to) and hand it to the kitchen service. */
const RANGE_ROUTES = ["kitchen/summary", "kitchen/summary.csv", "kitchen/coverage", "kitchen/tickets"];

let main: App;
let refused: App;
let unreachable: App;
let noScope: App;
let proxy: PlatformProxy;
let noScopeProxy: PlatformProxy;
/** The fake real service, and the production server pointed at it. */
let fake: FakeProcess;
let fakeApp: AppProcess;
let fakeLogs: string;
let ana: Session;
let ben: Session;

beforeAll(async () => {
  // The main app reaches its own sandbox through the proxy, whose count says when the backfill
  // has called upstream: by then the backfill's bundle has built the kitchen service and the client.
  const mainPort = await freePort();
  proxy = await startPlatformProxy({ target: `http://127.0.0.1:${mainPort}/sandbox` });
  main = await startApp(mainPort, {
    PLATFORM_BASE_URL: proxy.url,
    PLATFORM_CLIENT_ID: partner.clientId,
    PLATFORM_CLIENT_SECRET: partner.clientSecret,
    SANDBOX_ENABLED: "true",
  });
  const sandbox = `http://127.0.0.1:${mainPort}/sandbox`;
  noScopeProxy = await startPlatformProxy({ target: sandbox });
  fakeLogs = mkdtempSync(path.join(tmpdir(), "kp-production-errors-fake-"));
  // Location 0's menuItems (60-200 of them) page at 50, and its first second page answers 409.
  fake = await startFakeProcess(
    {
      locations: 2,
      exportDelayMs: [0, 0],
      configPageSize: 50,
      conflict: { location: 0, resource: "menuItems", times: 1 },
    },
    path.join(fakeLogs, "fake.log"),
  );
  [refused, unreachable, noScope, fakeApp] = await Promise.all([
    // The main app's sandbox answers loopback clients; this secret is not the partner's.
    startApp(await freePort(), {
      PLATFORM_BASE_URL: sandbox,
      PLATFORM_CLIENT_ID: partner.clientId,
      PLATFORM_CLIENT_SECRET: "not-the-partner-secret-0123",
      SANDBOX_ENABLED: "false",
    }),
    // A port nobody listens on: every connection is refused.
    startApp(await freePort(), {
      PLATFORM_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      PLATFORM_CLIENT_ID: partner.clientId,
      PLATFORM_CLIENT_SECRET: partner.clientSecret,
      SANDBOX_ENABLED: "false",
    }),
    startApp(await freePort(), {
      PLATFORM_BASE_URL: noScopeProxy.url,
      PLATFORM_CLIENT_ID: configOnly.clientId,
      PLATFORM_CLIENT_SECRET: configOnly.clientSecret,
      SANDBOX_ENABLED: "false",
    }),
    startAppProcess(
      fake.plan,
      { KITCHEN_BACKFILL_DAYS: "2", KITCHEN_SETTLE_H: "36" },
      path.join(fakeLogs, "app.log"),
    ),
  ]);
  // Nothing but /api/health has been asked yet, so the backfill (instrumentation's bundle) is what
  // built each app's kitchen service and Platform client. The two failing apps say so when their
  // backfill could not read a restaurant's identity.
  await Promise.all([
    waitFor("the main app's backfill to call upstream", main, () => proxy.counts().requests > 0),
    waitFor("the refused app's backfill to meet the refusal", refused, () =>
      refused.output().includes("[kitchen] backfill skips"),
    ),
    waitFor("the unreachable app's backfill to give up", unreachable, () =>
      unreachable.output().includes("[kitchen] backfill skips"),
    ),
    // The identities are readable with this credential: the backfill reads them, then holds.
    waitFor(
      "the scope-less app's backfill to call upstream",
      noScope,
      () => noScopeProxy.counts().requests > 1,
    ),
    waitFor("the fake's app's backfill to call upstream", { output: () => fakeApp.tail() }, async () =>
      (await fake.calls()).some((c) => c.endpoint !== "login"),
    ),
  ]);
  [ana, ben] = await Promise.all([
    signIn(main.origin, "ana@kitchen.test"),
    signIn(main.origin, "ben@kitchen.test"),
  ]);
}, 4 * START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([...apps.map((app) => app.stop()), fakeApp?.stop(), fake?.stop()]);
  if (fakeLogs) rmSync(fakeLogs, { recursive: true, force: true });
  await proxy?.close();
  await noScopeProxy?.close();
  process.off("exit", killAll);
});

describe("the production server (node server.mjs, backfill on) maps each error to its status", () => {
  it("answers a range longer than KITCHEN_MAX_RANGE_DAYS with 400 on every kitchen range route", async () => {
    const to = dateFromToday(-2);
    const from = dateFromToday(-2 - MAX_RANGE_DAYS); // MAX_RANGE_DAYS + 1 dates
    for (const route of RANGE_ROUTES) {
      const answer = await errorAnswer(ana, `/api/restaurants/${HARBOR}/${route}?from=${from}&to=${to}`);
      expect(answer, `${route}\n${tail(main.output())}`).toMatchObject({
        status: 400,
        code: "range_too_long",
      });
      expect(answer.message).toContain(`at most ${MAX_RANGE_DAYS} days may be asked at once`);
    }
  });

  it("answers a range in the future with 400 on every kitchen range route", async () => {
    const from = dateFromToday(2);
    const to = dateFromToday(3);
    for (const route of RANGE_ROUTES) {
      const answer = await errorAnswer(ana, `/api/restaurants/${HARBOR}/${route}?from=${from}&to=${to}`);
      expect(answer, `${route}\n${tail(main.output())}`).toMatchObject({ status: 400, code: "future_date" });
      expect(answer.message).toContain(`to ${to} is in the future`);
    }
  });

  it("answers a restaurant outside the account's set with 404, exactly as an unknown one", async () => {
    const range = `from=${dateFromToday(-3)}&to=${dateFromToday(-2)}`;
    const foreign = await errorAnswer(ben, `/api/restaurants/${HARBOR}/kitchen/summary?${range}`);
    const unknown = await errorAnswer(
      ben,
      `/api/restaurants/00000000-0000-4000-8000-000000000000/kitchen/summary?${range}`,
    );
    expect(foreign).toMatchObject({ status: 404, code: "not_found" });
    expect(unknown).toEqual(foreign);
    expect(await errorAnswer(ben, `/api/restaurants/${HARBOR}/info`)).toEqual(foreign);
  });

  it("answers 502 when the Platform refuses the app's credentials", async () => {
    const session = await signIn(refused.origin, "ana@kitchen.test");
    const answer = await errorAnswer(session, `/api/restaurants/${HARBOR}/info`);
    expect(answer, tail(refused.output())).toMatchObject({ status: 502, code: "platform_login_failed" });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  });

  it("answers 503 when the Platform cannot be reached", async () => {
    const session = await signIn(unreachable.origin, "ana@kitchen.test");
    const answer = await errorAnswer(session, `/api/restaurants/${HARBOR}/info`);
    expect(answer, tail(unreachable.output())).toMatchObject({ status: 503, code: "platform_login_failed" });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  });

  it("restarts a configuration listing after a 409 during paging, and answers the whole Menu with 200", async () => {
    const guid = fake.plan.conflict!.guid;
    const session = await signIn(fakeApp.origin, "admin@kitchen.test");
    const since = Date.now();
    const response = await session.request(`/api/restaurants/${guid}/menu`);
    expect(response.status, fakeApp.tail()).toBe(200);
    const items = Object.keys(((await response.json()) as { items: Record<string, unknown> }).items).length;
    // The fake answered 409 to the listing's second page, and the app asked page one again.
    const listing = (await fake.calls(since)).filter(
      (c) => c.location === guid && c.endpoint === "config:menuItems",
    );
    const conflict = listing.findIndex((c) => c.status === 409);
    expect(conflict, JSON.stringify(listing)).toBeGreaterThan(0);
    expect(listing[conflict]!.paged).toBe(true);
    expect(listing[conflict + 1]).toMatchObject({ paged: false, status: 200 });
    expect(listing.filter((c) => c.status === 409)).toHaveLength(1);
    // Every menu item the location lists, the first page's too (none lost to the restart).
    expect(items).toBeGreaterThanOrEqual(await menuItemsAtFake(fake.plan, guid));
  });

  it("says which permission a credential without kitchen:read lacks, and asks no export", async () => {
    const session = await signIn(noScope.origin, "ana@kitchen.test");
    const [from, to] = [dateFromToday(-4), dateFromToday(-3)];
    const response = await session.request(
      `/api/restaurants/${HARBOR}/kitchen/summary?from=${from}&to=${to}`,
    );
    expect(response.status, tail(noScope.output())).toBe(200);
    const { coverage } = (await response.json()) as {
      coverage: { complete: string[]; failed: { reason: string; hold?: Record<string, unknown> }[] };
    };
    expect(coverage.complete).toEqual([]);
    expect(coverage.failed.length).toBeGreaterThan(0);
    for (const f of coverage.failed) {
      expect(f.reason).toMatch(/lacks the kitchen:read permission/);
      expect(f.hold).toMatchObject({ kind: "permanent", until: null, scope: "kitchen:read" });
    }
    const health = (await (await fetch(`${noScope.origin}/api/health`)).json()) as {
      kitchenHolds: { missingScope: string | null };
    };
    expect(health.kitchenHolds.missingScope).toBe("kitchen:read");
    expect(noScopeProxy.counts().exports).toEqual({});
  });

  it("reports provisional dates in /api/health: counts to anyone, dates only of the account's own restaurants", async () => {
    const anonymous = await (await fetch(`${main.origin}/api/health`)).text();
    expect(anonymous).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    const section = (JSON.parse(anonymous) as { provisionalDates: Record<string, unknown> }).provisionalDates;
    expect(section).toMatchObject({
      settleHours: 36,
      dates: expect.any(Number),
      locations: expect.any(Number),
      due: expect.any(Number),
    });
    expect(section.byLocation).toBeUndefined();
    const signedIn = (await (await ben.request("/api/health")).json()) as {
      provisionalDates: { byLocation: { restaurantGuid: string }[] };
    };
    // ben's restaurants only (Harbor Street Kitchen is ana's).
    expect(signedIn.provisionalDates.byLocation.map((l) => l.restaurantGuid)).not.toContain(HARBOR);
  });

  it("logs no unexpected error: every typed error was recognised by the route that answered", () => {
    for (const app of apps) expect(app.output(), `port ${app.port}`).not.toContain("unexpected error");
    expect(fakeApp.tail()).not.toContain("unexpected error");
  });
});
