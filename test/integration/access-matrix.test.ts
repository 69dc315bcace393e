import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, startApp, type RunningServer } from "@/bench/load/server";
import { signIn } from "@/bench/load/users";
import { signInPath } from "@/lib/auth/post-sign-in";
import type { KitchenStationsMatrix } from "@/lib/kitchen/contract/chain";
import type { KitchenOverview } from "@/lib/kitchen/contract/responses";
import type { Area, Person } from "@/lib/people/admin-contract";
import type { Role } from "@/lib/people/roles";
import { UNADDED_LOCATION } from "@/lib/sandbox/unadded-location";
import { defaultWorld } from "@/lib/sandbox/world";

import { productionBuild } from "../support/fake-platform/processes";

/**
 * Issue 33's access matrix over HTTP, on the production build (`npx next build` first, as npm test
 * does) with next-auth's real cookies: every API route and every page found on disk (a route
 * missing from the table below fails the first test), × every role and signed out, × an own, a
 * foreign and a non-existent restaurant where the route names one. Each cell's status is the
 * table's; no answer carries a restaurant its reader may not see (by GUID or name); a foreign
 * restaurant's 404 is the unknown one's, byte for byte; and a refused write leaves nothing behind
 * (each write carries a marker that is looked for afterwards in everything an owner can read).
 *
 * The deployment is the demo's (embedded sandbox, first run of lib/auth/demo-accounts.json):
 * admin@ the owner, ana@ area manager of Harbor Street Kitchen and Mesa Verde Cantina, ben@ viewer
 * of Lakeside Diner and Pier 9 Pizza; an admin and a manager (of Northside Noodle Bar) are made
 * here. The owner's and admin's foreign restaurant is the location the credential reaches but
 * nobody added (lib/sandbox/unadded-location.ts).
 */
const ROOT = path.resolve(__dirname, "..", "..");
const logs = mkdtempSync(path.join(tmpdir(), "kp-access-matrix-logs-"));

const world = defaultWorld();
const guidOf = (name: string) => world.restaurants.find((r) => r.name === name)!.guid;
const HARBOR = guidOf("Harbor Street Kitchen");
const MESA = guidOf("Mesa Verde Cantina");
const LAKESIDE = guidOf("Lakeside Diner");
const NORTHSIDE = guidOf("Northside Noodle Bar");
const PIER9 = guidOf("Pier 9 Pizza");
const RIVERSIDE = UNADDED_LOCATION.guid;
/** No location anywhere has it. */
const UNKNOWN = "0badc0de-0000-4000-8000-00000000a404";
const EVERY_LOCATION = [
  ...world.restaurants.map((r) => ({ guid: r.guid, name: r.name })),
  { guid: RIVERSIDE, name: UNADDED_LOCATION.name },
];

const ROLES = ["owner", "admin", "area_manager", "manager", "viewer"] as const satisfies readonly Role[];
type Who = Role | "signed-out";
const WHO: readonly Who[] = [...ROLES, "signed-out"];
const EMAIL: Record<Role, string> = {
  owner: "admin@kitchen.test",
  admin: "adm@matrix.test",
  area_manager: "ana@kitchen.test",
  manager: "mgr@matrix.test",
  viewer: "ben@kitchen.test",
};
const ADDED = world.restaurants.map((r) => r.guid);
/** What each role may see, by its scope. */
const SEES: Record<Who, readonly string[]> = {
  owner: ADDED,
  admin: ADDED,
  area_manager: [HARBOR, MESA],
  manager: [NORTHSIDE],
  viewer: [LAKESIDE, PIER9],
  "signed-out": [],
};
type Place = "own" | "foreign" | "unknown";
const PLACES: readonly Place[] = ["own", "foreign", "unknown"];
const RESTAURANT_AT: Record<Who, Record<Place, string>> = {
  owner: { own: HARBOR, foreign: RIVERSIDE, unknown: UNKNOWN },
  admin: { own: HARBOR, foreign: RIVERSIDE, unknown: UNKNOWN },
  area_manager: { own: HARBOR, foreign: LAKESIDE, unknown: UNKNOWN },
  manager: { own: NORTHSIDE, foreign: HARBOR, unknown: UNKNOWN },
  viewer: { own: LAKESIDE, foreign: HARBOR, unknown: UNKNOWN },
  "signed-out": { own: HARBOR, foreign: LAKESIDE, unknown: UNKNOWN },
};

const isAdmin = (who: Who) => who === "owner" || who === "admin";
/** A kitchen day every restaurant has (a week back, whatever its zone). */
const DAY = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
const RANGE = `from=${DAY}&to=${DAY}`;

/** One cell of the matrix: who asks, about which restaurant (null: the route names none), its marker number. */
interface Cell {
  who: Who;
  place: Place | null;
  guid: string | null;
  n: number;
}
type Expected = number | readonly number[];

/** Set in beforeAll: ids the write routes' cells aim at. */
const fixture = {
  patchableArea: 0,
  patchablePerson: 0,
  harborMesaArea: 0,
  scratchArea: {} as Record<string, number>,
};

interface ApiSpec {
  /** The route names a restaurant (in its path, or in its body for the admin routes): one cell per place. */
  places?: true;
  expect: (cell: Cell) => Expected;
  /** The URL when it is not the template filled (query string, `[id]`, next-auth's action). */
  url?: (cell: Cell) => string;
  body?: (cell: Cell) => unknown;
  /** What a write leaves behind when it lands, looked for afterwards (absent when refused). */
  marker?: (cell: Cell) => string;
  /** "Sign out everywhere": run last, each on a session of its own. */
  endsSessions?: true;
  /**
   * Owners and admins are shown every location the credential reaches (discovery, the audit log):
   * the unadded one is theirs to see there.
   */
  adminSeesEverything?: true;
}

// Who gets what: signed out is 401 on every non-public route.
const anyone =
  (ok: Expected) =>
  ({ who }: Cell): Expected =>
    who === "signed-out" ? 401 : ok;
const admins =
  (ok: Expected) =>
  ({ who }: Cell): Expected =>
    who === "signed-out" ? 401 : isAdmin(who) ? ok : 403;
/** A restaurant route: a foreign or unknown GUID is 404 (before any role check); `mayWrite` may then refuse with 403. */
const ofRestaurant =
  (ok: Expected, mayWrite?: (who: Role) => boolean) =>
  ({ who, place }: Cell): Expected =>
    who === "signed-out" ? 401 : place !== "own" ? 404 : mayWrite && !mayWrite(who) ? 403 : ok;
