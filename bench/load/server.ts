/**
 * The server side of `npm run bench:load`: the production build, `node server.mjs` in its own process
 * group on a fresh PGlite data directory with the counting proxy between the app and its own
 * embedded sandbox, the RSS sampler over that process group, and a stop that always kills it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { readProcStats, TICKS_PER_SECOND } from "../proc-stat";

const ROOT = path.resolve(__dirname, "..", "..");
export const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
// Our server, not `next start`: the sandbox answers only the loopback peers server.mjs records.
const SERVER = path.join(ROOT, "server.mjs");
const HEALTH_TIMEOUT_MS = 120_000;

/** What the counting proxy (test/support/platform-proxy.mjs) says it saw. */
export interface ProxyCounts {
  logins: number;
  requests: number;
  /** itemFulfillments calls, per "<restaurantGuid>|<businessDate>". */
  exports: Record<string, number>;
  /** The statuses those calls were answered with, in order (0: no answer). */
  exportStatuses: Record<string, number[]>;
}

interface PlatformProxy {
  url: string;
  counts: () => ProxyCounts;
  close: () => Promise<void>;
}

/**
 * The counting proxy, loaded at run time: it is plain JavaScript (an ES module that Playwright's
 * webServer also runs with node), and this file runs as CommonJS under tsx.
 */
async function startCountingProxy(target: string): Promise<PlatformProxy> {
  const file = pathToFileURL(path.join(ROOT, "test", "support", "platform-proxy.mjs")).href;
  const proxyModule = (await import(file)) as {
    startPlatformProxy: (opts: { target: string }) => Promise<PlatformProxy>;
  };
  return proxyModule.startPlatformProxy({ target });
}

/** Keeps the last lines of a stream for error messages; the whole of it goes to a log file. */
function tailOf(text: string, lines = 40): string {
  return text.split("\n").slice(-lines).join("\n");
}

/** The build in progress, in its own process group, so a signal to the benchmark can end it. */
let activeBuild: ChildProcess | undefined;

/** A command-line option's value as a whole number of at least `min`, or an error naming the option. */
export function wholeNumberOption(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be a whole number >= ${min}, got "${value}"`);
  return n;
}

/** Kills the build in progress, if any (synchronous: usable on process exit). */
export function killBuildNow(): void {
  if (activeBuild?.pid === undefined || activeBuild.exitCode !== null || activeBuild.signalCode !== null)
    return;
  try {
    process.kill(-activeBuild.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Ctrl-C or a kill still takes the server's process group down (exiting with the signal's usual
 * code once it stopped); so does any other way out. `server` is read when the signal comes, since
 * the run starts its server later; `onExit` is the caller's own clean-up.
 */
export function stopServerOnExit(
  server: () => RunningServer | undefined,
  onExit: () => void = () => {},
): void {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping ...`);
      killBuildNow();
      void (server()?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
    });
  }
  process.once("exit", () => {
    killBuildNow();
    server()?.killNow();
    onExit();
  });
}

/**
 * `next build` into `distDir`. Next rewrites tsconfig.json to include the dist dir's types; the
 * file is put back as it was, so a benchmark run leaves the work tree clean. `projectDir` builds
 * another Next project with the same Next (bench:web's bare floor, bench/web/bare-next).
 */
export async function buildApp(distDir: string, logFile: string, projectDir = ROOT): Promise<void> {
  const tsconfig = path.join(ROOT, "tsconfig.json");
  const before = readFileSync(tsconfig, "utf8");
  const log = createWriteStream(logFile);
  let output = "";
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [NEXT_BIN, "build"], {
        cwd: projectDir,
        env: { ...process.env, NEXT_DIST_DIR: distDir },
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      activeBuild = child;
      const keep = (chunk: Buffer) => {
        log.write(chunk);
        output = (output + chunk.toString("utf8")).slice(-20_000);
      };
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.once("error", reject);
      child.once("exit", resolve);
    });
    if (code !== 0)
      throw new Error(`next build failed (exit ${code}); full log in ${logFile}:\n${tailOf(output)}`);
  } finally {
    activeBuild = undefined;
    log.end();
    if (readFileSync(tsconfig, "utf8") !== before) writeFileSync(tsconfig, before);
  }
}

/** A port nobody listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The sandbox's partner client: the credentials the app presents to the Platform (here, the proxy). */
function partnerCredentials(): { clientId: string; clientSecret: string } {
  const world = JSON.parse(readFileSync(path.join(ROOT, "lib", "sandbox", "world.json"), "utf8")) as {
    clients: { clientId: string; clientSecret: string }[];
  };
  const partner = world.clients.find((c) => c.clientId === "kp-partner");
  if (!partner) throw new Error('lib/sandbox/world.json has no client "kp-partner"');
  return partner;
}

export interface RunningServer {
  origin: string;
  pid: number;
  proxy: PlatformProxy;
  dataDir: string;
  /** Kills the process group (TERM, then KILL after 5 s), closes the proxy, removes the data dir unless the caller gave it. Safe to call twice. */
  stop: () => Promise<void>;
  /** The synchronous last resort for process exit: KILL the group, remove the data dir. */
  killNow: () => void;
}

/**
 * Starts the counting proxy (target: the app's own /sandbox, over loopback) and server.mjs pointed at it, with
 * the history backfill at its default (KITCHEN_BACKFILL_DAYS unset) on an empty store, and waits
 * for /api/health; `env` overrides those settings, `dataDir` reuses (and keeps) a store. localhost, not 127.0.0.1: next-auth's cookies are bound to the host name.
 */
