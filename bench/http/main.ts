/**
 * npm run bench:http [-- --no-build --dist-dir=.next-bench-http --runs=5 --page-runs=3 --restarts=2
 *                       --sections=figures,stations --keep-data=DIR --warm-minutes=20 --only=overview]
 *
 * The Kitchen on the user's path (issue 31): the production build served by server.mjs as
 * `npm start` serves it (background work on: the history backfill and the embedded sandbox, reached
 * through the counting proxy; bench/load/server.ts), on the busiest sandbox restaurant, Harbor Street
 * Kitchen, over a warm store. Every request is timed on the wall and by the server's own CPU time
 * (its process group's, from /proc, before and after: bench/http/measure.ts), which is what a quiet
 * machine would show as wall time. Cases, each after one unmeasured warm-up, medians of `--runs`
 * (fewer when a case's runs pass 90 s, at least 2):
 *   - GET .../kitchen/summary for the "Last 90 days" range and 365 days ending yesterday, the whole
 *     answer and each section of `--sections` (`section=<name>`; default all six);
 *   - GET /api/kitchen/overview?range=30d as the admin, who sees the sandbox's 6 restaurants;
 *   - one whole "Last 90 days" Kitchen page view in chromium's headless shell: the HTML and every
 *     request the page makes, until the network is idle (`--page-runs`);
 *   - the first 90-day summary after a restart of the server over the same data directory, once the
 *     restarted server's start-up work is quiet (`--restarts` times).
 * Warm: before anything is measured the 365-day range is asked and polled until it answers 200 (its
 * missing dates fetched on the request path), the backfill (KITCHEN_BACKFILL_DAYS=65: the Overview's
 * 30 days and the 30 before, for every restaurant) is done and the Overview has no pending row.
 * `--keep-data=DIR` keeps (and on a later run reuses) that store, so a second run skips the
 * fetching. `--only=overview`: the Overview's case alone (no 365-day warm-up, no page view, no restart).
 * `npm run bench` runs this after its in-process cases (bench/run.ts, flags there as `--http-...`). Prints the table with the issue's targets, writes bench/.results/http-latest.json.
 *
 * The Overview at 500 restaurants is not run here: bench:scale's world (lib/sandbox/scaled-world.ts)
 * written to a JSON file and given to the server as SANDBOX_WORLD_FILE would serve it, but its
 * backfill (500 × 60 dates) takes far longer than this benchmark's ten minutes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { presetRange } from "@/lib/kitchen/contract/date-range";
import { SUMMARY_SECTIONS } from "@/lib/kitchen/contract/sections";

import {
  buildApp,
  freePort,
  sampleProcessGroup,
  startApp,
  stopServerOnExit,
  wholeNumberOption,
  type RunningServer,
} from "../load/server";
import { signIn, type Restaurant } from "../load/users";
import {
  measurePageView,
  measureRequest,
  untilQuiet,
  untilReady,
  type Measurement,
  type Session,
} from "./measure";
import { formatTable, summarise, type CaseResult } from "./report";

const RESULTS = path.resolve(__dirname, "..", ".results");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const ADMIN = "admin@kitchen.test";
const CASE_BUDGET_MS = 90_000;
/** As `npm start` serves, with the backfill's window cut to what the Overview asks and no simulated export wait. */
const APP_ENV = { KITCHEN_BACKFILL_DAYS: "65", SANDBOX_EXPORT_LATENCY: "false" };