/** An admin write naming a restaurant in its body: 403 for non-admins; only an added restaurant may be named (400). */
const adminNaming =
  (ok: Expected) =>
  ({ who, place }: Cell): Expected =>
    who === "signed-out" ? 401 : !isAdmin(who) ? 403 : place === "own" ? ok : 400;
const publicRoute = (status: Expected) => (): Expected => status;

const seconds = (n: number) => 20_000 + n;
const secondsMarker = (cell: Cell) => `"seconds":${seconds(cell.n)}`;
const newGuid = (n: number) => `0a7e0000-0000-4000-8000-${String(n).padStart(12, "0")}`;
/** Some routes answer 202 while the kitchen days are still being fetched: never 403 or 404. */
const KITCHEN_OK = [200, 202] as const;

/**
 * Every API route and method on disk, keyed "METHOD /template". A route added without a line here
 * fails the first test; a line for a route that went fails it too.
 */
const API: Record<string, ApiSpec> = {
  "GET /api/account/settings": { expect: anyone(200) },
  "PATCH /api/account/settings": {
    expect: anyone(200),
    body: (c) => ({ digest: c.n % 2 === 0 ? "daily" : "off" }),
  },
  "GET /api/account/sessions": { expect: anyone(200) },
  "DELETE /api/account/sessions": { expect: anyone(200), endsSessions: true },
  "GET /api/admin/areas": { expect: admins(200), adminSeesEverything: true },
  "POST /api/admin/areas": {
    places: true,
    expect: adminNaming(201),
    body: (c) => ({ name: `Matrix area ${c.n}`, restaurants: [c.guid] }),
    marker: (c) => `Matrix area ${c.n}`,
  },
  "PATCH /api/admin/areas/[id]": {
    places: true,
    expect: adminNaming(200),
    url: () => `/api/admin/areas/${fixture.patchableArea}`,
    body: (c) => ({ name: `Matrix rename ${c.n}`, restaurants: [c.guid] }),
    marker: (c) => `Matrix rename ${c.n}`,
  },
  "DELETE /api/admin/areas/[id]": {
    expect: admins(204),
    // Owners and admins delete a scratch area each; everyone else tries ana's area, which must stay.
    url: (c) => `/api/admin/areas/${fixture.scratchArea[c.who] ?? fixture.harborMesaArea}`,
  },
  "GET /api/admin/audit": { expect: admins(200), adminSeesEverything: true },
  "GET /api/admin/audit.csv": { expect: admins(200), adminSeesEverything: true },
  "GET /api/admin/discovery": { expect: admins(200), adminSeesEverything: true },
  "POST /api/admin/invitations": {
    places: true,
    expect: adminNaming(201),
    body: (c) => ({ email: `i${c.n}@matrix.test`, role: "viewer", restaurants: [c.guid] }),
    marker: (c) => `i${c.n}@matrix.test`,
  },
  "GET /api/admin/outbox": { expect: admins(200), adminSeesEverything: true },
  "GET /api/admin/people": { expect: admins(200), adminSeesEverything: true },
  "POST /api/admin/people": {
    places: true,
    expect: adminNaming(201),
    body: (c) => ({ email: `m${c.n}@matrix.test`, role: "viewer", restaurants: [c.guid] }),
    marker: (c) => `m${c.n}@matrix.test`,
  },
  "PATCH /api/admin/people/[id]": {
    places: true,
    expect: adminNaming(200),
    url: () => `/api/admin/people/${fixture.patchablePerson}`,
    body: (c) => ({ name: `Matrix person ${c.n}`, restaurants: [c.guid] }),
    marker: (c) => `Matrix person ${c.n}`,
  },
  "POST /api/admin/people/[id]/invitation": {
    // The patchable person has accepted long ago: past the permission, a resend is refused as such.
    expect: admins(400),
    url: () => `/api/admin/people/${fixture.patchablePerson}/invitation`,
  },
  "GET /api/admin/restaurants": { expect: admins(200), adminSeesEverything: true },
  "POST /api/admin/restaurants": {
    expect: admins(201),
    body: (c) => ({ guid: newGuid(c.n), label: `Matrix label ${c.n}` }),
    marker: (c) => `Matrix label ${c.n}`,
  },
  "GET /api/admin/targets": { expect: anyone(200) },
  "PUT /api/admin/targets": {
    expect: admins(200),
    body: (c) => ({ tickets: [{ level: 2, seconds: seconds(c.n) }] }),
    marker: secondsMarker,
  },
  // next-auth's own endpoints are public: the session answer is the reader's own or empty.
  "GET /api/auth/[...nextauth]": { expect: publicRoute(200), url: () => "/api/auth/session" },
  "POST /api/auth/[...nextauth]": { expect: publicRoute(200), url: () => "/api/auth/_log", body: () => ({}) },
  // A date not closed anywhere: every restaurant is listed as such, with nothing to read.
  "GET /api/digests/preview": { expect: anyone(200), url: () => "/api/digests/preview?date=20991231" },
  "GET /api/health": { expect: publicRoute(200) },
  // The e-mail links' routes: the token is the credential, and nobody has this one.
  "POST /api/invitations/accept": {
    expect: publicRoute(404),
    body: () => ({ token: "no-such-token", name: "Nobody", password: "a long enough password" }),
  },
  "POST /api/password-reset": { expect: publicRoute(202), body: () => ({ email: "nobody@matrix.test" }) },
  "POST /api/password-reset/confirm": {
    expect: publicRoute(404),
    body: () => ({ token: "no-such-token", password: "a long enough password" }),
  },
  // The demo deployment has people: the first-run setup is gone for everyone.
  "POST /api/setup": { expect: publicRoute(404), body: () => ({ password: "a long enough password" }) },
  "GET /api/kitchen/items-matrix": {
    expect: anyone(200),
    url: () => "/api/kitchen/items-matrix?range=yesterday",
  },
  "GET /api/kitchen/items-matrix.csv": {
    expect: anyone(KITCHEN_OK),
    url: () => "/api/kitchen/items-matrix.csv?range=yesterday",
  },
  "GET /api/kitchen/overview": { expect: anyone(200), url: () => "/api/kitchen/overview?range=yesterday" },
  "GET /api/kitchen/overview.csv": {
    expect: anyone(KITCHEN_OK),
    url: () => "/api/kitchen/overview.csv?range=yesterday",
  },
  "GET /api/kitchen/stations-matrix": {
    expect: anyone(200),
    url: () => "/api/kitchen/stations-matrix?range=yesterday",
  },
  "GET /api/kitchen/stations-matrix.csv": {
    expect: anyone(KITCHEN_OK),
    url: () => "/api/kitchen/stations-matrix.csv?range=yesterday",
  },
  "GET /api/kitchen/weekly-report.csv": { expect: anyone(KITCHEN_OK) },
  "GET /api/restaurants": { expect: anyone(200) },
  // Live late alerts (lib/alerts): managers and above write rules; a viewer reads them and the alerts.
  "GET /api/restaurants/[guid]/alert-rules": { places: true, expect: ofRestaurant(200) },
  "POST /api/restaurants/[guid]/alert-rules": {
    places: true,
    expect: ofRestaurant(201, (who) => who !== "viewer"),
    body: (c) => ({ kind: "late_share", level: 0, threshold: 10 + (c.n % 80), quietMinutes: 30 }),
  },
  // No rule has this number: a writer is told so (404), a viewer is refused first (403).
  "PUT /api/restaurants/[guid]/alert-rules/[id]": {
    places: true,
    expect: ofRestaurant(404, (who) => who !== "viewer"),
    url: (c) => `/api/restaurants/${c.guid}/alert-rules/987654321`,
    body: () => ({ kind: "late_share", level: 0, threshold: 10 }),
  },
  "DELETE /api/restaurants/[guid]/alert-rules/[id]": {
    places: true,
    expect: ofRestaurant(404, (who) => who !== "viewer"),
    url: (c) => `/api/restaurants/${c.guid}/alert-rules/987654321`,
  },
  // Its from and to are instants (default: the last 24 hours).
  "GET /api/restaurants/[guid]/alerts": { places: true, expect: ofRestaurant(200) },
  // Notes and markers (lib/annotations): managers and above write notes, each audited with its words.
  "GET /api/restaurants/[guid]/annotations": {
    places: true,
    expect: ofRestaurant(200),
    url: (c) => `/api/restaurants/${c.guid}/annotations?${RANGE}`,
  },
  "POST /api/restaurants/[guid]/annotations": {
    places: true,
    expect: ofRestaurant(201, (who) => who !== "viewer"),
    body: (c) => ({ date: DAY, text: `Matrix note ${c.n}` }),
    marker: (c) => `Matrix note ${c.n}`,
  },
  "PATCH /api/restaurants/[guid]/annotations/[id]": {
    places: true,
    expect: ofRestaurant(404, (who) => who !== "viewer"),
    url: (c) => `/api/restaurants/${c.guid}/annotations/987654321`,
    body: () => ({ text: "never written" }),
  },
  "DELETE /api/restaurants/[guid]/annotations/[id]": {
    places: true,
    expect: ofRestaurant(404, (who) => who !== "viewer"),
    url: (c) => `/api/restaurants/${c.guid}/annotations/987654321`,
  },
  "GET /api/restaurants/[guid]/config": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/config/[resource]": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/info": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/kitchen/annotations.csv": {
    places: true,
    expect: ofRestaurant(200),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/annotations.csv?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/channels": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/channels?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/channels.csv": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/channels.csv?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/capacity": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/capacity?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/capacity.csv": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/capacity.csv?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/coverage": {
    places: true,
    expect: ofRestaurant(200),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/coverage?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/fulfillments.csv": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/fulfillments.csv?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/history": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/kitchen/menu-load": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/menu-load?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/menu-load.csv": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/menu-load.csv?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/now": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/kitchen/quote": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/quote?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/quote.csv": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/quote.csv?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/summary": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/summary?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/summary.csv": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/summary.csv?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/kitchen/targets": { places: true, expect: ofRestaurant(200) },
  "PUT /api/restaurants/[guid]/kitchen/targets": {
    places: true,
    // Managers and above change their restaurants' own targets; a viewer reads them only.
    expect: ofRestaurant(200, (who) => who !== "viewer"),
    body: (c) => ({ tickets: [{ level: 1, seconds: seconds(c.n) }] }),
    marker: secondsMarker,
  },
  "GET /api/restaurants/[guid]/kitchen/tickets": {
    places: true,
    expect: ofRestaurant(KITCHEN_OK),
    url: (c) => `/api/restaurants/${c.guid}/kitchen/tickets?${RANGE}`,
  },
  "GET /api/restaurants/[guid]/menu": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/menu/items.csv": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/stations": { places: true, expect: ofRestaurant(200) },
  "GET /api/restaurants/[guid]/stations.csv": { places: true, expect: ofRestaurant(200) },
};

