import { mkdtempSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { decodeItemStations, type KitchenItemStationsWire } from "@/lib/kitchen/contract/item-columns";
import type { ItemStationFigures } from "@/lib/kitchen/contract/responses";
import { sectionOf, SUMMARY_SECTIONS, type KitchenSectionWires } from "@/lib/kitchen/contract/sections";
import { readyValue } from "@/lib/kitchen/present/range-progress";
import { decodeSection } from "@/lib/queries/kitchen";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { setAppEnv } from "../support/app-env";
import { FAST_SANDBOX } from "./contract-harness";

/**
 * Every route under /api/restaurants/[guid], found on disk (a new route is covered without
 * touching this file), called as Next calls it: 401 without a session, 404 for a restaurant the
 * account may not see and for one that does not exist, before any Platform call or input parsing.
 *
 * How a route gets a session here: next-auth reads its cookie through next/headers, which exists
 * only inside Next's request scope, so neither a real cookie (next-auth/jwt `encode`) nor any
 * other request header can reach it from a test. lib/auth/session.ts therefore takes a test-only
 * reader of "who next-auth says is signed in" (set through a function, never the environment);
 * the rest of the chain — the accounts file, the access rule, the wrapper — runs for real.
 */
const ROUTES_DIR = path.resolve(__dirname, "../../app/api/restaurants/[guid]");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const world = defaultWorld();
const guidOf = (name: string) => world.restaurants.find((r) => r.name === name)!.guid;
const HARBOR = guidOf("Harbor Street Kitchen"); // ana's, not ben's
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

interface RouteCase {
  /** e.g. kitchen/summary.csv */
  route: string;
  method: (typeof METHODS)[number];
  handler: Handler;
  /** Dynamic segments after [guid], e.g. ["resource"]. */
  segments: string[];
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

async function discoverRoutes(): Promise<RouteCase[]> {
  const cases: RouteCase[] = [];
  for (const file of routeFiles(ROUTES_DIR).sort()) {
    const route = path.relative(ROUTES_DIR, path.dirname(file)).split(path.sep).join("/");
    const routeModule = (await import(file)) as Record<string, unknown>;
    const segments = [...route.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
    for (const method of METHODS) {
      if (typeof routeModule[method] === "function")
        cases.push({ route, method, handler: routeModule[method] as Handler, segments });
    }
  }
  return cases;
}

/** Calls a route as Next does: the URL, and the params (a Promise, as in Next 15+). */
function call(c: RouteCase, guid: string, init: { query?: string; body?: string } = {}): Promise<Response> {
  // Other dynamic segments get a real value, so a 404 cannot come from them instead of the GUID.
  const params: Record<string, string> = { guid, ...Object.fromEntries(c.segments.map((s) => [s, "menus"])) };
  const pathname = `/api/restaurants/${guid}/${c.route.replace(/\[([^\]]+)\]/g, (_, s: string) => params[s]!)}`;
  const hasBody = c.method !== "GET" && c.method !== "HEAD";
  const request = new Request(`http://localhost${pathname}${init.query ?? ""}`, {
    method: c.method,
    ...(hasBody ? { body: init.body ?? "{}", headers: { "Content-Type": "application/json" } } : {}),
  });
  return c.handler(request, { params: Promise.resolve(params) });
}

function signIn(email: string | null): void {
  setServerSessionReaderForTests(async () =>
    email ? { user: { email, name: null }, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  );
}

/** Cleared and set for the file besides the Platform target (test/support/app-env.ts). */
const VARS = [
  "ACCOUNTS_FILE",
  "SANDBOX_ENABLED",
  "DATA_DIR",
  "DATABASE_URL",
  "KITCHEN_RAW_RETENTION_DAYS",
] as const;
let restoreEnv: (() => void) | undefined;
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
// The process's kitchen store (lib/kitchen/service/server.ts), empty at the start of this file.
const dataDir = mkdtempSync(path.join(tmpdir(), "kp-api-routes-"));

function usePlatform(baseUrl: string): void {
  // The sandbox's dates here are from 2025, older than the default raw retention (400 days): keep
  // every raw record so fulfillments.csv answers like the other routes (retention has its own tests).
  restoreEnv = setAppEnv(VARS, {
    PLATFORM_BASE_URL: baseUrl,
    PLATFORM_CLIENT_ID: partner.clientId,
    PLATFORM_CLIENT_SECRET: partner.clientSecret,
    DATA_DIR: dataDir,
    KITCHEN_RAW_RETENTION_DAYS: "0",
  });
}

afterAll(() => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
});

const routes = await discoverRoutes();

describe("every /api/restaurants/[guid] route refuses before the Platform is asked", () => {
  // A Platform that only records: any request reaching it is a failure of the rule under test.
  const platformHits: string[] = [];
  let recorder: Server;

  beforeAll(async () => {
    recorder = createServer((req, res) => {
      platformHits.push(`${req.method} ${req.url}`);
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
    usePlatform(`http://127.0.0.1:${(recorder.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => recorder.close(() => resolve()));
  });

  it("finds every route on disk with at least one method, the kitchen's PUT among them", () => {
    const names = routes.map((c) => `${c.method} ${c.route}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET info",
        "GET config/[resource]",
        "GET stations.csv",
        "GET kitchen/summary",
        "PUT kitchen/targets",
      ]),
    );
    expect(new Set(routes.map((c) => c.route)).size).toBe(routeFiles(ROUTES_DIR).length);
    expect(routes.length).toBeGreaterThanOrEqual(14);
  });

  const cases = routes.map((c) => [`${c.method} ${c.route}`, c] as const);

  it.each(cases)("%s: 401 without a session", async (_, c) => {
    signIn(null);
    const response = await call(c, HARBOR);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { status: 401, code: "unauthenticated", message: "Sign in to use this API" },
    });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each(cases)("%s: 401 for a session whose account was removed from the accounts file", async (_, c) => {
    signIn("gone@kitchen.test");
    expect((await call(c, HARBOR)).status).toBe(401);
  });

  it.each(cases)("%s: 404 for a restaurant of another account, as for an unknown one", async (_, c) => {
    const notFound = { error: { status: 404, code: "not_found", message: "No such restaurant" } };
    signIn("ben@kitchen.test");
    // A query and a body the route would refuse: the 404 must come first and say nothing else.
    const foreign = await call(c, HARBOR, { query: "?from=nope&lastModified=nope", body: "{nope" });
    expect([foreign.status, await foreign.json()]).toEqual([404, notFound]);
    signIn("admin@kitchen.test");
    const unknown = await call(c, UNKNOWN, { query: "?from=nope&lastModified=nope", body: "{nope" });
    expect([unknown.status, await unknown.json()]).toEqual([404, notFound]);
    expect(platformHits).toEqual([]);
  });
});

describe("routes of a permitted restaurant, with the sandbox as the Platform", () => {
  let sandbox: SandboxServer;
  const route = (name: string, method = "GET") => {
    const found = routes.find((c) => c.route === name && c.method === method);
    if (!found) throw new Error(`no route ${method} ${name}`);
    return found;
  };
  const errorOf = async (response: Response) => [
    response.status,
    ((await response.json()) as { error: unknown }).error,
  ];

  beforeAll(async () => {
    // Every kitchen export takes 3 s before its first byte: longer than a request waits for its dates.
    sandbox = await startSandboxServer({
      ...FAST_SANDBOX,
      exportLatency: { baseMs: 3_000, perRecordMs: 0, maxMs: 3_000 },
      port: 0,
    });
    usePlatform(sandbox.url);
    signIn("ana@kitchen.test");
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it("keeps one URL per download: ?format=csv answers 308 to the .csv route, with the rest of the query", async () => {
    const stations = await call(route("stations"), HARBOR, { query: "?format=csv" });
    expect(stations.status).toBe(308);
    expect(stations.headers.get("location")).toBe(`/api/restaurants/${HARBOR}/stations.csv`);

    const config = await call(route("config/[resource]"), HARBOR, {
      query: "?format=csv&lastModified=2024-05-01T09%3A30%3A00.000Z",
    });
    expect(config.status).toBe(308);
    expect(config.headers.get("location")).toBe(
      `/api/restaurants/${HARBOR}/config/menus.csv?lastModified=2024-05-01T09%3A30%3A00.000Z`,
    );
    expect(config.headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves the .csv routes through the one CSV response: UTF-8 with a byte-order mark, named for the restaurant", async () => {
    const stations = await call(route("stations.csv"), HARBOR);
    expect(stations.status).toBe(200);
    expect(stations.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(stations.headers.get("content-disposition")).toBe(
      'attachment; filename="harbor-street-kitchen_prep-stations.csv"',
    );
    expect(stations.headers.get("cache-control")).toBe("private, no-store");
    expect([...new Uint8Array(await stations.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const menus = route("config/[resource]");
    const csv = await menus.handler(
      new Request(`http://localhost/api/restaurants/${HARBOR}/config/menus.csv`),
      {
        params: Promise.resolve({ guid: HARBOR, resource: "menus.csv" }),
      },
    );
    expect(csv.headers.get("content-disposition")).toBe(
      'attachment; filename="harbor-street-kitchen_menus.csv"',
    );
  });

  it("answers the configuration's query errors as before", async () => {
    const config = route("config/[resource]");
    expect(await errorOf(await call(config, HARBOR, { query: "?lastModified=yesterday" }))).toEqual([
      400,
      {
        status: 400,
        code: "invalid_last_modified",
        message: "lastModified must be an ISO-8601 date-time with a zone, such as 2024-05-01T09:30:00.000Z",
      },
    ]);
    const tip = await config.handler(
      new Request(
        `http://localhost/api/restaurants/${HARBOR}/config/tipWithholding?lastModified=2024-05-01T09:30:00Z`,
      ),
      {
        params: Promise.resolve({ guid: HARBOR, resource: "tipWithholding" }),
      },
    );
    expect(await errorOf(tip)).toEqual([
      400,
      {
        status: 400,
        code: "invalid_last_modified",
        message: "tipWithholding is a single object and takes no lastModified filter",
      },
    ]);
    const unknown = await config.handler(
      new Request(`http://localhost/api/restaurants/${HARBOR}/config/nope`),
      {
        params: Promise.resolve({ guid: HARBOR, resource: "nope" }),
      },
    );
    expect(await errorOf(unknown)).toEqual([
      404,
      { status: 404, code: "unknown_resource", message: 'No configuration resource named "nope"' },
    ]);
  });

  it("refuses a kitchen query and a targets body with a 400 naming the problem, before the kitchen is touched", async () => {
    const [status, error] = await errorOf(
      await call(route("kitchen/summary"), HARBOR, { query: "?from=2025-03-01&to=20250302" }),
    );
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/^from: .*YYYYMMDD/),
    });
    for (const name of ["kitchen/summary", "kitchen/summary.csv", "kitchen/tickets"]) {
      expect(
        await errorOf(await call(route(name), HARBOR, { query: "?from=20250301&to=20250302&stuck=maybe" })),
        name,
      ).toEqual([
        400,
        expect.objectContaining({
          code: "invalid_request",
          message: expect.stringMatching(/stuck must be one of exclude, include/),
        }),
      ]);
    }

    const put = async (body: string) =>
      errorOf(await call(route("kitchen/targets", "PUT"), HARBOR, { body }));
    expect(await put(JSON.stringify({ targets: [{ level: 0, seconds: 0 }] }))).toEqual([
      400,
      expect.objectContaining({
        message: expect.stringMatching(/seconds must be a whole number from 1 to 86400/),
      }),
    ]);
    expect(await put(JSON.stringify({ targets: [{ level: 3, seconds: 60 }] }))).toEqual([
      400,
      expect.objectContaining({ message: expect.stringMatching(/level must be 0, 1 or 2/) }),
    ]);
    expect(
      await put(
        JSON.stringify({
          targets: [
            { level: 1, seconds: 60 },
            { level: 1, seconds: 90 },
          ],
        }),
      ),
    ).toEqual([400, expect.objectContaining({ message: expect.stringMatching(/only once/) })]);
    expect(await put(JSON.stringify({ targets: [] }))).toEqual([
      400,
      expect.objectContaining({ code: "invalid_request" }),
    ]);
    expect(await put("{nope")).toEqual([
      400,
      {
        status: 400,
        code: "invalid_json",
        message:
          "The body must be JSON: { effectiveFrom?: YYYYMMDD, targets?: [{ level, seconds }], tickets?: [{ level, seconds }], stations?: [{ stationGuid, level, seconds }] }",
      },
    ]);
    // Station targets: a GUID (not the "(none)" of records without a station), each station and level once.
    expect(
      await put(JSON.stringify({ stations: [{ stationGuid: "(none)", level: 0, seconds: 60 }] })),
    ).toEqual([
      400,
      expect.objectContaining({ message: expect.stringMatching(/stationGuid must be a station's GUID/) }),
    ]);
    expect(await put(JSON.stringify({ stations: [{ stationGuid: "", level: 0, seconds: 60 }] }))).toEqual([
      400,
      expect.objectContaining({ message: expect.stringMatching(/stationGuid must be a station's GUID/) }),
    ]);
    expect(await put(JSON.stringify({ stations: [{ stationGuid: "a", level: "1", seconds: 60 }] }))).toEqual([
      400,
      expect.objectContaining({ message: expect.stringMatching(/level must be 0, 1 or 2/) }),
    ]);
    expect(
      await put(JSON.stringify({ stations: [{ stationGuid: "a", level: 1, seconds: 86_401 }] })),
    ).toEqual([
      400,
      expect.objectContaining({
        message: expect.stringMatching(/seconds must be a whole number from 1 to 86400/),
      }),
    ]);
    expect(
      await put(
        JSON.stringify({
          stations: [
            { stationGuid: "a", level: 1, seconds: 60 },
            { stationGuid: "a", level: 1, seconds: null },
          ],
        }),
      ),
    ).toEqual([
      400,
      expect.objectContaining({
        message: expect.stringMatching(/each station and level may appear only once/),
      }),
    ]);
    expect(await put(JSON.stringify({ stations: [] }))).toEqual([
      400,
      expect.objectContaining({ message: expect.stringMatching(/at least one level, station or channel/) }),
    ]);
  });

  it("answers a kitchen range still being fetched with 202, its coverage and Retry-After, on the JSON and CSV routes alike, then 200 once every date is in", async () => {
    const range = { from: "20250310", to: "20250312" };
    const query = `?from=${range.from}&to=${range.to}`;
    // The store only (and the first use of the process's database, opened and migrated here).
    const coverage = await call(route("kitchen/coverage"), HARBOR, { query });
    expect([coverage.status, await coverage.json()]).toEqual([
      200,
      expect.objectContaining({ total: 3, pending: 3 }),
    ]);

    for (const name of [
      "kitchen/summary",
      "kitchen/tickets",
      "kitchen/summary.csv",
      "kitchen/fulfillments.csv",
    ]) {
      const started = Date.now();
      const response = await call(route(name), HARBOR, { query });
      expect(Date.now() - started, name).toBeLessThan(10_000);
      expect(response.status, name).toBe(202);
      expect(response.headers.get("retry-after"), name).toBe("1");
      expect(response.headers.get("content-type"), name).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control"), name).toBe("private, no-store");
      const body = (await response.json()) as Record<string, unknown>;
      expect(body, name).toMatchObject({
        status: "pending",
        restaurantGuid: HARBOR,
        ...range,
        total: 3,
        pending: expect.any(Number),
      });
      expect(body.message, name).toMatch(/of 3 business dates ready/);
    }

    // The fetch went on without anyone waiting: asked again, the routes answer in full.
    let summary: Response;
    do {
      await new Promise((resolve) => setTimeout(resolve, 500));
      summary = await call(route("kitchen/summary"), HARBOR, { query });
    } while (summary.status === 202);
    expect(summary.status).toBe(200);
    const whole = (await summary.json()) as Record<string, unknown> & {
      coverage: { complete: string[] };
      dayParts: { weekdayHours: unknown[] };
    };
    expect(whole.coverage.complete).toEqual(["20250310", "20250311", "20250312"]);
    const tables = [
      "items",
      "itemStations",
      "hours",
      "hourStations",
      "days",
      "behaviors",
      "sources",
      "courses",
      "ticketHours",
      "ticketDays",
    ];
    for (const name of [...tables, "levels", "withinTarget", "tickets", "stations"])
      expect((whole[name] as unknown[]).length, name).toBeGreaterThan(0);
    expect(whole.dayParts.weekdayHours.length).toBeGreaterThan(0);
    // section=: each section alone, byte for byte the whole's fields it names once decoded as the
    // browser decodes it (contract/sections.ts; the items come as columns, contract/item-columns.ts).
    for (const section of SUMMARY_SECTIONS) {
      const answer = await call(route("kitchen/summary"), HARBOR, { query: `${query}&section=${section}` });
      expect(answer.status, section).toBe(200);
      const sent = {
        ready: true as const,
        value: (await answer.json()) as KitchenSectionWires[typeof section],
      };
      expect(JSON.stringify(readyValue(decodeSection(section, sent))), section).toBe(
        JSON.stringify(sectionOf(whole as never, section)),
      );
    }
    // The items' item × station rows, a level at a time; the level is required there and refused elsewhere.
    const itemStations = whole.itemStations as ItemStationFigures[];
    for (const level of [0, 1, 2] as const) {
      const answer = await call(route("kitchen/summary"), HARBOR, {
        query: `${query}&section=itemStations&itemLevel=${level}`,
      });
      expect(answer.status, `itemLevel=${level}`).toBe(200);
      const decoded = decodeItemStations((await answer.json()) as KitchenItemStationsWire);
      expect(decoded.itemStations).toEqual(itemStations.filter((r) => r.level === level));
    }
    for (const bad of [
      "section=itemStations",
      "section=itemStations&itemLevel=3",
      "section=items&itemLevel=1",
    ])
      expect(
        await errorOf(await call(route("kitchen/summary"), HARBOR, { query: `${query}&${bad}` })),
        bad,
      ).toEqual([
        400,
        expect.objectContaining({ code: "invalid_request", message: expect.stringMatching(/itemLevel/) }),
      ]);
    expect(
      await errorOf(await call(route("kitchen/summary"), HARBOR, { query: `${query}&section=tables` })),
    ).toEqual([
      400,
      expect.objectContaining({
        code: "invalid_request",
        message: expect.stringMatching(
          /section must be one of figures, stations, tickets, items, hours, trend, itemStations/,
        ),
      }),
    ]);
    const csv = await call(route("kitchen/summary.csv"), HARBOR, { query });
    expect([csv.status, csv.headers.get("content-type")]).toEqual([200, "text/csv; charset=utf-8"]);
    // Items left on screen: left out and counted by default, counted in the figures with stuck=include.
    const stuck = whole.stuck as { maxMinutes: number; records: number; included: boolean };
    expect(stuck).toEqual({ maxMinutes: 240, records: expect.any(Number), included: false });
    const included = (await (
      await call(route("kitchen/summary"), HARBOR, { query: `${query}&stuck=include` })
    ).json()) as { stuck: unknown };
    expect(included.stuck).toEqual({ ...stuck, included: true });
  }, 60_000);
});