interface Options {
  build: boolean;
  distDir: string;
  runs: number;
  pageRuns: number;
  restarts: number;
  sections: string[];
  keepData?: string;
  warmMinutes: number;
  only?: "overview";
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    build: true,
    distDir: ".next-bench-http",
    runs: 5,
    pageRuns: 3,
    restarts: 2,
    sections: [...SUMMARY_SECTIONS],
    warmMinutes: 20,
  };
  for (const arg of argv) {
    const [flag, value = ""] = arg.split("=", 2) as [string, string?];
    if (flag === "--no-build") options.build = false;
    else if (flag === "--dist-dir" && value) options.distDir = value;
    else if (flag === "--runs") options.runs = wholeNumberOption("runs", value, 1);
    else if (flag === "--page-runs") options.pageRuns = wholeNumberOption("page-runs", value, 1);
    else if (flag === "--restarts") options.restarts = wholeNumberOption("restarts", value, 0);
    else if (flag === "--sections" && /^[a-z]+(,[a-z]+)*$/.test(value)) options.sections = value.split(",");
    else if (flag === "--keep-data" && value) options.keepData = path.resolve(value);
    else if (flag === "--warm-minutes") options.warmMinutes = wholeNumberOption("warm-minutes", value, 1);
    else if (flag === "--only" && value === "overview") options.only = value;
    else
      throw new Error(
        `unknown flag or bad value ${arg} (known: --no-build --dist-dir=DIR --runs=N --page-runs=N --restarts=N --sections=a,b --keep-data=DIR --warm-minutes=N --only=overview)`,
      );
  }
  return options;
}

/** Warm-up once, then up to `runs` measured runs, stopping early (after two) once the case has taken CASE_BUDGET_MS. */
async function series<M extends Measurement>(
  name: string,
  runs: number,
  once: () => Promise<M>,
): Promise<M[]> {
  const warm = await once();
  if (warm.status !== 200) throw new Error(`${name}: the warm-up answered ${warm.status}`);
  const out: M[] = [];
  const started = performance.now();
  while (out.length < runs && (out.length < 2 || performance.now() - started < CASE_BUDGET_MS)) {
    const m = await once();
    if (m.status !== 200) throw new Error(`${name}: a measured run answered ${m.status}`);
    out.push(m);
  }
  console.log(
    `  ${name}: ${out.map((m) => `${m.wallMs.toFixed(0)}/${m.cpuMs.toFixed(0)}`).join(" ")} ms (wall/CPU)`,
  );
  return out;
}

interface Ranges {
  harbor: Restaurant;
  ninety: { from: string; to: string };
  year: { from: string; to: string };
}

async function rangesOf(admin: Session): Promise<Ranges> {
  const response = await admin.request("/api/restaurants");
  if (!response.ok) throw new Error(`GET /api/restaurants as ${ADMIN} answered ${response.status}`);
  const { restaurants } = (await response.json()) as { restaurants: Restaurant[] };
  const harbor = restaurants.find((r) => r.name === "Harbor Street Kitchen");
  if (!harbor) throw new Error(`Harbor Street Kitchen is not among ${ADMIN}'s restaurants`);
  const ninety = presetRange("90d", currentBusinessDate(harbor));
  return { harbor, ninety, year: { from: addBusinessDays(ninety.to, -364), to: ninety.to } };
}

const summaryPath = (r: Ranges, range: { from: string; to: string }, extra = "") =>
  `/api/restaurants/${r.harbor.guid}/kitchen/summary?from=${range.from}&to=${range.to}${extra}`;
const OVERVIEW = "/api/kitchen/overview?range=30d";

