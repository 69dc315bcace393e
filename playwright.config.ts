import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

import { E2E_CHROMIUM_ARGS, e2eChromium } from "./e2e/chromium-binary";

// The e2e suite runs the production build (`next build` runs first, see package.json) against the
// embedded sandbox, in Debian's chromium (its headless shell when installed, e2e/chromium-binary.ts):
// Playwright's own browser downloads are not reachable here.
const port = Number(process.env.E2E_PORT ?? 3100);
// localhost, not 127.0.0.1: next-auth's CSRF cookie is bound to the host name it was set on.
const baseURL = `http://localhost:${port}`;
// `npm test` checks first that one is installed (e2e/check-chromium.ts); the fallback name only
// gives Playwright's own error when the suite is started without that check.
const chromium = e2eChromium() ?? "/usr/bin/chromium";
// Every run starts with an empty kitchen store; workers inherit the directory through the env.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "kp-e2e-")));

// e2e/real-platform.spec.ts: a second app that takes the first app's sandbox for the real Platform,
// through a proxy that answers login in production's shape and counts logins. Ports follow
// E2E_PORT, so concurrent runs on other ports do not clash.
const realPlatformPort = port + 1;
const realPlatformProxyPort = port + 2;
process.env.E2E_REAL_PLATFORM_URL = `http://localhost:${realPlatformPort}`;
process.env.E2E_REAL_PLATFORM_PROXY_URL = `http://127.0.0.1:${realPlatformProxyPort}`;
const realPlatformDataDir = (process.env.E2E_REAL_PLATFORM_DATA_DIR ??= mkdtempSync(
  join(tmpdir(), "kp-e2e-real-"),
));
// The app's sandbox signs with a random per-process secret unless told one; e2e/secrets.spec.ts must
// know it to prove it never leaks, so the suite fixes it (workers and servers inherit it).
process.env.SANDBOX_SIGNING_SECRET ??= "e2e-only-sandbox-signing-secret-0123456789";
const sandboxClient = (
  JSON.parse(readFileSync(join(__dirname, "lib/sandbox/world.json"), "utf8")) as {
    clients: { clientId: string; clientSecret: string }[];
  }
).clients.find((c) => c.clientId === "kp-partner")!;

/** Files that must not share the app with another spec (see `projects`). */
const SERIAL_SPECS = [
  /\/admin-invitations\.spec/,
  /\/admin-people\.spec/,
  /\/auth\.spec/,
  /\/input-limits\.spec/,
  /\/kitchen\.spec/,
  /\/kitchen-filters-today\.spec/,
  /\/kitchen-progress\.spec/,
  /\/kitchen-server-render\.spec/,
  /\/kitchen-station-targets\.spec/,
  // Caught by the unanchored kitchen pattern until the patterns were anchored; it stays in the
  // phase where every run of it has passed.
  /\/overview-kitchen\.spec/,
  /\/real-platform\.spec/,
  /\/route-matrix\.spec/,
  /\/sandbox-exposure\.spec/,
  /\/secrets\.spec/,
  /\/security-headers\.spec/,
  /\/session-revocation\.spec/,
  /\/sign-in-throttle\.spec/,
  /\/ticket-times\.spec/,
];

const chromiumUse = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromium,
    args: E2E_CHROMIUM_ARGS,
  },
};

type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>;

/**
 * An app of the production build with the suite's settings, on `appPort`, keeping its store in
 * `dataDir`; `extra` adds to or overrides its environment.
 */
function suiteApp(appPort: number, dataDir: string, extra: Record<string, string> = {}): WebServer {
  const origin = `http://localhost:${appPort}`;
  return {
    command: `node server.mjs -p ${appPort}`,
    url: `${origin}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(appPort),
      APP_ORIGIN: origin,
      NEXTAUTH_URL: origin,
      AUTH_SECRET: "e2e-only-auth-secret-0123456789abcdef",
      DATA_DIR: dataDir,
      // Specs read the sandbox directly, unpaced, beside the app: the real service's limits would
      // refuse them. Busy export days would only add waiting to every cold kitchen view.
      SANDBOX_RATE_LIMIT: "false",
      SANDBOX_EXPORT_LATENCY: "false",
      // No history backfill: 190 days of every restaurant from the in-process sandbox would compete
      // with the specs for the CPU, and the specs count upstream calls themselves.
      KITCHEN_BACKFILL_DAYS: "0",
      ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
      ...extra,
    },
  };
}

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    // Two phases. The read-only specs run first, two files at a time; then, one file at a time,
    // the specs that change what others read (targets, sessions, sign-in throttles), count the
    // requests the app sends or the sessions it holds, or need a range nobody has read yet.
    // (Two serial groups side by side, each on an app of its own, were tried: the phase took as
    // long, since one spec at a time already uses most of the two cores.)
    { name: "chromium", testIgnore: SERIAL_SPECS, workers: 2, use: chromiumUse },
    {
      name: "chromium-serial",
      testMatch: SERIAL_SPECS,
      workers: 1,
      dependencies: ["chromium"],
      use: chromiumUse,
    },
  ],
  webServer: [
    suiteApp(port, dataDir),
    {
      command: `node test/support/platform-proxy.mjs --port ${realPlatformProxyPort} --target ${baseURL}/sandbox --production-login`,
      url: `http://127.0.0.1:${realPlatformProxyPort}/__count`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    suiteApp(realPlatformPort, realPlatformDataDir, {
      PLATFORM_BASE_URL: `http://127.0.0.1:${realPlatformProxyPort}`,
      PLATFORM_CLIENT_ID: sandboxClient.clientId,
      PLATFORM_CLIENT_SECRET: sandboxClient.clientSecret,
      // The first app's sandbox, through the proxy, answers for the real Platform.
      SANDBOX_ENABLED: "false",
    }),
  ],
});
