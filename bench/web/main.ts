/**
 * `npm run bench:web`: how the Kitchen and Overview pages load and respond, on the sandbox's busiest
 * restaurant (Harbor Street Kitchen), last 7 days.
 *
 * - Lighthouse (performance only) on Kitchen and Overview, mobile (its default: simulated
 *   throttling, moto g power) and desktop (its desktop preset), median of 3 runs each (`--runs N`):
 *   score, TBT, LCP, CLS, FCP. Runs go in rounds, every page once per round.
 * - Three floors beside them, mobile, in the same rounds: a bare Next.js page (./bare-next.ts: the
 *   stack's own minimum, none of our code), the sign-in page (the framework and our root layout
 *   around a form, no data) and the Kitchen's own HTML and CSS with every script taken out. They
 *   say how much blocking time this machine charges before our code runs.
 * - For every page and floor, the same runs' main thread read from Lighthouse's own trace
 *   (bench/web/main-thread.ts): its tasks' wall time, which the simulation charges 4x, against the
 *   thread's CPU time inside them.
 * - Event durations at 4x CPU throttle (bench/web/events.ts): the "Last 7 days" and "Last 30 days"
 *   presets (each clicked from "Yesterday") and the compare toggle, median of 5 each.
 * - The Kitchen page left open on a phone (bench/web/idle-cpu.ts): the browser's CPU from 1.5 s to
 *   3.5 s after the load event, before the page settles, read from /proc; median of 5, alternating
 *   with the baseline build when there is one.
 * - Kitchen's first-load JavaScript, gzip (test/support/first-load-js.ts, as the e2e spec measures it).
 *
 * The production build (`next build` into .next-bench-web, unless --no-build) is served by server.mjs
 * on a free port with its own temporary data directory (bench/load/server.ts). Every page is opened
 * and its data loaded before anything is measured, so the figures are the warm ones. Lighthouse runs
 * against the chromium Playwright launched, through its remote debugging port, with the session
 * cookie as an extra header; each run waits for the machine to be quiet first. The table is printed
 * and written to bench/.results/web-latest.json.
 * With `--baseline-dist-dir <dir>`, a second build (another commit's, built beforehand) is served
 * beside it and every Lighthouse run is repeated on it right after, so the two are compared side by
 * side on the same machine in the same minutes; the table adds the baseline's medians and the
 * ratio of the two TBTs.
 * Not part of `npm test`: figures depend on the machine.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { E2E_CHROMIUM_ARGS } from "../../e2e/chromium-binary";
import { restaurantNamed } from "../../e2e/fixtures/auth";
import { firstLoadChunks, kb, totalBytes } from "../../test/support/first-load-js";
import { buildApp, freePort, killBuildNow, startApp, type RunningServer } from "../load/server";
import { ensureBareNextBuild, startBareNext, type BareNextServer } from "./bare-next";
import { clickDuration, observeEvents, settle } from "./events";
import { IDLE_WINDOW, idleReading, type IdleReading } from "./idle-cpu";
import { mainThreadTime, type MainThreadTime, type TraceEvent } from "./main-thread";

const ROOT = path.resolve(__dirname, "..", "..");
const RESULTS = path.resolve(__dirname, "..", ".results");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DEFAULT_LIGHTHOUSE_RUNS = 3;
const EVENT_RUNS = 5;
const IDLE_RUNS = 5;
/** The phone. */
const PHONE_VIEWPORT = { width: 390, height: 844 };
const CPU_THROTTLE = 4;
const harbor = restaurantNamed("Harbor Street Kitchen");
const PAGES = { kitchen: `/restaurants/${harbor.guid}/kitchen`, overview: "/" } as const;
type PageName = keyof typeof PAGES;
type FormFactor = "mobile" | "desktop";

/** The acceptance targets (issue 16). */
const TARGETS = {
  mobileScore: 90,
  tbtMs: 200,
  lcpMs: 2_500,
  cls: 0.05,
  eventMs: 200,
  kitchenFirstLoadGzipKB: 200,
};