interface PageSpec {
  places?: true;
  /** Signed out is always the sign-in redirect (307), whatever this says. */
  expect: (cell: Cell) => Expected;
  /** Where a 307 goes, for a signed-in reader. */
  redirectsTo?: string;
}
const page =
  (ok: Expected) =>
  ({ who }: Cell): Expected =>
    who === "signed-out" ? 307 : ok;
/** The admin pages: anyone but an owner or admin gets the 404 of a page that is not there. */
const adminPage =
  (ok: Expected) =>
  ({ who }: Cell): Expected =>
    who === "signed-out" ? 307 : isAdmin(who) ? ok : 404;
const restaurantPage = ({ who, place }: Cell): Expected =>
  who === "signed-out" ? 307 : place === "own" ? 200 : 404;

/** Every page under app/(app), keyed by its URL template. */
const PAGES: Record<string, PageSpec> = {
  "/": { expect: page(200) },
  "/account": { expect: page(200) },
  "/items": { expect: page(200) },
  "/stations-matrix": { expect: page(200) },
  "/admin": { expect: adminPage(307), redirectsTo: "/admin/people" },
  "/admin/areas": { expect: adminPage(200) },
  "/admin/audit": { expect: adminPage(200) },
  "/admin/outbox": { expect: adminPage(200) },
  "/admin/people": { expect: adminPage(200) },
  "/admin/restaurants": { expect: adminPage(200) },
  // The group standard: every signed-in person reads it; owners and admins edit it.
  "/admin/targets": { expect: page(200) },
  // Without a date, the form that asks for one (a date's digest is GET /api/digests/preview's row).
  "/digests/preview": { expect: page(200) },
  "/restaurants/[guid]/alerts": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/config": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/config/[resource]": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/info": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/kitchen": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/kitchen/menu-load": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/kitchen/quote": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/kitchen/channels": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/kitchen/capacity": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/menu": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/stations": { places: true, expect: restaurantPage },
  "/restaurants/[guid]/targets": { places: true, expect: restaurantPage },
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesNamed(full, name);
    return entry.name === name ? [full] : [];
  });
}

