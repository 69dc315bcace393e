/**
 * npm run bench:load [-- --users=50 --seconds=60 --no-build --dist-dir=.next-bench-load --port=0]
 *
 * The production build on a cold start: an empty PGlite store, the history backfill running (its
 * default KITCHEN_BACKFILL_DAYS), the app's own embedded sandbox reached only through the counting
 * proxy (test/support/platform-proxy.mjs), so upstream calls are counted outside the app. N users
 * sign in and loop over a weighted mix of kitchen, stations, menu, config, info and restaurants
 * routes for the given time. Prints the figures and the targets met or missed, and writes
 * bench/.results/load-latest.json. The server's process group is killed and the proxy closed
 * whatever happens.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { buildReport, formatReport } from "./report";
import { buildApp, freePort, killBuildNow, sampleProcessGroup, startApp, type RunningServer } from "./server";
import { connectionRetries, DEMO_ACCOUNTS, runUser, signIn, type Recorder, type Restaurant } from "./users";

const RESULTS = path.resolve(__dirname, "..", ".results");

interface Options {
  users: number;
  seconds: number;
  build: boolean;
  distDir: string;
  port: number;
}

/** Parses the flags; an unknown flag or a bad number is an error naming it. */
function parseOptions(argv: string[]): Options {
  const options: Options = { users: 50, seconds: 60, build: true, distDir: ".next-bench-load", port: 0 };
  const positive = (name: string, value: string, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}, got "${value}"`);
    return n;
  };
  for (const arg of argv) {
    const [flag, value = ""] = arg.split("=", 2) as [string, string?];
    if (flag === "--users") options.users = positive("users", value, 1);
    else if (flag === "--seconds") options.seconds = positive("seconds", value, 1);
    else if (flag === "--no-build") options.build = false;
    else if (flag === "--dist-dir" && value) options.distDir = value;
    else if (flag === "--port") options.port = positive("port", value, 0);
    else throw new Error(`unknown flag ${arg} (known: --users=N --seconds=N --no-build --dist-dir=DIR --port=N)`);
  }
  return options;
}

type Session = Awaited<ReturnType<typeof signIn>>;

/** The backfill's progress per restaurant, read with the admin's session once the run is over. */
async function backfillProgress(admin: Session, restaurants: Restaurant[]) {
  return Promise.all(
    restaurants.map(async (r) => {
      const response = await admin.request(`/api/restaurants/${r.guid}/kitchen/history`);
      const body = (await response.json()) as { ready?: number; pending?: number; failed?: number; total?: number };
      return { restaurant: r.name, ready: body.ready ?? -1, pending: body.pending ?? -1, failed: body.failed ?? -1, total: body.total ?? -1 };
    }),
  );
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
  const server = await startApp({ distDir: options.distDir, port, logFile: path.join(RESULTS, "load-server.log") });
  onServer(server);
  const group = sampleProcessGroup(server.pid);
  const benchCpuStart = process.cpuUsage();
  const benchStart = performance.now();
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 5_000);
  try {
    console.log(`next start on ${server.origin} (pid ${server.pid}), proxy ${server.proxy.url}; signing in ${options.users} users ...`);
    const startedAt = Date.now();
    const signInStarted = performance.now();
    const sessions = await Promise.all(Array.from({ length: options.users }, (_, i) => signIn(server.origin, DEMO_ACCOUNTS[i % DEMO_ACCOUNTS.length]!)));
    const signInMs = performance.now() - signInStarted;
    const recorder: Recorder = { requests: [], ready: [], errors: new Map() };
    const deadline = Date.now() + options.seconds * 1000;
    console.log(`running ${options.users} users for ${options.seconds} s ...`);
    await Promise.all(sessions.map((session) => runUser(session, { recorder, deadline, counts: server.proxy.counts })));
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
      load: { start: loadStart, mean1: loads.length ? loads.reduce((a, b) => a + b, 0) / loads.length : loadStart[0]!, max1: Math.max(loadStart[0]!, ...loads), end: loadavg() },
      signInMs,
      connectionRetries: connectionRetries(),
    });
    console.log(`\n${formatReport(report)}`);
    const file = path.join(RESULTS, "load-latest.json");
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwritten to ${path.relative(process.cwd(), file)}; server log in ${path.relative(process.cwd(), path.join(RESULTS, "load-server.log"))}`);
  } finally {
    clearInterval(loadTimer);
    group.stop();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let server: RunningServer | undefined;
  // Ctrl-C or a kill still takes the server's process group down; so does any other way out.
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping ...`);
      killBuildNow();
      void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
    });
  }
  process.once("exit", () => {
    killBuildNow();
    server?.killNow();
  });
  await run(options, (s) => (server = s));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:load failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