interface LighthouseFigures {
  score: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** The run's long tasks (Lighthouse's simulated start and duration, and the script it names), for reading what is left. */
  longTasks?: string[];
  /** The page's main thread in the run's own trace: wall time against the thread's CPU time (./main-thread.ts). */
  mainThread?: MainThreadTime | null;
  /** Lighthouse's own measure of the machine's CPU (`environment.benchmarkIndex`), which its throttling guide calibrates the 4x by. */
  benchmarkIndex?: number;
}

interface Options {
  build: boolean;
  distDir: string;
  /** One part only, while working on it: the report then holds that part. */
  only: "lighthouse" | "events" | null;
  /** Another build to run Lighthouse on, interleaved with this one's runs. */
  baselineDistDir: string | null;
  /** Lighthouse runs per page and form factor (the median is reported). */
  runs: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    build: true,
    distDir: ".next-bench-web",
    only: null,
    baselineDistDir: null,
    runs: DEFAULT_LIGHTHOUSE_RUNS,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--no-build") options.build = false;
    else if (flag === "--dist-dir" && argv[i + 1]) options.distDir = argv[++i]!;
    else if (flag === "--only" && (argv[i + 1] === "lighthouse" || argv[i + 1] === "events"))
      options.only = argv[++i] as Options["only"];
    else if (flag === "--baseline-dist-dir" && argv[i + 1]) options.baselineDistDir = argv[++i]!;
    else if (flag === "--runs" && /^[1-9]\d*$/.test(argv[i + 1] ?? "")) options.runs = Number(argv[++i]);
    else
      throw new Error(
        `unknown option ${flag}; use --no-build, --dist-dir <dir>, --only lighthouse|events, --baseline-dist-dir <dir>, --runs <n>`,
      );
  }
  return options;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Signs in through the real form, as e2e/fixtures/auth.ts does. */
async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel("E-mail").fill("admin@kitchen.test");
  await page.getByLabel("Password").fill("kitchen-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("account-email").waitFor({ timeout: 120_000 });
}

/** Opens a page and waits for its figures: the Kitchen page's station chart, the Overview's table. */
async function openWarm(page: Page, origin: string, name: PageName): Promise<void> {
  await page.goto(`${origin}${PAGES[name]}`);
  // The Kitchen page's first figures: its KPI cards since issue 34 folded the sections below them
  // (the station chart, the first figure before, is folded by default); either, so one script
  // measures a baseline build from before that change beside the current one.
  const ready =
    name === "kitchen"
      ? page.locator('[data-testid="kpi"], [data-testid="station-chart"] .recharts-bar-rectangle').first()
      : page.getByTestId("kitchen-overview").getByRole("table");
  await ready.waitFor({ timeout: 300_000 });
  // Warm means every period the page asks for is in: the Kitchen page's previous period too (its
  // progress panel gone), and no Overview row still fetching.
  await page.getByTestId("range-progress").waitFor({ state: "detached", timeout: 300_000 });
  await page.locator('[data-status="pending"]').first().waitFor({ state: "detached", timeout: 300_000 });
  await settle(page);
}