/** A file's URL template: its folders under app/, route groups "(app)" dropped. */
function template(file: string): string {
  const parts = path
    .relative(path.join(ROOT, "app"), path.dirname(file))
    .split(path.sep)
    .filter((p) => p && !/^\(.*\)$/.test(p));
  return `/${parts.join("/")}`;
}

/** "METHOD /template" for every method each route file under app/api exports. */
function routesOnDisk(): string[] {
  return filesNamed(path.join(ROOT, "app/api"), "route.ts").flatMap((file) => {
    const source = readFileSync(file, "utf8");
    return METHODS.filter((m) =>
      new RegExp(`export\\s+(?:const|(?:async\\s+)?function)\\s+${m}\\b|\\bas\\s+${m}\\b`).test(source),
    ).map((m) => `${m} ${template(file)}`);
  });
}

const pagesOnDisk = () => filesNamed(path.join(ROOT, "app/(app)"), "page.tsx").map(template);

const fill = (tpl: string, guid: string | null) =>
  tpl.replace("[guid]", guid ?? "").replace("[resource]", "diningOptions");

/** The cells of a route: one per reader, and per place when it names a restaurant. */
function cellsOf(places: boolean | undefined, next: () => number): Cell[] {
  return WHO.flatMap((who): Cell[] =>
    places
      ? PLACES.map((place) => ({ who, place, guid: RESTAURANT_AT[who][place], n: next() }))
      : [{ who, place: null, guid: null, n: next() }],
  );
}

type Send = (url: string, init?: RequestInit) => Promise<Response>;

interface Answer {
  key: string;
  cell: Cell;
  status: number;
  body: string;
  location: string | null;
}

/** Runs `tasks` at most `limit` at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

const label = (a: { key: string; cell: Cell }) =>
  `${a.key} as ${a.cell.who}${a.cell.place ? ` (${a.cell.place} restaurant)` : ""}`;

const statusMatches = (expected: Expected, status: number) =>
  typeof expected === "number" ? status === expected : expected.includes(status);

/** The locations `who` may not see and the answer names (other than the GUID the request itself named). */
function leaksIn(answer: Answer, exempt: boolean): string[] {
  if (exempt) return [];
  const sees = new Set(SEES[answer.cell.who]);
  return EVERY_LOCATION.filter((r) => !sees.has(r.guid)).flatMap((r) => [
    ...(answer.body.includes(r.name) ? [r.name] : []),
    ...(r.guid !== answer.cell.guid && answer.body.toLowerCase().includes(r.guid) ? [r.guid] : []),
  ]);
}

let app: RunningServer;
const sessions = {} as Record<Role, Send>;
const signedOut: Send = (url, init) => fetch(`${app.origin}${url}`, { ...init, redirect: "manual" });
const sendAs = (who: Who): Send => (who === "signed-out" ? signedOut : sessions[who]);

