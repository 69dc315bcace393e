/**
 * The instruments of `npm run bench:http`: one request or one browser page view against the
 * production server, timed on the wall and by the server's own CPU time, read from /proc for the
 * server's whole process group just before and just after (so the benchmark's own client work,
 * and the browser's, are not counted, and a busy machine shows as wall time, not as CPU time).
 */
import type { Browser } from "@playwright/test";

import type { signIn } from "../load/users";
import { readProcStats, TICKS_PER_SECOND } from "../proc-stat";

export type Session = Awaited<ReturnType<typeof signIn>>;

/** The server's process group's CPU time so far, in ticks (processes that ended are not counted). */
function groupTicks(pgid: number): number {
  return readProcStats()
    .filter((p) => p.group === pgid)
    .reduce((sum, p) => sum + p.cpuTicks, 0);
}

const ticksToMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

export interface Measurement {
  wallMs: number;
  /** The server group's CPU over the request, ms; /proc counts in 10 ms ticks. */
  cpuMs: number;
  status: number;
  bytes: number;
}

/** One request, its body read to the end, timed. */
export async function measureRequest(
  session: Session,
  pgid: number,
  pathAndQuery: string,
): Promise<Measurement> {
  const before = groupTicks(pgid);
  const started = performance.now();
  const response = await session.request(pathAndQuery);
  const body = await response.arrayBuffer();
  const wallMs = performance.now() - started;
  return {
    wallMs,
    cpuMs: ticksToMs(groupTicks(pgid) - before),
    status: response.status,
    bytes: body.byteLength,
  };
}

export interface PageViewMeasurement extends Measurement {
  /** From the navigation to the end of the page's HTML. */
  htmlMs: number;
  /** Every request the page made to our server, in order: path and status. */
  requests: { path: string; status: number }[];
}

/** The page counts as settled this long after it loads (components/ui/page-settled.ts: 4 s), then fetches what it deferred. */
const PAGE_SETTLE_MS = 4_000;
/** The view is over when, past the settle, no request to our server has been in flight for this long. */
const QUIET_MS = 1_000;

/**
 * One page view in a fresh browser context carrying `session`'s cookies: the HTML and every
 * request the page makes, including what it defers until it settles, until no request has been
 * in flight for QUIET_MS (Playwright's networkidle, 500 ms, can fall in the wait for the settle).
 * Wall time runs to the last of those requests' end; the CPU to the end of the quiet window.
 */
export async function measurePageView(
  browser: Browser,
  session: Session,
  origin: string,
  pgid: number,
  pagePath: string,
): Promise<PageViewMeasurement> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(session.cookiePairs().map((c) => ({ ...c, url: origin })));
  const page = await context.newPage();
  const requests: { path: string; status: number }[] = [];
  const sizes: Promise<number>[] = [];
  let inFlight = 0;
  let lastActivity = 0;
  let htmlEnd = 0;
  const ours = (url: string) => url.startsWith(origin);
  const done = () => {
    inFlight -= 1;
    lastActivity = performance.now();
  };
  page.on("request", (request) => {
    if (!ours(request.url())) return;
    inFlight += 1;
    lastActivity = performance.now();
  });
  page.on("response", (response) => {
    if (ours(response.url()))
      requests.push({ path: response.url().slice(origin.length), status: response.status() });
  });
  page.on("requestfinished", (request) => {
    if (!ours(request.url())) return;
    done();
    if (request.isNavigationRequest() && !htmlEnd) htmlEnd = lastActivity;
    sizes.push(
      request.sizes().then(
        (s) => s.responseBodySize,
        () => 0,
      ),
    );
  });
  page.on("requestfailed", (request) => {
    if (!ours(request.url())) return;
    done();
    requests.push({ path: request.url().slice(origin.length), status: 0 });
  });
  try {
    const before = groupTicks(pgid);
    const started = performance.now();
    const response = await page.goto(`${origin}${pagePath}`, { waitUntil: "load", timeout: 300_000 });
    const loadedAt = performance.now();
    while (
      performance.now() - loadedAt < PAGE_SETTLE_MS + QUIET_MS ||
      inFlight > 0 ||
      performance.now() - lastActivity < QUIET_MS
    ) {
      if (performance.now() - loadedAt > 300_000)
        throw new Error(
          `the page view of ${pagePath} still had requests in flight 300 s after its load event`,
        );
      await sleep(50);
    }
    const cpuMs = ticksToMs(groupTicks(pgid) - before);
    if (page.url().includes("/sign-in"))
      throw new Error(
        `the page view of ${pagePath} was sent to the sign-in page: the session cookie did not reach it`,
      );
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return {
      wallMs: lastActivity - started,
      htmlMs: htmlEnd - started,
      cpuMs,
      status: response?.status() ?? 0,
      bytes,
      requests,
    };
  } finally {
    await context.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks `pathAndQuery` until it answers 200 (202: still being fetched), printing the server's
 * progress message every `reportEveryMs`; throws on any other status or after `deadline`.
 */
export async function untilReady(
  session: Session,
  pathAndQuery: string,
  deadline: number,
  reportEveryMs = 30_000,
): Promise<void> {
  let lastReport = 0;
  for (;;) {
    const response = await session.request(pathAndQuery);
    const text = await response.text();
    if (response.status === 200) return;
    if (response.status !== 202)
      throw new Error(`GET ${pathAndQuery} answered ${response.status}: ${text.slice(0, 300)}`);
    if (Date.now() > deadline)
      throw new Error(`GET ${pathAndQuery} still answered 202 at the deadline: ${text.slice(0, 300)}`);
    if (Date.now() - lastReport > reportEveryMs) {
      lastReport = Date.now();
      console.log(
        `  ${new Date().toISOString().slice(11, 19)} ${(JSON.parse(text) as { message?: string }).message ?? text.slice(0, 200)}`,
      );
    }
    await sleep(3_000);
  }
}

/**
 * Waits until the server group used under `maxShare` of one core over two consecutive 500 ms
 * windows (start-up or background work done), or `maxMs` passed; the CPU it used meanwhile, ms.
 */
export async function untilQuiet(
  pgid: number,
  maxMs = 30_000,
  maxShare = 0.05,
): Promise<{ waitedMs: number; cpuMs: number; quiet: boolean }> {
  const started = performance.now();
  const first = groupTicks(pgid);
  let calm = 0;
  while (performance.now() - started < maxMs) {
    const before = groupTicks(pgid);
    await sleep(500);
    calm = ticksToMs(groupTicks(pgid) - before) <= 500 * maxShare ? calm + 1 : 0;
    if (calm >= 2)
      return {
        waitedMs: performance.now() - started,
        cpuMs: ticksToMs(groupTicks(pgid) - first),
        quiet: true,
      };
  }
  return { waitedMs: performance.now() - started, cpuMs: ticksToMs(groupTicks(pgid) - first), quiet: false };
}