/** Busy and total CPU time of the machine so far (/proc/stat's first line), in clock ticks. */
function cpuTicks(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine is quiet: two half-second windows in a row with at most a fifth of the
 * CPU busy (Lighthouse's own trace analysis, the server's last renders and the browser's
 * last tasks of the previous run all end first), or 30 s. On a two-core machine a run that starts
 * while the previous one is still being digested measures that instead of the page.
 */
async function quiet(): Promise<void> {
  const deadline = Date.now() + 30_000;
  let calm = 0;
  while (calm < 2 && Date.now() < deadline) {
    const a = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const b = cpuTicks();
    calm = (b.busy - a.busy) / Math.max(1, b.total - a.total) <= 0.2 ? calm + 1 : 0;
  }
}

/** `cookie` null: a page read signed out (the floors below). */
async function lighthouseRun(
  port: number,
  url: string,
  cookie: string | null,
  formFactor: FormFactor,
): Promise<LighthouseFigures> {
  // Lighthouse is an ES module; this file runs as CommonJS under tsx.
  const { default: lighthouse, desktopConfig } = await import("lighthouse");
  const extraHeaders = cookie === null ? undefined : { Cookie: cookie };
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (cookie !== null && lhr.finalDisplayedUrl.includes("/sign-in"))
    throw new Error(
      `Lighthouse was sent to the sign-in page from ${url}: the session cookie did not reach it`,
    );
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const trace =
    (result.artifacts as { Trace?: { traceEvents?: TraceEvent[] } } | undefined)?.Trace?.traceEvents ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: metric("total-blocking-time"),
    lcpMs: metric("largest-contentful-paint"),
    cls: metric("cumulative-layout-shift"),
    fcpMs: metric("first-contentful-paint"),
    longTasks: (
      (
        lhr.audits["long-tasks"]?.details as
          { items?: { url: string; startTime: number; duration: number }[] } | undefined
      )?.items ?? []
    ).map(
      (t) =>
        `${Math.round(t.startTime)} +${Math.round(t.duration)} ms ${t.url.replace(/^https?:\/\/[^/]+/, "")}`,
    ),
    mainThread: mainThreadTime(
      trace,
      new URL(url).origin,
      lhr.configSettings.throttling.cpuSlowdownMultiplier,
    ),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * A run on a quiet machine; a run whose trace Lighthouse could not record (NO_NAVSTART: "please
 * run Lighthouse again", seen about once in thirty runs here) is run again, up to twice: it
 * measured nothing, so it is not a figure to keep.
 */
async function lighthouseRetrying(
  port: number,
  url: string,
  cookie: string | null,
  formFactor: FormFactor,
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    await quiet();
    try {
      return await lighthouseRun(port, url, cookie, formFactor);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes("NO_NAVSTART")) throw error;
      console.log(`  trace not recorded (NO_NAVSTART), running again`);
    }
  }
}

function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const pick = (key: "score" | "tbtMs" | "lcpMs" | "cls" | "fcpMs") => median(runs.map((r) => r[key]));
  const traced = runs.flatMap((r) => (r.mainThread ? [r.mainThread] : []));
  // Every field's median, whatever fields main-thread.ts reports.
  const mainThread = traced.length
    ? (Object.fromEntries(
        Object.keys(traced[0]!).map((key) => [
          key,
          median(traced.map((t) => t[key as keyof MainThreadTime])),
        ]),
      ) as unknown as MainThreadTime)
    : null;
  return {
    score: pick("score"),
    tbtMs: pick("tbtMs"),
    lcpMs: pick("lcpMs"),
    cls: pick("cls"),
    fcpMs: pick("fcpMs"),
    mainThread,
  };
}

/**
 * The renderer's floor: the Kitchen's own server HTML with every script taken out (the inline
 * payload and every chunk and preload), served on a port of its own. Every other path is passed to
 * the app, so the stylesheet and fonts come from the page's own origin, as they do for the page.
 * What Lighthouse measures here is the browser's first parse, style and layout of the same
 * document and CSS, with none of the framework's or our JavaScript.
 */