/** A JSON request as the browser's forms send it (same origin: the app refuses a cross-site write). */
function jsonInit(method: string, body: unknown): RequestInit {
  return {
    method,
    headers: { "content-type": "application/json", origin: app.origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

async function asOwner<T>(url: string, method = "GET", body?: unknown): Promise<T> {
  const response = await sessions.owner(url, jsonInit(method, body));
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function ask(send: Send, key: string, spec: ApiSpec, cell: Cell): Promise<Answer> {
  const [method, tpl] = key.split(" ") as [string, string];
  const url = spec.url ? spec.url(cell) : fill(tpl, cell.guid);
  const response = await send(url, jsonInit(method, spec.body?.(cell)));
  return {
    key,
    cell,
    status: response.status,
    body: await response.text(),
    location: response.headers.get("location"),
  };
}

/** Everything an owner can read back that a write may have changed, as one text. */
async function everythingWritten(): Promise<string> {
  const audit = await asOwner<{ entries: unknown[] }>("/api/admin/audit");
  // The JSON answer keeps 500 entries: the matrix must stay under it for the read back to be whole.
  expect(audit.entries.length).toBeLessThan(500);
  const parts = await Promise.all([
    asOwner("/api/admin/people"),
    asOwner("/api/admin/areas"),
    asOwner("/api/admin/restaurants"),
    asOwner("/api/admin/targets"),
    ...[...ADDED, RIVERSIDE, UNKNOWN].map((guid) =>
      sessions.owner(`/api/restaurants/${guid}/kitchen/targets`).then((r) => r.text()),
    ),
  ]);
  return JSON.stringify([audit, ...parts]);
}

beforeAll(async () => {
  const distDir = productionBuild();
  if (!distDir) throw new Error("access-matrix: no production build; run `npx next build` first");
  app = await startApp({
    distDir,
    port: await freePort(),
    logFile: path.join(logs, "app.log"),
    env: {
      KITCHEN_BACKFILL_DAYS: "0",
      SANDBOX_RATE_LIMIT: "false",
      SANDBOX_EXPORT_LATENCY: "false",
      ADMIN_EMAIL: "",
      SMTP_URL: "",
    },
  });
  sessions.owner = await sessionOf(EMAIL.owner);
  for (const role of ["admin", "manager"] as const)
    await asOwner("/api/admin/people", "POST", {
      email: EMAIL[role],
      role,
      restaurants: role === "manager" ? [NORTHSIDE] : [],
      password: "kitchen-demo",
    });
  for (const role of ROLES) if (role !== "owner") sessions[role] = await sessionOf(EMAIL[role]);

  const area = (name: string) => asOwner<Area>("/api/admin/areas", "POST", { name, restaurants: [PIER9] });
  fixture.patchableArea = (await area("Patchable")).id;
  fixture.scratchArea = { owner: (await area("Scratch owner")).id, admin: (await area("Scratch admin")).id };
  fixture.patchablePerson = (
    await asOwner<Person>("/api/admin/people", "POST", { email: "patchable@matrix.test", role: "viewer" })
  ).id;
  const areas = (await asOwner<{ areas: Area[] }>("/api/admin/areas")).areas;
  fixture.harborMesaArea = areas.find((a) => a.name === "Harbor & Mesa")!.id;
}, 180_000);

/** A signed-in person's requests, through next-auth's own sign-in (their cookie jar). */
async function sessionOf(email: string): Promise<Send> {
  const session = await signIn(app.origin, email);
  return (url, init) => session.request(url, init);
}

afterAll(async () => {
  await app?.stop();
}, 30_000);

/**
 * The 404s of a foreign and an unknown restaurant, compared with the GUID the request named put
 * back to one placeholder, and the per-request parts left out (an API error's requestId, a page's
 * CSP nonce, in its HTML and in the RSC payload's escaped JSON).
 */
function sameNotFound(foreign: Answer, unknown: Answer): boolean {
  const plain = (a: Answer) => {
    let body = a.body.replaceAll(a.cell.guid!, "<guid>").replace(/"requestId":"[^"]*"/g, "");
    for (const [, nonce] of body.matchAll(/nonce(?:=|\\":\\)"([A-Za-z0-9+/=]+)/g))
      body = body.replaceAll(nonce!, "<nonce>");
    return body;
  };
  return foreign.status === unknown.status && plain(foreign) === plain(unknown);
}

/** What is wrong with the answers: status, leaks, and a foreign 404 unlike an unknown one. */
function problemsOf(answers: Answer[], expected: (a: Answer) => Expected, exempt: (a: Answer) => boolean) {
  const problems: string[] = [];
  for (const a of answers) {
    const want = expected(a);
    if (!statusMatches(want, a.status))
      problems.push(`${label(a)}: ${a.status}, expected ${String(want)}: ${a.body.slice(0, 200)}`);
    const leaks = leaksIn(a, exempt(a));
    if (leaks.length > 0) problems.push(`${label(a)}: the answer names ${leaks.join(", ")}`);
  }
  const byReader = new Map<string, Partial<Record<Place, Answer>>>();
  for (const a of answers.filter((x) => x.cell.place)) {
    const k = `${a.key}|${a.cell.who}`;
    byReader.set(k, { ...byReader.get(k), [a.cell.place!]: a });
  }
  for (const { foreign, unknown } of byReader.values())
    if (foreign && unknown && foreign.status === 404 && !sameNotFound(foreign, unknown))
      problems.push(`${label(foreign)}: its 404 differs from an unknown GUID's`);
  return problems;
}

describe("the access matrix over HTTP", () => {
  it("has a line for every API route and method and every page on disk, and none for what went", () => {
    expect(Object.keys(API).sort()).toEqual(routesOnDisk().sort());
    expect(Object.keys(PAGES).sort()).toEqual(pagesOnDisk().sort());
    // The table is not trivially empty: the restaurant routes and the admin API are all there.
    expect(Object.keys(API).filter((k) => k.includes("[guid]")).length).toBeGreaterThanOrEqual(15);
  });

  it("answers every API route × reader × restaurant as the table says, names no foreign restaurant, and a refused write leaves nothing", async () => {
    let n = 0;
    const runs = Object.entries(API)
      .filter(([, spec]) => !spec.endsSessions)
      .flatMap(([key, spec]) => cellsOf(spec.places, () => ++n).map((cell) => ({ key, spec, cell })));
    const answers = await pool(
      runs.map(
        ({ key, spec, cell }) =>
          () =>
            ask(sendAs(cell.who), key, spec, cell),
      ),
      4,
    );
    const specOf = (a: Answer) => API[a.key]!;
    expect(
      problemsOf(
        answers,
        (a) => specOf(a).expect(a.cell),
        (a) => isAdmin(a.cell.who) && specOf(a).adminSeesEverything === true,
      ),
    ).toEqual([]);

    // Every write that landed is found, and none that was refused.
    const written = await everythingWritten();
    const landed = (a: Answer) => a.status >= 200 && a.status < 300;
    const writes = answers.filter((a) => specOf(a).marker);
    expect(writes.filter(landed).length).toBeGreaterThan(10);
    expect(writes.filter((a) => !landed(a)).length).toBeGreaterThan(50);
    const misplaced = writes.filter((a) => written.includes(specOf(a).marker!(a.cell)) !== landed(a));
    expect(misplaced.map((a) => `${label(a)} (${a.status})`)).toEqual([]);
    // The refused deletes were of ana's area: it is still there, and so is what she sees.
    const areaIds = (await asOwner<{ areas: Area[] }>("/api/admin/areas")).areas.map((a) => a.id);
    expect(areaIds).toContain(fixture.harborMesaArea);
    expect(areaIds).not.toContain(fixture.scratchArea.owner);
    expect(areaIds).not.toContain(fixture.scratchArea.admin);
    const ana = await (await sessions.area_manager("/api/restaurants")).json();
    expect((ana as { restaurants: { guid: string }[] }).restaurants.map((r) => r.guid)).toEqual([
      HARBOR,
      MESA,
    ]);
    // Issue 36: the area manager's Overview groups only her area's restaurants, and her matrix has only their columns.
    const anaOverview = (await (
      await sessions.area_manager("/api/kitchen/overview?range=yesterday")
    ).json()) as KitchenOverview;
    // Areas the writes above made may hold Harbor too: each lists only what she sees.
    expect(
      anaOverview.areas!.find((a) => a.key === `area:${fixture.harborMesaArea}`)?.restaurantGuids,
    ).toEqual([HARBOR, MESA]);
    expect(new Set(anaOverview.areas!.flatMap((a) => a.restaurantGuids))).toEqual(new Set([HARBOR, MESA]));
    const anaMatrix = (await (
      await sessions.area_manager("/api/kitchen/stations-matrix?range=yesterday")
    ).json()) as KitchenStationsMatrix;
    expect(anaMatrix.columns.map((c) => c.restaurantGuid)).toEqual([HARBOR, MESA]);
  }, 120_000);

  it("answers every page × reader × restaurant as the table says (signed out: to sign-in), naming no foreign restaurant", async () => {
    let n = 0;
    const runs = Object.entries(PAGES).flatMap(([tpl, spec]) =>
      cellsOf(spec.places, () => ++n).map((cell) => ({ tpl, spec, cell })),
    );
    const answers = await pool(
      runs.map(({ tpl, cell }) => async (): Promise<Answer> => {
        const url = fill(tpl, cell.guid);
        const response = await sendAs(cell.who)(url);
        return {
          key: url === tpl ? tpl : `${tpl} ${url}`,
          cell,
          status: response.status,
          body: await response.text(),
          location: response.headers.get("location"),
        };
      }),
      4,
    );
    const tplOf = (a: Answer) => a.key.split(" ")[0]!;
    expect(
      problemsOf(
        answers.map((a) => ({ ...a, key: tplOf(a) })),
        (a) => PAGES[a.key]!.expect(a.cell),
        (a) => isAdmin(a.cell.who) && a.key.startsWith("/admin"),
      ),
    ).toEqual([]);
    const wrongWay = answers
      .filter((a) => a.status === 307)
      .filter((a) => {
        const url = fill(tplOf(a), a.cell.guid);
        const to = a.cell.who === "signed-out" ? signInPath(url) : PAGES[tplOf(a)]!.redirectsTo;
        return a.location !== to;
      });
    expect(wrongWay.map((a) => `${label(a)} → ${a.location}`)).toEqual([]);
    // The own restaurant's pages show it: the matrix could not pass by refusing everything.
    const own = answers.filter((a) => a.cell.place === "own" && a.cell.who !== "signed-out");
    const named = (a: Answer) => a.body.includes(world.restaurants.find((r) => r.guid === a.cell.guid)!.name);
    expect(own.filter((a) => !named(a)).map(label)).toEqual([]);
  }, 120_000);
});

/** A refused input: the answer's status, code and a message that names the field at fault. */
interface BadInput {
  route: string;
  what: string;
  url?: () => string;
  /** An object is sent as JSON, a string as it is. */
  body?: unknown;
  status: 400 | 404 | 409;
  code?: string;
  message: RegExp;
}

const MISSING_AREA = 999_999;
const person = () => `/api/admin/people/${fixture.patchablePerson}`;
const patchableArea = () => `/api/admin/areas/${fixture.patchableArea}`;
const OK_TICKETS = [{ level: 0, seconds: 61 }];

/**
 * Bad input on every admin write (and the targets form): each a 400 (409 for a restaurant added
 * already, 404 for an id that names nothing) whose message names the field, and nothing saved.
 */
const BAD_INPUT: BadInput[] = [
  {
    route: "POST /api/admin/invitations",
    what: "no body fields",
    body: {},
    status: 400,
    message: /email: .*; role: /,
  },
  {
    route: "POST /api/admin/invitations",
    what: "an unknown role",
    body: { email: "inv1@matrix.test", role: "chef" },
    status: 400,
    message: /^role: must be one of owner, admin/,
  },
  {
    route: "POST /api/admin/invitations",
    what: "a password (the invited person chooses it)",
    body: { email: "inv2@matrix.test", role: "viewer", password: "kitchen-demo-1" },
    status: 400,
    message: /password/,
  },
  {
    route: "POST /api/admin/invitations",
    what: "an area that does not exist",
    body: { email: "inv3@matrix.test", role: "manager", areas: [MISSING_AREA] },
    status: 400,
    message: new RegExp(`${MISSING_AREA}`),
  },
  {
    route: "POST /api/admin/invitations",
    what: "an e-mail already taken",
    body: { email: "Ben@kitchen.test", role: "viewer" },
    status: 400,
    message: /ben@kitchen\.test|already/i,
  },
  {
    route: "POST /api/admin/people/[id]/invitation",
    what: "an id that names nobody",
    url: () => "/api/admin/people/999999/invitation",
    status: 404,
    message: /No such person/,
  },
  {
    route: "POST /api/admin/people/[id]/invitation",
    what: "a person who has accepted",
    url: () => `${person()}/invitation`,
    status: 400,
    code: "not_invited",
    message: /has accepted already .*password reset/,
  },
  {
    route: "POST /api/admin/people",
    what: "no body fields",
    body: {},
    status: 400,
    message: /email: .*; role: /,
  },
  {
    route: "POST /api/admin/people",
    what: "not JSON",
    body: "{nope",
    status: 400,
    code: "invalid_json",
    message: /JSON: \{"email", "role"/,
  },
  {
    route: "POST /api/admin/people",
    what: "a list for a body",
    body: [],
    status: 400,
    message: /expected object/,
  },
  {
    route: "POST /api/admin/people",
    what: "a number for the e-mail",
    body: { email: 5, role: "viewer" },
    status: 400,
    message: /^email: /,
  },
  {
    route: "POST /api/admin/people",
    what: "a bad e-mail",
    body: { email: "not-an-address", role: "viewer" },
    status: 400,
    message: /^email: must be an e-mail address$/,
  },
  {
    route: "POST /api/admin/people",
    what: "an unknown role",
    body: { email: "x1@matrix.test", role: "chef" },
    status: 400,
    message: /^role: must be one of owner, admin/,
  },
  {
    route: "POST /api/admin/people",
    what: "an unknown key",
    body: { email: "x2@matrix.test", role: "viewer", colour: "red" },
    status: 400,
    message: /colour/,
  },
  {
    route: "POST /api/admin/people",
    what: "areas as a string",
    body: { email: "x3@matrix.test", role: "viewer", areas: "1" },
    status: 400,
    message: /^areas: /,
  },
  {
    route: "POST /api/admin/people",
    what: "a short password",
    body: { email: "x4@matrix.test", role: "viewer", password: "short" },
    status: 400,
    message: /^password: must be at least 10 characters$/,
  },
  {
    route: "POST /api/admin/people",
    what: "an unknown area id",
    body: { email: "x5@matrix.test", role: "manager", areas: [MISSING_AREA] },
    status: 400,
    code: "unknown_area",
    message: /area: 999999/,
  },
  {
    route: "POST /api/admin/people",
    what: "a restaurant that is not a GUID",
    body: { email: "x6@matrix.test", role: "viewer", restaurants: ["harbor"] },
    status: 400,
    message: /^restaurants\.0: must be a restaurant GUID/,
  },
  {
    route: "POST /api/admin/people",
    what: "an unknown restaurant GUID",
    body: { email: "x7@matrix.test", role: "viewer", restaurants: [UNKNOWN] },
    status: 400,
    code: "unknown_restaurant",
    message: new RegExp(`restaurant: ${UNKNOWN}`),
  },
  {
    route: "POST /api/admin/people",
    what: "a reachable location nobody added",
    body: { email: "x8@matrix.test", role: "viewer", restaurants: [RIVERSIDE] },
    status: 400,
    code: "unknown_restaurant",
    message: new RegExp(`restaurant: ${RIVERSIDE}`),
  },
  {
    route: "POST /api/admin/people",
    what: "someone's e-mail in another case",
    body: { email: " ANA@Kitchen.test ", role: "viewer" },
    status: 400,
    code: "email_taken",
    message: /ana@kitchen\.test is already someone's e-mail/,
  },
  // The person's row is written before the second area is found missing: the transaction takes it back.
  {
    route: "POST /api/admin/people",
    what: "one valid and one unknown area",
    body: { email: "half@matrix.test", role: "manager", areas: [0, MISSING_AREA] },
    status: 400,
    code: "unknown_area",
    message: /area: 999999$/,
  },
  {
    route: "POST /api/admin/people",
    what: "one valid and one unknown restaurant",
    body: { email: "half2@matrix.test", role: "manager", restaurants: [HARBOR, UNKNOWN] },
    status: 400,
    code: "unknown_restaurant",
    message: new RegExp(UNKNOWN),
  },
  {
    route: "PATCH /api/admin/people/[id]",
    what: "nothing to change",
    url: person,
    body: {},
    status: 400,
    message: /name at least one of name, role, areas, restaurants, active/,
  },
  {
    route: "PATCH /api/admin/people/[id]",
    what: "an unknown role",
    url: person,
    body: { role: "chef" },
    status: 400,
    message: /^role: /,
  },
  {
    route: "PATCH /api/admin/people/[id]",
    what: "active as a string",
    url: person,
    body: { active: "no" },
    status: 400,
    message: /^active: must be true or false$/,
  },
  {
    route: "PATCH /api/admin/people/[id]",
    what: "the e-mail, which cannot change",
    url: person,
    body: { email: "new@matrix.test" },
    status: 400,
    message: /email/,
  },
  // The role is updated before the areas are checked: the transaction takes it back.
  {
    route: "PATCH /api/admin/people/[id]",
    what: "a role with one valid and one unknown area",
    url: person,
    body: { role: "manager", areas: [0, MISSING_AREA] },
    status: 400,
    code: "unknown_area",
    message: /area: 999999$/,
  },
  {
    route: "PATCH /api/admin/people/[id]",
    what: "a name with one valid and one unknown restaurant",
    url: person,
    body: { name: "Half saved", restaurants: [HARBOR, UNKNOWN] },
    status: 400,
    code: "unknown_restaurant",
    message: new RegExp(UNKNOWN),
  },
  {
    route: "PATCH /api/admin/people/[id]",
    what: "an id nobody has",
    url: () => "/api/admin/people/999999",
    body: { role: "viewer" },
    status: 404,
    message: /No such person/,
  },
  {
    route: "PATCH /api/admin/people/[id]",
    what: "an id that is not a number",
    url: () => "/api/admin/people/abc",
    body: { role: "viewer" },
    status: 404,
    message: /Not found/,
  },
  { route: "POST /api/admin/areas", what: "no name", body: {}, status: 400, message: /^name: / },
  {
    route: "POST /api/admin/areas",
    what: "an empty name",
    body: { name: "  " },
    status: 400,
    message: /^name: must not be empty$/,
  },
  {
    route: "POST /api/admin/areas",
    what: "a name too long",
    body: { name: "n".repeat(201) },
    status: 400,
    message: /^name: must be at most 200 characters$/,
  },
  {
    route: "POST /api/admin/areas",
    what: "an unknown key",
    body: { name: "Colourful", colour: "red" },
    status: 400,
    message: /colour/,
  },
  {
    route: "POST /api/admin/areas",
    what: "another area's name",
    body: { name: "harbor & MESA" },
    status: 400,
    code: "area_name_taken",
    message: /An area named "harbor & MESA" exists already/,
  },
  {
    route: "POST /api/admin/areas",
    what: "restaurants as a string",
    body: { name: "Stringy", restaurants: HARBOR },
    status: 400,
    message: /^restaurants: /,
  },
  {
    route: "POST /api/admin/areas",
    what: "one added and one unknown restaurant",
    body: { name: "Half area", restaurants: [HARBOR, UNKNOWN] },
    status: 400,
    code: "unknown_restaurant",
    message: new RegExp(UNKNOWN),
  },
  {
    route: "PATCH /api/admin/areas/[id]",
    what: "nothing to change",
    url: patchableArea,
    body: {},
    status: 400,
    message: /name at least one of name, restaurants/,
  },
  {
    route: "PATCH /api/admin/areas/[id]",
    what: "another area's name",
    url: patchableArea,
    body: { name: "Harbor & Mesa" },
    status: 400,
    code: "area_name_taken",
    message: /exists already/,
  },
  // Renamed before the restaurants are checked: the transaction takes the name back.
  {
    route: "PATCH /api/admin/areas/[id]",
    what: "a new name with an unknown restaurant",
    url: patchableArea,
    body: { name: "Half renamed", restaurants: [PIER9, UNKNOWN] },
    status: 400,
    code: "unknown_restaurant",
    message: new RegExp(UNKNOWN),
  },
  {
    route: "PATCH /api/admin/areas/[id]",
    what: "an id nobody has",
    url: () => "/api/admin/areas/999999",
    body: { name: "Nowhere" },
    status: 404,
    message: /No such area/,
  },
  {
    route: "DELETE /api/admin/areas/[id]",
    what: "an id nobody has",
    url: () => "/api/admin/areas/999999",
    status: 404,
    message: /No such area/,
  },
  {
    route: "DELETE /api/admin/areas/[id]",
    what: "an id that is not a number",
    url: () => "/api/admin/areas/abc",
    status: 404,
    message: /Not found/,
  },
  { route: "POST /api/admin/restaurants", what: "no GUID", body: {}, status: 400, message: /^guid: / },
  {
    route: "POST /api/admin/restaurants",
    what: "a GUID that is not one",
    body: { guid: "harbor" },
    status: 400,
    message: /^guid: must be a restaurant GUID/,
  },
  {
    route: "POST /api/admin/restaurants",
    what: "a label too long",
    body: { guid: newGuid(999_001), label: "l".repeat(201) },
    status: 400,
    message: /^label: must be at most 200 characters$/,
  },
  {
    route: "POST /api/admin/restaurants",
    what: "an unknown key",
    body: { guid: newGuid(999_002), area: 1 },
    status: 400,
    message: /area/,
  },
  {
    route: "POST /api/admin/restaurants",
    what: "a restaurant added already",
    body: { guid: HARBOR.toUpperCase() },
    status: 409,
    code: "already_added",
    message: new RegExp(`${HARBOR} is added already`),
  },
  {
    route: "PUT /api/admin/targets",
    what: "no level",
    body: {},
    status: 400,
    message: /^targets: targets or tickets must name at least one level$/,
  },
  {
    route: "PUT /api/admin/targets",
    what: "level 3",
    body: { tickets: [{ level: 3, seconds: 60 }] },
    status: 400,
    message: /^tickets\.0\.level: level must be 0, 1 or 2$/,
  },
  {
    route: "PUT /api/admin/targets",
    what: "seconds as a string",
    body: { tickets: [{ level: 0, seconds: "60" }] },
    status: 400,
    message: /^tickets\.0\.seconds: seconds must be a whole number/,
  },
  {
    route: "PUT /api/admin/targets",
    what: "a misspelt key beside a good one",
    body: { tickets: OK_TICKETS, target: OK_TICKETS },
    status: 400,
    message: /target/,
  },
  {
    route: "PUT /api/admin/targets",
    what: "an unknown key in an entry",
    body: { tickets: [{ level: 0, seconds: 61, station: "x" }] },
    status: 400,
    message: /^tickets\.0: .*station/,
  },
  {
    route: "PUT /api/admin/targets",
    what: "a station target",
    body: { tickets: OK_TICKETS, stations: [{}] },
    status: 400,
    message: /^stations: the group standard has no station targets/,
  },
  {
    route: "PUT /api/admin/targets",
    what: "a date that is not one",
    body: { tickets: OK_TICKETS, effectiveFrom: "2020-01-01" },
    status: 400,
    message: /effectiveFrom must be a business date, YYYYMMDD/,
  },
  {
    route: "PUT /api/admin/targets",
    what: "a date in the past",
    body: { tickets: OK_TICKETS, effectiveFrom: "20200101" },
    status: 400,
    code: "effective_from_past",
    message: /effectiveFrom 20200101 is before/,
  },
  {
    route: "PUT /api/restaurants/[guid]/kitchen/targets",
    what: "a misspelt key beside a good one",
    url: () => `/api/restaurants/${HARBOR}/kitchen/targets`,
    body: { tickets: OK_TICKETS, ticket: OK_TICKETS },
    status: 400,
    message: /ticket/,
  },
  {
    route: "PUT /api/restaurants/[guid]/kitchen/targets",
    what: "a station of no restaurant beside a good level",
    url: () => `/api/restaurants/${HARBOR}/kitchen/targets`,
    body: { tickets: OK_TICKETS, stations: [{ stationGuid: "no-such-station", level: 0, seconds: 60 }] },
    status: 400,
    code: "unknown_station",
    message: /stationGuid no-such-station is not a prep station/,
  },
  {
    route: "GET /api/admin/audit",
    what: "a from that is not a date",
    url: () => "/api/admin/audit?from=yesterday",
    status: 400,
    message: /^from: must be a date/,
  },
  {
    route: "GET /api/admin/audit.csv",
    what: "to before from",
    url: () => "/api/admin/audit.csv?from=2025-02-01&to=2025-01-01",
    status: 400,
    message: /^from: from must not be after to$/,
  },
];

describe("bad input on the admin API over HTTP", () => {
  it("covers every admin write and the targets form", () => {
    const writes = Object.keys(API).filter((k) => k.includes("/api/admin/") && !k.startsWith("GET "));
    const covered = new Set(BAD_INPUT.map((c) => c.route));
    expect(writes.filter((k) => !covered.has(k))).toEqual([]);
  });

  it("answers each with its status and a message naming the field, and saves nothing of any", async () => {
    // The cases' area id 0 stands for an area that exists: ana's.
    const withArea = (body: unknown): unknown =>
      JSON.parse(
        JSON.stringify(body ?? null).replaceAll('"areas":[0,', `"areas":[${fixture.harborMesaArea},`),
      );
    const before = await everythingWritten();
    const wrong: string[] = [];
    for (const c of BAD_INPUT) {
      const [method, tpl] = c.route.split(" ") as [string, string];
      const body =
        c.body === undefined
          ? undefined
          : typeof c.body === "string"
            ? c.body
            : JSON.stringify(withArea(c.body));
      const response = await sessions.owner(c.url ? c.url() : tpl, {
        method,
        headers: { "content-type": "application/json", origin: app.origin },
        ...(body === undefined ? {} : { body }),
      });
      const answer = (await response.json()) as { error?: { status: number; code: string; message: string } };
      const ok =
        response.status === c.status &&
        answer.error?.status === c.status &&
        (c.code === undefined || answer.error.code === c.code) &&
        c.message.test(answer.error?.message ?? "");
      if (!ok) wrong.push(`${c.route}, ${c.what}: ${response.status} ${JSON.stringify(answer)}`);
    }
    expect(wrong).toEqual([]);
    // Nothing of any refused write: the people, areas, restaurants, targets and audit log as before.
    expect(await everythingWritten()).toBe(before);
    expect(before).not.toMatch(/half@matrix|half2@matrix|Half saved|Half renamed|Half area/);
  }, 60_000);
});

describe("the routes that end sessions, last", () => {
  it("next-auth's routes answer a JSON body that is not JSON with a 400, not a 500", async () => {
    for (const body of ["", "{nope"]) {
      const response = await signedOut("/api/auth/_log", {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.origin },
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_json");
    }
  });

  it("DELETE /api/account/sessions: 401 signed out; for every role it ends all of that person's sessions", async () => {
    const spec = API["DELETE /api/account/sessions"]!;
    const out = await ask(signedOut, "DELETE /api/account/sessions", spec, {
      who: "signed-out",
      place: null,
      guid: null,
      n: 0,
    });
    expect(out.status).toBe(401);
    for (const role of ROLES) {
      // A second session of the same person: "everywhere" ends it and the one the matrix used.
      const own = await sessionOf(EMAIL[role]);
      const answer = await ask(own, "DELETE /api/account/sessions", spec, {
        who: role,
        place: null,
        guid: null,
        n: 0,
      });
      expect([answer.status, JSON.parse(answer.body)], role).toEqual([200, { ended: 2 }]);
      expect((await sessions[role]("/api/account/sessions")).status, role).toBe(401);
      expect((await own("/api/account/sessions")).status, role).toBe(401);
    }
  });
});