export async function startApp(opts: {
  distDir: string;
  port: number;
  logFile: string;
  env?: Record<string, string>;
  dataDir?: string;
}): Promise<RunningServer> {
  const origin = `http://localhost:${opts.port}`;
  const proxy = await startCountingProxy(`${origin}/sandbox`);
  // A caller's data directory is kept (bench:http restarts the server over the same store); a fresh one is removed on stop.
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), "kp-bench-load-"));
  const removeDataDir = () => {
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const partner = partnerCredentials();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(opts.port),
    APP_ORIGIN: origin,
    NEXTAUTH_URL: origin,
    AUTH_SECRET: "bench-load-only-auth-secret-0123456789abcdef",
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: opts.distDir,
    PLATFORM_BASE_URL: proxy.url,
    PLATFORM_CLIENT_ID: partner.clientId,
    PLATFORM_CLIENT_SECRET: partner.clientSecret,
    // The app still serves its sandbox at /sandbox; it reaches it only through the proxy.
    SANDBOX_ENABLED: "true",
  };
  // A fresh embedded store, the sandbox's real-service defaults (rate limits, export latency) and the default backfill.
  for (const name of [
    "DATABASE_URL",
    "KITCHEN_BACKFILL_DAYS",
    "KITCHEN_BACKFILL_SHARE",
    "KITCHEN_CLOSE_GRACE_MIN",
    "KITCHEN_OPEN_REFRESH_S",
    "SANDBOX_RATE_LIMIT",
    "SANDBOX_EXPORT_LATENCY",
    "SANDBOX_FAULT_RATE",
    "ACCOUNTS_FILE",
  ])
    delete env[name];
  // A caller's own settings last (bench/web turns the backfill and the sandbox's pacing off).
  Object.assign(env, opts.env);

  const { child, log, tail, exited } = spawnLogged([SERVER, "-p", String(opts.port)], {
    cwd: ROOT,
    env,
    logFile: opts.logFile,
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await killGroup(child);
    await proxy.close();
    log.end();
    removeDataDir();
  };
  try {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    for (;;) {
      if (exited())
        throw new Error(
          `server.mjs ended before it answered (${exited()}); log in ${opts.logFile}:\n${tail()}`,
        );
      if (Date.now() > deadline)
        throw new Error(
          `server.mjs did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s; log in ${opts.logFile}:\n${tail()}`,
        );
      const ok = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const killNow = () => {
    killGroupNow(child);
    removeDataDir();
  };
  return { origin, pid: child.pid!, proxy, dataDir, stop, killNow };
}

/**
 * `node <args>` in its own process group (so a stop reaches its children), its output written to
 * `logFile` and its last lines kept for error messages.
 */
export function spawnLogged(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }) {
  const log = createWriteStream(opts.logFile);
  let output = "";
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: string | undefined;
  child.once("exit", (code, signal) => (exited = `exit ${code ?? signal}`));
  return { child, log, tail: () => tailOf(output), exited: () => exited };
}

/** KILL to the child's process group, if it still runs (synchronous: usable on process exit). */
export function killGroupNow(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
}

/** TERM to the child's process group, KILL after 5 s; resolves once the child has exited. */
export async function killGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // the group is already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5_000);
  await gone;
  clearTimeout(timer);
  // Children that outlived the leader (none expected) go too.
  signal("SIGKILL");
}

/** kB from a /proc/<pid>/status line such as "VmRSS:   123456 kB". */
function statusKb(status: string, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : 0;
}

/** The processes of group `pgid` and their CPU ticks. */
function groupProcesses(pgid: number): { pid: number; cpuTicks: number }[] {
  return readProcStats().filter((p) => p.group === pgid);
}

export interface GroupSample {
  /** Peak of the group's summed VmRSS over the samples, and the largest single process's VmHWM, in MiB. */
  peakMiB: number;
  samples: number;
  maxProcessHwmMiB: number;
  processes: number;
  /** CPU seconds the group used while sampled, and the average number of cores that is. */
  cpuSeconds: number;
  cpuCores: number;
}

export interface GroupSampler {
  stop: () => GroupSample;
}

/** Samples the summed VmRSS and the CPU time of the server's process group every `everyMs`. */
export function sampleProcessGroup(pgid: number, everyMs = 250): GroupSampler {
  let peakKb = 0;
  let samples = 0;
  let hwmKb = 0;
  const firstTicks = new Map<number, number>();
  const lastTicks = new Map<number, number>();
  const startedAt = performance.now();
  const sample = () => {
    let sum = 0;
    for (const { pid, cpuTicks } of groupProcesses(pgid)) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        sum += statusKb(status, "VmRSS");
        hwmKb = Math.max(hwmKb, statusKb(status, "VmHWM"));
        if (!firstTicks.has(pid)) firstTicks.set(pid, samples === 0 ? cpuTicks : 0);
        lastTicks.set(pid, cpuTicks);
      } catch {
        // ended meanwhile
      }
    }
    samples += 1;
    peakKb = Math.max(peakKb, sum);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  let result: GroupSample | undefined;
  return {
    stop: () => {
      if (result) return result;
      sample();
      clearInterval(timer);
      const ticks = [...lastTicks].reduce(
        (total, [pid, last]) => total + last - (firstTicks.get(pid) ?? 0),
        0,
      );
      const cpuSeconds = ticks / TICKS_PER_SECOND;
      result = {
        peakMiB: peakKb / 1024,
        samples,
        maxProcessHwmMiB: hwmKb / 1024,
        processes: lastTicks.size,
        cpuSeconds,
        cpuCores: cpuSeconds / ((performance.now() - startedAt) / 1000),
      };
      return result;
    },
  };
}