async function serveWithoutScripts(
  html: string,
  origin: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const stripped = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\bas="script"[^>]*>/gi, "");
  if (/<script\b/i.test(stripped)) throw new Error("the Kitchen HTML still holds a script after stripping");
  const server = createServer((req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(stripped);
      return;
    }
    fetch(`${origin}${req.url ?? "/"}`)
      .then(async (upstream) => {
        const headers: Record<string, string> = {
          "content-type": upstream.headers.get("content-type") ?? "application/octet-stream",
        };
        const cache = upstream.headers.get("cache-control");
        if (cache) headers["cache-control"] = cache;
        res.writeHead(upstream.status, headers);
        res.end(Buffer.from(await upstream.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(String(error));
      });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The preset and compare clicks on the Kitchen page at 4x CPU throttle. */
async function eventDurations(context: BrowserContext, origin: string): Promise<Record<string, number[]>> {
  const page = await context.newPage();
  await observeEvents(page);
  await openWarm(page, origin, "kitchen");
  const ranges = page.getByRole("group", { name: "Date range" });
  const preset = (label: string) => ranges.getByRole("button", { name: label, exact: true });
  const compare = page.getByRole("checkbox", { name: "Compare with the previous period" });
  const pressed = async (label: string) => {
    await preset(label).and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 300_000 });
    await settle(page);
  };
  // Warm every view the clicks reach, unthrottled: the data is cached, the clicks measure rendering.
  for (const label of ["Yesterday", "Last 30 days", "Last 7 days"]) {
    await preset(label).click();
    await pressed(label);
  }
  for (let i = 0; i < 2; i++) {
    await compare.click();
    await settle(page);
  }

  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  const out: Record<string, number[]> = { "Last 7 days": [], "Last 30 days": [], "compare toggle": [] };
  for (let run = 0; run < EVENT_RUNS; run++) {
    for (const label of ["Last 7 days", "Last 30 days"] as const) {
      await preset("Yesterday").click();
      await pressed("Yesterday");
      out[label]!.push(await clickDuration(page, preset(label)));
      await pressed(label);
    }
    // Every click is measured, on and off alternately (on first: the heavier, previous-period one).
    out["compare toggle"]!.push(await clickDuration(page, compare));
    await settle(page);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.close();
  return out;
}

/**
 * The Kitchen page left open at 390 px, nothing touched: the browser's CPU in the idle window, for
 * each build in turn (this one, then the baseline), IDLE_RUNS rounds.
 */
async function idleRuns(
  browser: Browser,
  debugPort: number,
  builds: { origin: string; cookie: string }[],
): Promise<IdleReading[][]> {
  const pages = await Promise.all(
    builds.map(async (b) =>
      (
        await browser.newContext({ viewport: PHONE_VIEWPORT, extraHTTPHeaders: { Cookie: b.cookie } })
      ).newPage(),
    ),
  );
  const readings: IdleReading[][] = builds.map(() => []);
  for (let run = 0; run < IDLE_RUNS; run++) {
    for (const [i, b] of builds.entries()) {
      await quiet();
      readings[i]!.push(
        await idleReading(pages[i]!, `${b.origin}${PAGES.kitchen}`, `--remote-debugging-port=${debugPort}`),
      );
    }
  }
  await Promise.all(pages.map((p) => p.context().close()));
  return readings;
}

const mark = (ok: boolean) => (ok ? "ok" : "MISSED");
const ms = (v: number) => `${Math.round(v).toLocaleString("en-US")} ms`;
/** One Lighthouse line of the printed table: label, score, TBT, LCP, CLS, FCP, then `tail`. */
const figuresRow = (label: string, f: LighthouseFigures, tail: string) =>
  `${label.padEnd(27)}${String(f.score).padEnd(7)}${ms(f.tbtMs).padEnd(11)}${ms(f.lcpMs).padEnd(11)}${f.cls.toFixed(3).padEnd(8)}${ms(f.fcpMs)}${tail}`;
const event = (v: number) => (v === 0 ? "<16 ms" : ms(v));

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  mkdirSync(RESULTS, { recursive: true });
  const loadBefore = loadavg();
  if (options.build) {
    console.log(`next build into ${options.distDir} ...`);
    await buildApp(options.distDir, path.join(RESULTS, "web-build.log"));
  }
  const port = await freePort();
  const debugPort = await freePort();
  let server: RunningServer | undefined;
  let baselineServer: RunningServer | undefined;
  let browser: Browser | undefined;
  let floorPage: { close: () => Promise<void> } | undefined;
  let bareNext: BareNextServer | undefined;
  const onSignal = (code: number) => () => {
    killBuildNow();
    server?.killNow();
    bareNext?.killNow();
    baselineServer?.killNow();
    process.exit(code);
  };
  process.once("SIGINT", onSignal(130));
  process.once("SIGTERM", onSignal(143));
  try {
    // No backfill and no sandbox pacing: the pages' own data is loaded by the warm-up, and a
    // background backfill would take CPU from the measured browser.
    const appEnv = {
      KITCHEN_BACKFILL_DAYS: "0",
      SANDBOX_RATE_LIMIT: "false",
      SANDBOX_EXPORT_LATENCY: "false",
    };
    server = await startApp({
      distDir: options.distDir,
      port,
      logFile: path.join(RESULTS, "web-server.log"),
      env: appEnv,
    });
    if (options.baselineDistDir) {
      const logFile = path.join(RESULTS, "web-baseline-server.log");
      baselineServer = await startApp({
        distDir: options.baselineDistDir,
        port: await freePort(),
        logFile,
        env: appEnv,
      });
    }
    const origin = server.origin;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...E2E_CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    console.log(`signing in and warming the pages on ${origin} ...`);
    await signIn(page, origin);
    for (const name of Object.keys(PAGES) as PageName[]) await openWarm(page, origin, name);
    const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
    // The baseline in its own context: both apps are on localhost, and cookies do not tell ports apart.
    let baseline: { origin: string; cookie: string } | null = null;
    if (baselineServer) {
      const baselineContext = await browser.newContext();
      const baselinePage = await baselineContext.newPage();
      console.log(
        `signing in and warming the baseline (${options.baselineDistDir}) on ${baselineServer.origin} ...`,
      );
      await signIn(baselinePage, baselineServer.origin);
      for (const name of Object.keys(PAGES) as PageName[])
        await openWarm(baselinePage, baselineServer.origin, name);
      const baselineCookie = (await baselineContext.cookies(baselineServer.origin))
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
      baseline = { origin: baselineServer.origin, cookie: baselineCookie };
      await baselineContext.close();
    }

    const html = await (await context.request.get(`${origin}${PAGES.kitchen}`)).text();
    const kitchenFirstLoadGzipKB = kb(
      totalBytes(firstLoadChunks(path.join(ROOT, options.distDir), html), "gzip"),
    );

    const lighthouse: Record<string, LighthouseFigures & { runs: LighthouseFigures[] }> = {};
    const baselineLighthouse: typeof lighthouse = {};
    const floorLighthouse: typeof lighthouse = {};
    if (options.only !== "events") {
      // What the measured pages are compared with, mobile only, in the same rounds: a bare Next.js
      // page (the stack's minimum), the sign-in page (the framework and our root layout with a form,
      // no data, read signed out) and the Kitchen's HTML and CSS with no script at all. They have no target; they say how much of a page's
      // blocking time this machine charges before our code does anything.
      const withoutScripts = await serveWithoutScripts(html, origin);
      floorPage = withoutScripts;
      await ensureBareNextBuild(path.join(RESULTS, "web-bare-next-build.log"), options.build);
      bareNext = await startBareNext(await freePort(), path.join(RESULTS, "web-bare-next-server.log"));
      const floors: Record<string, string> = {
        "bare Next.js floor": bareNext.url,
        "sign-in floor": `${origin}/sign-in`,
        "no-script floor": withoutScripts.url,
      };
      for (const formFactor of ["mobile", "desktop"] as const) {
        // Rounds: every page once per round, so a slow minute of the machine falls on all of them.
        const runs: Record<string, LighthouseFigures[]> = {};
        const baselineRuns: Record<string, LighthouseFigures[]> = {};
        const floorRuns: Record<string, LighthouseFigures[]> = {};
        for (let i = 0; i < options.runs; i++) {
          for (const name of Object.keys(PAGES) as PageName[]) {
            console.log(`lighthouse ${name} ${formFactor} ${i + 1}/${options.runs} ...`);
            (runs[name] ??= []).push(
              await lighthouseRetrying(debugPort, `${origin}${PAGES[name]}`, cookie, formFactor),
            );
            if (baseline)
              (baselineRuns[name] ??= []).push(
                await lighthouseRetrying(
                  debugPort,
                  `${baseline.origin}${PAGES[name]}`,
                  baseline.cookie,
                  formFactor,
                ),
              );
          }
          if (formFactor !== "mobile") continue;
          for (const [name, url] of Object.entries(floors)) {
            console.log(`lighthouse ${name} ${formFactor} ${i + 1}/${options.runs} ...`);
            (floorRuns[name] ??= []).push(await lighthouseRetrying(debugPort, url, null, formFactor));
          }
        }
        for (const [name, r] of Object.entries(runs))
          lighthouse[`${name} ${formFactor}`] = { ...medianFigures(r), runs: r };
        for (const [name, r] of Object.entries(baselineRuns))
          baselineLighthouse[`${name} ${formFactor}`] = { ...medianFigures(r), runs: r };
        for (const [name, r] of Object.entries(floorRuns))
          floorLighthouse[`${name} ${formFactor}`] = { ...medianFigures(r), runs: r };
      }
    }

    console.log(`event durations at ${CPU_THROTTLE}x CPU throttle ...`);
    const events = options.only === "lighthouse" ? {} : await eventDurations(context, origin);
    const eventMedians = Object.fromEntries(Object.entries(events).map(([k, v]) => [k, median(v)]));
    let idle: {
      runs: IdleReading[];
      medianCpuMs: number;
      baselineRuns?: IdleReading[];
      baselineMedianCpuMs?: number;
    } | null = null;
    if (options.only !== "lighthouse") {
      console.log(`the Kitchen page left open at ${PHONE_VIEWPORT.width} px ...`);
      const [runs, baselineRuns] = await idleRuns(browser, debugPort, [
        { origin, cookie },
        ...(baseline ? [baseline] : []),
      ]);
      idle = { runs: runs!, medianCpuMs: median(runs!.map((r) => r.cpuMs)) };
      if (baselineRuns)
        Object.assign(idle, { baselineRuns, baselineMedianCpuMs: median(baselineRuns.map((r) => r.cpuMs)) });
    }
    const loadAfter = loadavg();

    const rows: string[] = [];
    // A part that did not run (--only) prints no heading.
    const ranLighthouse = options.only !== "events";
    if (ranLighthouse)
      rows.push(
        `Lighthouse (median of ${options.runs})`.padEnd(27) + "score  TBT        LCP        CLS     FCP",
      );
    for (const [key, f] of Object.entries(lighthouse)) {
      const mobile = key.endsWith("mobile");
      const verdict = mobile
        ? `  [${mark(f.score >= TARGETS.mobileScore && f.tbtMs <= TARGETS.tbtMs && f.lcpMs <= TARGETS.lcpMs && f.cls <= TARGETS.cls)}]`
        : "";
      rows.push(figuresRow(key, f, verdict));
      const b = baselineLighthouse[key];
      if (b) {
        const ratio = b.tbtMs > 0 ? `  TBT ${(f.tbtMs / b.tbtMs).toFixed(2)}x the baseline's` : "";
        rows.push(figuresRow("  baseline", b, ratio));
      }
    }
    for (const [key, f] of Object.entries(floorLighthouse)) {
      const share =
        lighthouse["kitchen mobile"] && lighthouse["kitchen mobile"].tbtMs > 0
          ? `  TBT ${(f.tbtMs / lighthouse["kitchen mobile"].tbtMs).toFixed(2)}x the Kitchen's`
          : "";
      rows.push(figuresRow(key, f, share));
    }
    // The same runs' main thread, unthrottled (./main-thread.ts): what of the wall time Lighthouse
    // charges was the thread's own CPU work.
    // Each run's own slowdown: 4x on mobile, none on desktop (Lighthouse's desktop preset).
    if (ranLighthouse) {
      rows.push(
        "Main thread in those runs (median; blocking = sum of max(0, slowdown x task - 50 ms) over every task; slowdown 4 mobile, 1 desktop)",
      );
      rows.push("".padEnd(27) + "tasks  wall       CPU        CPU/wall  blocking from wall  from CPU");
    }
    for (const [key, f] of [...Object.entries(lighthouse), ...Object.entries(floorLighthouse)]) {
      const t = f.mainThread;
      if (!t) {
        rows.push(`${key.padEnd(27)}no trace of the page's main thread`);
        continue;
      }
      const share = t.wallMs > 0 ? `${Math.round((100 * t.cpuMs) / t.wallMs)} %` : "-";
      rows.push(
        `${key.padEnd(27)}${String(t.tasks).padEnd(7)}${ms(t.wallMs).padEnd(11)}${ms(t.cpuMs).padEnd(11)}${share.padEnd(10)}${ms(t.blockingFromWallMs).padEnd(20)}${ms(t.blockingFromCpuMs)}`,
      );
    }
    if (options.only !== "lighthouse")
      rows.push(
        `Event durations at ${CPU_THROTTLE}x CPU (median of ${EVENT_RUNS}; target <= ${TARGETS.eventMs} ms)`,
      );
    for (const [key, v] of Object.entries(eventMedians))
      rows.push(
        `${key.padEnd(27)}${event(v).padEnd(11)}[${mark(v <= TARGETS.eventMs)}]  runs: ${events[key]!.map(event).join(", ")}`,
      );
    if (idle) {
      const span = `${IDLE_WINDOW.fromMs / 1000} to ${IDLE_WINDOW.toMs / 1000} s`;
      rows.push(
        `Kitchen left open at ${PHONE_VIEWPORT.width} px: the browser's CPU ${span} after load (median of ${IDLE_RUNS}; no target)`,
      );
      const line = (label: string, med: number, runs: IdleReading[], tail: string) =>
        `${label.padEnd(27)}${ms(med).padEnd(11)}runs: ${runs.map((r) => ms(r.cpuMs)).join(", ")}; animations running at the end: ${runs.map((r) => r.runningAnimations).join(", ")}${tail}`;
      rows.push(line("  this build", idle.medianCpuMs, idle.runs, ""));
      if (idle.baselineRuns && idle.baselineMedianCpuMs !== undefined) {
        const ratio =
          idle.baselineMedianCpuMs > 0
            ? `; this build ${(idle.medianCpuMs / idle.baselineMedianCpuMs).toFixed(2)}x the baseline's`
            : "";
        rows.push(line("  baseline", idle.baselineMedianCpuMs, idle.baselineRuns, ratio));
      }
    }
    rows.push(
      `Kitchen first-load JS      ${kitchenFirstLoadGzipKB} KB gzip  [${mark(kitchenFirstLoadGzipKB <= TARGETS.kitchenFirstLoadGzipKB)}] (target <= ${TARGETS.kitchenFirstLoadGzipKB} KB)`,
    );
    // Lighthouse's throttling guide: 4x is meant for a host in its high-end desktop bracket (1,500
    // to 2,000); a slower host would call for a smaller multiplier. Printed so a reader can tell.
    const indexes = [...Object.values(lighthouse), ...Object.values(floorLighthouse)].flatMap((f) =>
      f.runs.flatMap((r) => (r.benchmarkIndex ? [r.benchmarkIndex] : [])),
    );
    if (indexes.length)
      rows.push(
        `Lighthouse benchmarkIndex of this machine: median ${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))}, ${indexes.length} runs)`,
      );
    rows.push(
      `load average before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" ")}`,
    );
    console.log(`\n${rows.join("\n")}`);

    const report = {
      measuredAt: new Date().toISOString(),
      restaurant: harbor.name,
      range: "Last 7 days",
      cpuThrottle: CPU_THROTTLE,
      targets: TARGETS,
      lighthouse,
      ...(baseline ? { baseline: { distDir: options.baselineDistDir, lighthouse: baselineLighthouse } } : {}),
      floors: floorLighthouse,
      events,
      eventMedians,
      idle,
      kitchenFirstLoadGzipKB,
      loadAverage: { before: loadBefore, after: loadAfter },
    };
    const file = path.join(RESULTS, "web-latest.json");
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwritten to ${path.relative(ROOT, file)}`);
  } finally {
    await floorPage?.close();
    await bareNext?.stop();
    await browser?.close();
    await server?.stop();
    await baselineServer?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
