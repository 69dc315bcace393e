/**
 * npm run bench:auth: issue 13's finding re-run against the production build (run `next build`
 * first). Each scenario starts its own `next start` (TRUST_PROXY=true, this bench plays the proxy
 * through X-Forwarded-For, fresh PGlite store), measures /api/health alone, then sprays 600 wrong
 * sign-ins, four in flight, while measuring /api/health again:
 *   - "unthrottled": the per-address and bcrypt limits set out of reach, what the issue measured;
 *   - "one address": the defaults, the whole spray from one client across 600 accounts;
 *   - "600 addresses": the defaults, each attempt from its own client (only the bcrypt cap is left).
 * Prints how many attempts were compared (answered "wrong password") or refused, and the health
 * latency side by side. Results go to stdout and bench/.results/auth.json.
 *   --attempts N (600)  --concurrency N (4)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number above zero`);
  return value;
}
const ATTEMPTS = flag("attempts", 600);
const CONCURRENCY = flag("concurrency", 4);
const BASELINE_MS = 8_000;

interface Scenario {
  name: string;
  env: Record<string, string>;
  addressOf: (attempt: number) => string;
}

const SCENARIOS: Scenario[] = [
  {
    name: "unthrottled",
    env: { AUTH_MAX_ATTEMPTS_PER_IP_PER_MIN: "1000000", AUTH_MAX_BCRYPT_PER_S: "1000000" },
    addressOf: () => "203.0.113.7",
  },
  { name: "one address", env: {}, addressOf: () => "203.0.113.7" },
  { name: "600 addresses", env: {}, addressOf: (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startApp(extra: Record<string, string>): Promise<{ origin: string; stop: () => void }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kp-bench-auth-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_ORIGIN: origin,
    NEXTAUTH_URL: origin,
    AUTH_SECRET: "bench-auth-only-auth-secret-0123456789abcdef",
    DATA_DIR: dataDir,
    TRUST_PROXY: "true",
    // Nothing else competes for the CPU: no history backfill from the embedded sandbox.
    KITCHEN_BACKFILL_DAYS: "0",
    ...extra,
  };
  for (const name of ["DATABASE_URL", "AUTH_MAX_ATTEMPTS_PER_IP_PER_MIN", "AUTH_MAX_BCRYPT_PER_S"])
    if (!(name in extra)) delete env[name];
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port)], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: "ignore",
  });
  const stop = () => {
    try {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { origin, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(
    `next start on port ${port} did not answer /api/health (is there a production build? run npx next build)`,
  );
}

/** One client with its CSRF cookie and token, reused for all its attempts as a browser would. */
async function csrf(origin: string, address: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${origin}/api/auth/csrf`, { headers: { "x-forwarded-for": address } });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, token: csrfToken };
}

async function attempt(
  origin: string,
  session: { cookie: string; token: string },
  address: string,
  email: string,
): Promise<string> {
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: session.cookie,
      "x-forwarded-for": address,
    },
    body: new URLSearchParams({
      csrfToken: session.token,
      email,
      password: "Summer2026!",
      callbackUrl: "/",
      json: "true",
    }),
    redirect: "manual",
  });
  if (response.status >= 500) return `HTTP ${response.status}`;
  const { url } = (await response.json()) as { url: string };
  return new URL(url, origin).searchParams.get("error") ?? "signed-in";
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}

/** /api/health, one request after another, until `until()` says stop. */
async function sampleHealth(origin: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    await fetch(`${origin}/api/health`).then((r) => r.arrayBuffer());
    times.push(performance.now() - started);
  }
  return times;
}

async function runScenario(scenario: Scenario) {
  const app = await startApp(scenario.env);
  try {
    // Warm: the first sign-in loads the auth route and opens the store.
    const warm = await csrf(app.origin, "192.0.2.1");
    await attempt(app.origin, warm, "192.0.2.1", "warm-up@kitchen.test");
    for (let i = 0; i < 20; i++) await fetch(`${app.origin}/api/health`).then((r) => r.arrayBuffer());

    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await sampleHealth(app.origin, () => performance.now() > baselineEnd);

    const answers: Record<string, number> = {};
    let next = 0;
    let done = false;
    const started = performance.now();
    const sessions = new Map<string, { cookie: string; token: string }>();
    const worker = async () => {
      while (next < ATTEMPTS) {
        const i = next++;
        const address = scenario.addressOf(i);
        let session = sessions.get(address);
        if (!session) {
          session = await csrf(app.origin, address);
          sessions.set(address, session);
        }
        const answer = await attempt(app.origin, session, address, `cook${i}@kitchen.test`);
        answers[answer] = (answers[answer] ?? 0) + 1;
      }
    };
    const [during] = await Promise.all([
      sampleHealth(app.origin, () => done),
      Promise.all(Array.from({ length: CONCURRENCY }, worker)).finally(() => (done = true)),
    ]);
    const seconds = (performance.now() - started) / 1000;
    return {
      scenario: scenario.name,
      attempts: ATTEMPTS,
      seconds: Number(seconds.toFixed(1)),
      attemptsPerMinute: Math.round((ATTEMPTS / seconds) * 60),
      compared: answers.CredentialsSignin ?? 0,
      refused: answers.TooManyAttempts ?? 0,
      other: Object.fromEntries(
        Object.entries(answers).filter(([k]) => k !== "CredentialsSignin" && k !== "TooManyAttempts"),
      ),
      healthBaseline: {
        samples: baseline.length,
        p50: Number(quantile(baseline, 0.5).toFixed(1)),
        p95: Number(quantile(baseline, 0.95).toFixed(1)),
      },
      healthDuring: {
        samples: during.length,
        p50: Number(quantile(during, 0.5).toFixed(1)),
        p95: Number(quantile(during, 0.95).toFixed(1)),
      },
    };
  } finally {
    app.stop();
  }
}

async function main() {
  const results = [];
  for (const scenario of SCENARIOS) {
    const r = await runScenario(scenario);
    results.push(r);
    console.log(
      `${r.scenario.padEnd(14)} ${r.attempts} attempts in ${r.seconds} s (${r.attemptsPerMinute}/min): compared ${r.compared}, refused ${r.refused}` +
        `${Object.keys(r.other).length ? `, other ${JSON.stringify(r.other)}` : ""}; /api/health p50 ${r.healthBaseline.p50} -> ${r.healthDuring.p50} ms, p95 ${r.healthBaseline.p95} -> ${r.healthDuring.p95} ms`,
    );
  }
  mkdirSync(path.join(ROOT, "bench", ".results"), { recursive: true });
  writeFileSync(
    path.join(ROOT, "bench", ".results", "auth.json"),
    `${JSON.stringify({ at: new Date().toISOString(), concurrency: CONCURRENCY, results }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof Error
      ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ""}\n${error.stack}`
      : error,
  );
  process.exit(1);
});
