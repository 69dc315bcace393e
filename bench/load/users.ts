/**
 * The virtual users of `npm run bench:load`: each signs in through next-auth's credentials flow
 * over HTTP, then loops until the deadline: pick a restaurant it may see, a route from a weighted
 * mix, request it (polling about every second after a 202, as the Kitchen page does), think 0.5-2 s.
 */
import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { presetRange, previousPeriod, type DateRange } from "@/lib/kitchen/contract/date-range";

import type { ProxyCounts } from "./server";

/** Any single HTTP request is abandoned after this long (recorded as a timeout). */
const REQUEST_TIMEOUT_MS = 120_000;
/** After a 202 the user asks again this often (the page polls coverage every second). */
const POLL_MS = 1_000;
/** Polling for a range that is not ready stops this long after the run's deadline. */
const POLL_GRACE_MS = 60_000;

export const DEMO_ACCOUNTS = ["admin@kitchen.test", "ana@kitchen.test", "ben@kitchen.test"] as const;
const DEMO_PASSWORD = "kitchen-demo";

export interface Restaurant {
  guid: string;
  name: string;
  timeZone: string;
  closeoutHour: number;
  kitchenEntitled?: boolean;
}

export type Status = number | "timeout" | "error";

export interface RequestRecord {
  route: string;
  status: Status;
  ms: number;
  /** The first request of its view (not a poll after a 202). */
  firstTry: boolean;
  /** Kitchen range routes, first try: 200, every date answered upstream before it started, none fetched while it ran. */
  warm?: boolean;
  kitchenRange: boolean;
}

export interface ReadyRecord {
  route: string;
  /** From the first request to the 200, or undefined when it never came before polling stopped. */
  ms?: number;
  polls: number;
}

export interface Recorder {
  requests: RequestRecord[];
  ready: ReadyRecord[];
  errors: Map<string, number>;
}

/** "fetch failed" says nothing: the underlying cause's code (ECONNRESET, UND_ERR_SOCKET, ...) does. */
export function describeError(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e.name === "TimeoutError" || e.name === "AbortError") return "timeout";
  return e.cause ? `${e.message}: ${e.cause.code ?? e.cause.message}` : e.message;
}

/** Socket errors before any answer: the server closed a kept-alive connection as the client reused it. */
const CLOSED_CONNECTION = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);
let closedConnectionRetries = 0;

/** Requests sent again once because their kept-alive connection closed under them (browsers do the same). */
export function connectionRetries(): number {
  return closedConnectionRetries;
}

/** A minimal cookie jar: name=value pairs from Set-Cookie, sent back on every request. */
class Session {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  async request(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const send = () =>
      fetch(`${this.origin}${pathAndQuery}`, {
        ...init,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      if (!CLOSED_CONNECTION.has((error as { cause?: { code?: string } }).cause?.code ?? "")) throw error;
      closedConnectionRetries += 1;
      response = await send();
    }
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";", 1)[0]!;
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The jar's cookies, for a browser context to carry the same session (bench:http's page view). */
  cookiePairs(): { name: string; value: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }

  has(cookie: RegExp): boolean {
    return [...this.cookies.keys()].some((name) => cookie.test(name));
  }
}

/** Signs in as the page's form does (CSRF token, then the credentials callback); throws a clear error when it fails. */
export async function signIn(origin: string, email: string): Promise<Session> {
  try {
    return await signInSteps(origin, email);
  } catch (error) {
    const message = describeError(error);
    throw new Error(message.startsWith("sign-in of") ? message : `sign-in of ${email} failed: ${message}`);
  }
}

