/**
 * npm run bench:load [-- --users=50 --seconds=60 --no-build --dist-dir=.next-bench-load --port=0 --until-warm=MINUTES]
 *
 * --until-warm: after the users' run, keeps the server up and reads kitchen/history every 5 s
 * until every restaurant not known to lack the kitchen tier has its whole backfill window stored
 * (or MINUTES pass), then reports how long that took from the server's start and how many closed
 * (restaurant, date) pairs went upstream more than once in all. `--users=1 --seconds=1
 * --until-warm=30` measures a fresh instance that nobody uses.
 *
 * The production build on a cold start: an empty PGlite store, the history backfill running (its
 * default KITCHEN_BACKFILL_DAYS), the app's own embedded sandbox reached only through the counting
 * proxy (test/support/platform-proxy.mjs), so upstream calls are counted outside the app. N users
 * sign in and loop over a weighted mix of kitchen, stations, menu, config, info and restaurants
 * routes for the given time. Prints the figures and the issue's targets met or missed, and writes
 * bench/.results/load-latest.json. The server's process group is killed and the proxy closed
 * whatever happens.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";

import { buildReport, formatReport } from "./report";
import {
  buildApp,
  freePort,
  sampleProcessGroup,
  startApp,
  stopServerOnExit,
  wholeNumberOption,
  type RunningServer,
} from "./server";
import { connectionRetries, DEMO_ACCOUNTS, runUser, signIn, type Recorder, type Restaurant } from "./users";

const RESULTS = path.resolve(__dirname, "..", ".results");

interface Options {
  users: number;
  seconds: number;
  build: boolean;
  distDir: string;
  port: number;
  untilWarmMinutes: number;
}

/** Parses the flags; an unknown flag or a bad number is an error naming it. */
function parseOptions(argv: string[]): Options {
  const options: Options = {
    users: 50,
    seconds: 60,
    build: true,
    distDir: ".next-bench-load",
    port: 0,
    untilWarmMinutes: 0,
  };
  for (const arg of argv) {
    const [flag, value = ""] = arg.split("=", 2) as [string, string?];
    if (flag === "--users") options.users = wholeNumberOption("users", value, 1);
    else if (flag === "--seconds") options.seconds = wholeNumberOption("seconds", value, 1);
    else if (flag === "--no-build") options.build = false;
    else if (flag === "--dist-dir" && value) options.distDir = value;
    else if (flag === "--port") options.port = wholeNumberOption("port", value, 0);
    else if (flag === "--until-warm") options.untilWarmMinutes = wholeNumberOption("until-warm", value, 1);
    else
      throw new Error(
        `unknown flag ${arg} (known: --users=N --seconds=N --no-build --dist-dir=DIR --port=N --until-warm=MINUTES)`,
      );
  }
  return options;
}

type Session = Awaited<ReturnType<typeof signIn>>;

/** The backfill's progress per restaurant, read with the admin's session once the run is over. */
async function backfillProgress(admin: Session, restaurants: Restaurant[]) {
  return Promise.all(
    restaurants.map(async (r) => {
      const response = await admin.request(`/api/restaurants/${r.guid}/kitchen/history`);
      const body = (await response.json()) as {
        ready?: number;
        pending?: number;
        failed?: number;
        total?: number;
      };
      return {
        restaurant: r.name,
        ready: body.ready ?? -1,
        pending: body.pending ?? -1,
        failed: body.failed ?? -1,
        total: body.total ?? -1,
      };
    }),
  );
}

/**
 * Polls kitchen/history until every restaurant that may have kitchen data has its window stored;
 * seconds since `serverStartedAt`, or null when `minutes` passed first.
 */