/** Fetches what the cases read and lets the background work finish. */
async function warmUp(
  server: RunningServer,
  admin: Session,
  r: Ranges,
  minutes: number,
  overviewOnly: boolean,
): Promise<void> {
  const deadline = Date.now() + minutes * 60_000;
  const started = performance.now();
  if (!overviewOnly) {
    console.log(`warming: ${r.year.from}-${r.year.to} of ${r.harbor.name}, then the Overview's 30 days ...`);
    await untilReady(admin, summaryPath(r, r.year), deadline);
  } else console.log("warming: the Overview's 30 days and the 30 before ...");
  for (;;) {
    const rows = ((await (await admin.request(OVERVIEW)).json()) as { rows: { status: string }[] }).rows;
    if (!rows.some((row) => row.status === "pending")) break;
    if (Date.now() > deadline) throw new Error("the Overview still has pending rows at the deadline");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  const quiet = await untilQuiet(server.pid, 120_000);
  console.log(
    `warm after ${((performance.now() - started) / 1000).toFixed(0)} s (${quiet.quiet ? "server quiet" : "server still busy after 120 s"})`,
  );
}

async function measureWarm(
  server: RunningServer,
  admin: Session,
  r: Ranges,
  options: Options,
): Promise<CaseResult[]> {
  const pgid = server.pid;
  const request = (p: string) => () => measureRequest(admin, pgid, p);
  const cases: CaseResult[] = [];
  const add = async (name: string, target: number, p: string) => {
    const rss = sampleProcessGroup(pgid, 100);
    const runs = await series(name, options.runs, request(p));
    cases.push({ ...summarise(name, target, runs), peakRssMiB: rss.stop().peakMiB });
  };
  if (options.only === "overview") {
    await add("Overview, 30 days, 6 restaurants", 150, OVERVIEW);
    return cases;
  }
  await add("90 days, whole answer", 100, summaryPath(r, r.ninety));
  for (const s of options.sections)
    await add(`90 days, section=${s}`, 100, summaryPath(r, r.ninety, `&section=${s}`));
  // The items' item × station rows, asked with the items section by the page (its first level).
  if (options.sections.includes("items"))
    await add(
      "90 days, section=itemStations&itemLevel=0",
      100,
      summaryPath(r, r.ninety, "&section=itemStations&itemLevel=0"),
    );
  await add("365 days, whole answer", 300, summaryPath(r, r.year));
  for (const s of options.sections)
    await add(`365 days, section=${s}`, 300, summaryPath(r, r.year, `&section=${s}`));
  await add("Overview, 30 days, 6 restaurants", 150, OVERVIEW);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const pagePath = `/restaurants/${r.harbor.guid}/kitchen?range=90d`;
    const pageRss = sampleProcessGroup(pgid, 100);
    const views = await series("page view", options.pageRuns, () =>
      measurePageView(browser, admin, server.origin, pgid, pagePath),
    );
    const last = views[views.length - 1]!;
    const notOk = last.requests.filter((q) => q.status !== 200);
    const api = last.requests
      .filter((q) => !q.path.startsWith("/_next/static/"))
      .map((q) => q.path.replace(r.harbor.guid, "{guid}"));
    const html = views.map((v) => v.htmlMs).sort((a, b) => a - b)[Math.floor(views.length / 2)]!;
    cases.push({
      ...summarise('"Last 90 days" Kitchen page view', 1000, views),
      peakRssMiB: pageRss.stop().peakMiB,
      note: `HTML in ${html.toFixed(0)} ms (median); ${last.requests.length} requests to the server (${notOk.length ? `not 200: ${notOk.map((q) => `${q.status} ${q.path}`).join(", ")}` : "all 200"}), ${(last.bytes / 1024).toFixed(0)} KB; besides static chunks: ${api.join(", ")}`,
    });
  } finally {
    await browser.close();
  }
  return cases;
}

/** `--restarts` times: stop the server, start it over the same store, wait out its start-up, ask the 90 days once. */
async function measureRestarts(
  first: RunningServer,
  r: Ranges,
  options: Options,
  port: number,
  dataDir: string,
  peaks: number[],
): Promise<CaseResult | undefined> {
  let server = first;
  const runs: Measurement[] = [];
  const startups: string[] = [];
  for (let i = 0; i < options.restarts; i++) {
    await server.stop();
    server = await startApp({
      distDir: options.distDir,
      port,
      logFile: path.join(RESULTS, `http-server-restart-${i + 1}.log`),
      env: APP_ENV,
      dataDir,
    });
    activeServer = server;
    const sampler = sampleProcessGroup(server.pid, 100);
    const quiet = await untilQuiet(server.pid);
    startups.push(
      `${(quiet.cpuMs / 1000).toFixed(1)} s CPU in ${(quiet.waitedMs / 1000).toFixed(0)} s${quiet.quiet ? "" : " (not quiet)"}`,
    );
    const admin = await signIn(server.origin, ADMIN);
    const m = await measureRequest(admin, server.pid, summaryPath(r, r.ninety));
    if (m.status !== 200)
      throw new Error(
        `the first 90-day request after restart ${i + 1} answered ${m.status}: the store was not warm`,
      );
    runs.push(m);
    peaks.push(sampler.stop().peakMiB);
  }
  await server.stop();
  if (!runs.length) return undefined;
  console.log(
    `  first after restart: ${runs.map((m) => `${m.wallMs.toFixed(0)}/${m.cpuMs.toFixed(0)}`).join(" ")} ms (wall/CPU)`,
  );
  return {
    ...summarise("90 days, first request after a restart", 500, runs),
    peakRssMiB: Math.max(...peaks),
    note: `after the server's start-up work went quiet (${startups.join("; ")}), then a sign-in`,
  };
}