async function signInSteps(origin: string, email: string): Promise<Session> {
  const session = new Session(origin);
  const csrf = await session.request("/api/auth/csrf");
  if (!csrf.ok) throw new Error(`sign-in of ${email}: GET /api/auth/csrf answered ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken?: string };
  if (!csrfToken) throw new Error(`sign-in of ${email}: /api/auth/csrf gave no csrfToken`);
  const body = new URLSearchParams({
    csrfToken,
    email,
    password: DEMO_PASSWORD,
    callbackUrl: `${origin}/`,
    json: "true",
  });
  const callback = await session.request("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  await callback.arrayBuffer();
  if (!session.has(/session-token$/)) {
    throw new Error(
      `sign-in of ${email} failed: POST /api/auth/callback/credentials answered ${callback.status} (${callback.headers.get("location") ?? "no location"}) without a session cookie`,
    );
  }
  const check = await session.request("/api/auth/session");
  const who = (await check.json()) as { user?: { email?: string } };
  if (who.user?.email !== email)
    throw new Error(`sign-in of ${email}: /api/auth/session says ${JSON.stringify(who)}`);
  return session;
}

type Preset = "yesterday" | "7d" | "30d" | "90d";

/** One view a user opens: its HTTP requests, started together (the page asks the comparison period beside the main one). */
interface View {
  requests: { route: string; path: string; range?: DateRange }[];
}

const CONFIG_RESOURCES = ["menuItems", "diningOptions", "printers", "revenueCenters", "discounts", "tables"];

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function weighted<T>(entries: readonly (readonly [T, number])[]): T {
  let x = Math.random() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of entries) if ((x -= w) < 0) return value;
  return entries[entries.length - 1]![0];
}

const PRESETS: readonly (readonly [Preset, number])[] = [
  ["yesterday", 20],
  ["7d", 40],
  ["30d", 25],
  ["90d", 15],
];

function rangeOf(restaurant: Restaurant, preset: Preset): DateRange {
  return presetRange(preset, currentBusinessDate(restaurant));
}

const q = (range: DateRange, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: range.from, to: range.to, ...extra }).toString();

/**
 * The weighted mix: the Kitchen page's summary with its comparison period (most of the load, as
 * the Kitchen page is the product), its tickets, CSV, coverage and history; the other pages' routes.
 */
function nextView(restaurant: Restaurant): View {
  const base = `/api/restaurants/${restaurant.guid}`;
  const kind = weighted([
    ["summary", 36],
    ["tickets", 8],
    ["summary.csv", 4],
    ["coverage", 5],
    ["history", 5],
    ["stations", 9],
    ["menu", 8],
    ["config", 4],
    ["config/resource", 6],
    ["info", 8],
    ["restaurants", 7],
  ] as const);
  const preset = weighted(PRESETS);
  const range = rangeOf(restaurant, preset);
  switch (kind) {
    case "summary": {
      const previous = previousPeriod(range);
      return {
        requests: [
          { route: `kitchen/summary ${preset}`, path: `${base}/kitchen/summary?${q(range)}`, range },
          {
            route: `kitchen/summary ${preset} previous`,
            path: `${base}/kitchen/summary?${q(previous)}`,
            range: previous,
          },
        ],
      };
    }
    case "tickets":
      return {
        requests: [
          { route: "kitchen/tickets", path: `${base}/kitchen/tickets?${q(range, { limit: "20" })}`, range },
        ],
      };
    case "summary.csv":
      return {
        requests: [{ route: "kitchen/summary.csv", path: `${base}/kitchen/summary.csv?${q(range)}`, range }],
      };
    case "coverage":
      return { requests: [{ route: "kitchen/coverage", path: `${base}/kitchen/coverage?${q(range)}` }] };
    case "history":
      return { requests: [{ route: "kitchen/history", path: `${base}/kitchen/history` }] };
    case "config/resource":
      return { requests: [{ route: "config/{resource}", path: `${base}/config/${pick(CONFIG_RESOURCES)}` }] };
    case "restaurants":
      return { requests: [{ route: "restaurants", path: "/api/restaurants" }] };
    default:
      return { requests: [{ route: kind, path: `${base}/${kind}` }] };
  }
}

/**
 * What the proxy has seen of this restaurant's dates: how many export calls, and whether every
 * date had already been answered (200 or 204) upstream. A range is warm only if all of it had
 * been answered before the request started and nothing of it was fetched while it ran; the
 * body's transfer and ingest after the answer are the one window this cannot see.
 */
function upstreamOf(
  counts: () => ProxyCounts,
  guid: string,
  range: DateRange,
): { calls: number; allAnswered: boolean } {
  const { exports, exportStatuses } = counts();
  let calls = 0;
  let allAnswered = true;
  for (const date of enumerateBusinessDates(range.from, range.to)) {
    const key = `${guid}|${date}`;
    calls += exports[key] ?? 0;
    if (!(exportStatuses[key] ?? []).some((s) => s === 200 || s === 204)) allAnswered = false;
  }
  return { calls, allAnswered };
}

export interface UserContext {
  recorder: Recorder;
  deadline: number;
  counts: () => ProxyCounts;
}

function noteError(recorder: Recorder, route: string, error: unknown): Status {
  const described = describeError(error);
  const key = `${route}: ${described}`;
  recorder.errors.set(key, (recorder.errors.get(key) ?? 0) + 1);
  return described === "timeout" ? "timeout" : "error";
}

/** One HTTP request, its body read to the end, recorded. */
async function timed(
  session: Session,
  ctx: UserContext,
  req: View["requests"][number],
  firstTry: boolean,
  guid: string | undefined,
): Promise<{ status: Status; retryAfterS?: number }> {
  const before = req.range && guid && firstTry ? upstreamOf(ctx.counts, guid, req.range) : undefined;
  const started = performance.now();
  let status: Status;
  let retryAfterS: number | undefined;
  try {
    const response = await session.request(req.path);
    await response.arrayBuffer();
    status = response.status;
    const retry = Number(response.headers.get("retry-after"));
    if (Number.isFinite(retry) && retry > 0) retryAfterS = retry;
  } catch (error) {
    status = noteError(ctx.recorder, req.route, error);
  }
  const ms = performance.now() - started;
  const record: RequestRecord = {
    route: req.route,
    status,
    ms,
    firstTry,
    kitchenRange: req.range !== undefined,
  };
  if (before)
    record.warm =
      status === 200 &&
      before.allAnswered &&
      upstreamOf(ctx.counts, guid!, req.range!).calls === before.calls;
  ctx.recorder.requests.push(record);
  return { status, retryAfterS };
}

/** A request, and after a 202 the same request about every second until 200 (or polling stops). */
async function untilReady(
  session: Session,
  ctx: UserContext,
  req: View["requests"][number],
  guid: string | undefined,
): Promise<void> {
  const started = performance.now();
  let { status, retryAfterS } = await timed(session, ctx, req, true, guid);
  if (status !== 202) return;
  let polls = 0;
  const stopAt = ctx.deadline + POLL_GRACE_MS;
  while (status === 202 && Date.now() < stopAt) {
    await sleep(Math.min(5_000, Math.max(POLL_MS, (retryAfterS ?? 0) * 1000)));
    polls += 1;
    ({ status, retryAfterS } = await timed(session, ctx, req, false, guid));
  }
  ctx.recorder.ready.push({
    route: req.route,
    ms: status === 200 ? performance.now() - started : undefined,
    polls,
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks /api/restaurants until it answers (the shell's first request); the user's list of restaurants. */
async function restaurantsOf(session: Session, ctx: UserContext): Promise<Restaurant[] | undefined> {
  while (Date.now() < ctx.deadline) {
    const started = performance.now();
    try {
      const response = await session.request("/api/restaurants");
      const body = response.ok
        ? ((await response.json()) as { restaurants: Restaurant[] })
        : (await response.arrayBuffer(), undefined);
      ctx.recorder.requests.push({
        route: "restaurants",
        status: response.status,
        ms: performance.now() - started,
        firstTry: true,
        kitchenRange: false,
      });
      if (body?.restaurants.length) return body.restaurants;
    } catch (error) {
      ctx.recorder.requests.push({
        route: "restaurants",
        status: noteError(ctx.recorder, "restaurants", error),
        ms: performance.now() - started,
        firstTry: true,
        kitchenRange: false,
      });
    }
    await sleep(1_000);
  }
  return undefined;
}

/** One virtual user's loop until the deadline; the view in progress at the deadline finishes. */
export async function runUser(session: Session, ctx: UserContext): Promise<void> {
  const restaurants = await restaurantsOf(session, ctx);
  if (!restaurants) return;
  while (Date.now() < ctx.deadline) {
    const restaurant = pick(restaurants);
    const view = nextView(restaurant);
    await Promise.all(
      view.requests.map((req) => untilReady(session, ctx, req, req.range ? restaurant.guid : undefined)),
    );
    await sleep(500 + Math.random() * 1_500);
  }
}