async function untilWarm(
  admin: Session,
  restaurants: Restaurant[],
  serverStartedAt: number,
  minutes: number,
): Promise<number | null> {
  const giveUpAt = Date.now() + minutes * 60_000;
  for (;;) {
    const rows = await Promise.all(
      restaurants.map(
        async (r) =>
          (await (await admin.request(`/api/restaurants/${r.guid}/kitchen/history`)).json()) as {
            entitled: boolean | null;
            pending: number;
            failed: number;
          },
      ),
    );
    if (rows.every((h) => h.entitled === false || (h.entitled === true && h.pending === 0 && h.failed === 0)))
      return (Date.now() - serverStartedAt) / 1000;
    if (Date.now() > giveUpAt) return null;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

async function allRestaurants(admin: Session): Promise<Restaurant[]> {
  const response = await admin.request("/api/restaurants");
  if (!response.ok) throw new Error(`GET /api/restaurants as admin answered ${response.status}`);
  return ((await response.json()) as { restaurants: Restaurant[] }).restaurants;
}

/** The benchmark's own CPU (users and proxy), which competes with the server for the same cores. */
function benchCpu(start: NodeJS.CpuUsage, startedAt: number): { cpuSeconds: number; cpuCores: number } {
  const used = process.cpuUsage(start);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return { cpuSeconds, cpuCores: cpuSeconds / ((performance.now() - startedAt) / 1000) };
}

async function run(options: Options, onServer: (server: RunningServer) => void): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  if (options.build) {
    console.log(`next build into ${options.distDir} ...`);
    await buildApp(options.distDir, path.join(RESULTS, "load-build.log"));
  }
  const port = options.port || (await freePort());
  const loadStart = loadavg();
  const serverStartedAt = Date.now();
  const server = await startApp({
    distDir: options.distDir,
    port,
    logFile: path.join(RESULTS, "load-server.log"),
  });
  onServer(server);
  const group = sampleProcessGroup(server.pid);
  const benchCpuStart = process.cpuUsage();
  const benchStart = performance.now();
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 5_000);
  try {
    console.log(
      `server.mjs on ${server.origin} (pid ${server.pid}), proxy ${server.proxy.url}; signing in ${options.users} users ...`,
    );
    const startedAt = Date.now();
    const signInStarted = performance.now();
    const sessions = await Promise.all(
      Array.from({ length: options.users }, (_, i) =>
        signIn(server.origin, DEMO_ACCOUNTS[i % DEMO_ACCOUNTS.length]!),
      ),
    );
    const signInMs = performance.now() - signInStarted;
    const recorder: Recorder = { requests: [], ready: [], errors: new Map() };
    const deadline = Date.now() + options.seconds * 1000;
    console.log(`running ${options.users} users for ${options.seconds} s ...`);
    await Promise.all(
      sessions.map((session) => runUser(session, { recorder, deadline, counts: server.proxy.counts })),
    );
    const wallSeconds = (Date.now() - startedAt) / 1000;
    const admin = await signIn(server.origin, "admin@kitchen.test");
    const restaurants = await allRestaurants(admin);
    const history = await backfillProgress(admin, restaurants);
    const counts = server.proxy.counts();
    clearInterval(loadTimer);
    const report = buildReport({
      users: options.users,
      seconds: options.seconds,
      startedAt,
      wallSeconds,
      recorder,
      counts,
      restaurants,
      history,
      server: group.stop(),
      bench: benchCpu(benchCpuStart, benchStart),
      load: {
        start: loadStart,
        mean1: loads.length ? loads.reduce((a, b) => a + b, 0) / loads.length : loadStart[0]!,
        max1: Math.max(loadStart[0]!, ...loads),
        end: loadavg(),
      },
      signInMs,
      connectionRetries: connectionRetries(),
    });
    console.log(`\n${formatReport(report)}`);
    const file = path.join(RESULTS, "load-latest.json");
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\nwritten to ${path.relative(process.cwd(), file)}; server log in ${path.relative(process.cwd(), path.join(RESULTS, "load-server.log"))}`,
    );
    if (options.untilWarmMinutes > 0) {
      console.log(
        `\nwaiting up to ${options.untilWarmMinutes} min for every entitled restaurant's backfill window ...`,
      );
      const warmAfter = await untilWarm(admin, restaurants, serverStartedAt, options.untilWarmMinutes);
      const exportsNow = server.proxy.counts().exports as Record<string, number>;
      const pairs = Object.values(exportsNow);
      const repeatedKeys = Object.entries(exportsNow)
        .filter(([, n]) => n > 1)
        .map(([key, n]) => `${key} x${n}`);
      const repeated = repeatedKeys.length;
      console.log(
        warmAfter === null
          ? `NOT warm after ${options.untilWarmMinutes} min`
          : `warm after ${warmAfter.toFixed(0)} s from the server's start; ${pairs.length} (restaurant, date) pairs fetched upstream, ${repeated} of them more than once${repeated ? ` (${repeatedKeys.slice(0, 10).join(", ")}; today's open date is refreshed by design)` : ""}`,
      );
      writeFileSync(
        path.join(RESULTS, "warm-latest.json"),
        `${JSON.stringify({ warmAfterSeconds: warmAfter, pairs: pairs.length, repeated: repeatedKeys }, null, 2)}\n`,
      );
    }
  } finally {
    clearInterval(loadTimer);
    group.stop();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let server: RunningServer | undefined;
  stopServerOnExit(() => server);
  await run(options, (s) => (server = s));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:load failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