let activeServer: RunningServer | undefined;
/** The data directory this run made (none with --keep-data), removed however the run ends. */
let tempDataDir: string | undefined;

async function run(options: Options): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  if (options.build) {
    console.log(`next build into ${options.distDir} ...`);
    await buildApp(options.distDir, path.join(RESULTS, "http-build.log"));
  }
  const benchStarted = performance.now();
  const loads: number[][] = [loadavg()];
  const loadTimer = setInterval(() => loads.push(loadavg()), 5_000);
  if (!options.keepData) tempDataDir = mkdtempSync(path.join(tmpdir(), "kp-bench-http-"));
  const dataDir = options.keepData ?? tempDataDir!;
  mkdirSync(dataDir, { recursive: true });
  try {
    const port = await freePort();
    const server = await startApp({
      distDir: options.distDir,
      port,
      logFile: path.join(RESULTS, "http-server.log"),
      env: APP_ENV,
      dataDir,
    });
    activeServer = server;
    const whole = sampleProcessGroup(server.pid, 100);
    const admin = await signIn(server.origin, ADMIN);
    const ranges = await rangesOf(admin);
    await warmUp(server, admin, ranges, options.warmMinutes, options.only === "overview");
    const warmedAt = performance.now();
    const harborExports = () =>
      Object.entries(server.proxy.counts().exports)
        .filter(([k]) => k.startsWith(ranges.harbor.guid))
        .reduce((n, [, c]) => n + c, 0);
    const exportsBefore = harborExports();
    const measured = sampleProcessGroup(server.pid, 100);
    const cases = await measureWarm(server, admin, ranges, options);
    const measuredSample = measured.stop();
    const upstreamDuring = harborExports() - exportsBefore;
    const wholeSample = whole.stop();
    const restartPeaks: number[] = [];
    const restart =
      options.only === "overview"
        ? undefined
        : await measureRestarts(server, ranges, options, port, dataDir, restartPeaks);
    if (restart) cases.push(restart);
    const report = {
      at: new Date().toISOString(),
      cpus: cpus().length,
      load: { start: loads[0]!, max1: Math.max(...loads.map((l) => l[0]!)), end: loadavg() },
      ranges: { ninety: ranges.ninety, year: ranges.year },
      warmSeconds: (warmedAt - benchStarted) / 1000,
      measureSeconds: (performance.now() - warmedAt) / 1000,
      upstreamHarborExportsWhileMeasuring: upstreamDuring,
      rss: {
        measuredPeakMiB: Math.max(measuredSample.peakMiB, ...restartPeaks),
        processHighWaterMiB: wholeSample.maxProcessHwmMiB,
      },
      cases,
    };
    console.log(`\n${formatTable(report)}`);
    writeFileSync(path.join(RESULTS, "http-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\nwritten to bench/.results/http-latest.json; server logs in bench/.results/http-server*.log`,
    );
  } finally {
    clearInterval(loadTimer);
    await activeServer?.stop();
    if (tempDataDir) rmSync(tempDataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  stopServerOnExit(
    () => activeServer,
    () => {
      if (tempDataDir) rmSync(tempDataDir, { recursive: true, force: true });
    },
  );
  await run(options);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:http failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
