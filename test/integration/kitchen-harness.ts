import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { parse } from "csv-parse/sync";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import type { z } from "zod";

import { parseRouteInput } from "@/lib/api/route-input";
import type { Database } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrations";
import { pgliteDatabase } from "@/lib/db/pglite-database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { kitchenRecordsSchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import { fulfillmentsCsv } from "@/lib/kitchen/query/kitchen-csv";
import {
  createKitchenService,
  type KitchenRestaurant,
  type KitchenService,
  type KitchenServiceConfig,
} from "@/lib/kitchen/service/kitchen-service";
import type { OverviewRestaurant } from "@/lib/kitchen/service/overview";
import { createPlatformClient, type FetchLike } from "@/lib/platform";
import { ITEM_FULFILLMENT_FIELDS } from "@/lib/platform/schemas";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * Shared pieces of the kitchen integration tests: a fresh database of either kind (PGlite in
 * memory, or a new database on the suite's PostgreSQL), the sandbox over real HTTP, and the real
 * Platform client pointed at it with a fetch that counts (and, on demand, sabotages) requests.
 */
export const STORE_KINDS = ["pglite", "postgres"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export interface TestDatabase {
  db: Database;
  /** For a second "instance" on the same PostgreSQL database. */
  url: string | null;
  drop(): Promise<void>;
}

/** The global setup's dump (40 MB), read once per test file; every PGlite test loads a copy of it. */
let pgliteTemplate: Promise<Blob> | undefined;

export async function openTestDatabase(kind: StoreKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    // A copy of the migrated database the global setup dumped: the same schema `migrate` gives,
    // without initdb's seconds per test.
    pgliteTemplate ??= readFile(inject("pgliteTemplate")).then((bytes) => new Blob([bytes]));
    const db = pgliteDatabase(await PGlite.create({ loadDataDir: await pgliteTemplate }));
    return { db, url: null, drop: () => db.close() };
  }
  const serverUrl = inject("postgresUrl");
  const name = `kp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgresDatabase(url.toString());
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const world = defaultWorld();
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;

export function worldRestaurant(name: string): KitchenRestaurant {
  const r = world.restaurants.find((x) => x.name === name);
  if (!r) throw new Error(`no restaurant ${name} in world.json`);
  return {
    guid: r.guid,
    name: r.name,
    timeZone: r.timeZone,
    closeoutHour: r.closeoutHour,
    firstBusinessDate: String(r.firstBusinessDate),
  };
}

/** A restaurant of world.json as the Overview and the items matrix list it. */
export function overviewRestaurant(name: string, kitchenEntitled?: boolean): OverviewRestaurant {
  const r = world.restaurants.find((x) => x.name === name);
  if (!r) throw new Error(`no restaurant ${name} in world.json`);
  return {
    guid: r.guid,
    name: r.name,
    timeZone: r.timeZone,
    closeoutHour: r.closeoutHour,
    locationName: r.locationName ?? r.name,
    archived: r.archived,
    kitchenEntitled,
  };
}

/** A fixed clock both sides agree on: 2025-03-20 12:00 in New York. Early March is closed everywhere. */
export const NOW = Date.parse("2025-03-20T16:00:00Z");

/**
 * 1 March 2025, noon in New York: before every range the tests ask. Targets are in force from the
 * business date they are changed on (lib/kitchen/contract/target-versions.ts), so a test that wants
 * its ranges judged by a target changes it then (`asOf`).
 */
export const BEFORE_THE_RANGES = Date.parse("2025-03-01T17:00:00Z");

/** Runs `fn` with the clock at `instant`, then sets it back: a change made at that instant. */
export async function asOf<T>(clock: { now: number }, instant: number, fn: () => Promise<T>): Promise<T> {
  const was = clock.now;
  clock.now = instant;
  try {
    return await fn();
  } finally {
    clock.now = was;
  }
}

export interface UpstreamLog {
  /** businessDate of every itemFulfillments request sent (retries included). */
  fulfillmentRequests: string[];
  /** businessDate of every itemFulfillments attempt sent, answered or not. */
  sentRequests: string[];
  /**
   * Per date, what every itemFulfillments attempt of it gets: a Sandbox-Fault header value
   * ("truncated", "500"...), or "malformed" for a 200 whose body breaks the contract.
   */
  faults: Map<string, string>;
}

export async function startSandbox(clock: { now: number }): Promise<SandboxServer> {
  // No busy-day export wait: these tests fetch hundreds of days. Rate limits stay on, as upstream.
  // faultHeaders: UpstreamLog.faults travel as Sandbox-Fault headers.
  return startSandboxServer({ port: 0, now: () => clock.now, exportLatency: false, faultHeaders: true });
}

export function sandboxClient(
  baseUrl: string,
  log: UpstreamLog,
  opts: { maxRetries?: number; timeoutMs?: number } = {},
) {
  const counting: FetchLike = async (input, init) => {
    const url = new URL(input);
    if (!url.pathname.endsWith("/export/itemFulfillments")) return fetch(input, init);
    const date = url.searchParams.get("businessDate") ?? "";
    log.sentRequests.push(date);
    const fault = log.faults.get(date);
    let response: Response;
    if (fault === "malformed") {
      // Not an export at all: the records are read one by one, but the body must be an array.
      const body = JSON.stringify({ restaurantGuid: "x", orderGuid: 7, itemFulfillmentLevel: "zero" });
      response = new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
    } else if (fault) {
      const headers = new Headers(init.headers);
      headers.set("Sandbox-Fault", fault);
      response = await fetch(input, { ...init, headers });
    } else {
      response = await fetch(input, init);
    }
    // A 401 is the sandbox's clock (moved by the test) expiring the token; the client logs in
    // again and repeats the request. Only the attempts that reached the data count.
    if (response.status !== 401) log.fulfillmentRequests.push(date);
    return response;
  };
  return createPlatformClient({
    baseUrl,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    fetch: counting,
    maxRetries: opts.maxRetries ?? 1,
    // The export has a timeout of its own (300 s by default); a test's timeout covers both.
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs, kitchenTimeoutMs: opts.timeoutMs } : {}),
    initialRetryDelayMs: 5,
    maxRetryDelayMs: 20,
  });
}

/**
 * The real client over the sandbox whose first export of `date` leaves out the records fulfilled
 * from `cutoff` on, as an export read before late devices synced would (the Platform revises it
 * afterwards); `onExport` hears the business date of every export asked.
 */
export function revisingClient(
  baseUrl: string,
  { date, cutoff, onExport }: { date: string; cutoff: number; onExport?: (date: string) => void },
) {
  let reads = 0;
  const revising: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input);
    if (!url.pathname.endsWith("/export/itemFulfillments")) return response;
    const asked = url.searchParams.get("businessDate") ?? "";
    onExport?.(asked);
    if (asked !== date || reads++ > 0 || response.status !== 200) return response;
    const records = (await response.json()) as { itemFulfilledAt?: string | null }[];
    const early = records.filter((r) => !r.itemFulfilledAt || Date.parse(r.itemFulfilledAt) < cutoff);
    // A first read that lacks nothing would leave nothing for the re-read to revise.
    expect(early.length).toBeLessThan(records.length);
    return new Response(JSON.stringify(early), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  };
  return createPlatformClient({
    baseUrl,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    fetch: revising,
    maxRetries: 1,
    initialRetryDelayMs: 5,
    maxRetryDelayMs: 20,
  });
}

/**
 * How long the pipeline's tests let a request wait for its fetches: longer than any of them takes,
 * so a request answers with the whole range as before the 202 existed and the tests keep asserting
 * what was fetched and stored. kitchen-not-ready.test.ts tests the short wait and the 202.
 */
export const WAIT_FOR_FETCHES_MS = 600_000;

export const TEST_CONFIG: KitchenServiceConfig = {
  closeGraceMinutes: 120,
  openRefreshSeconds: 180,
  notEntitledRetryHours: 24,
  maxRangeDays: 366,
  fetchConcurrency: 4,
  failedRetrySeconds: 0,
  readyWaitMs: WAIT_FOR_FETCHES_MS,
};

/** The answer of a range the test expects ready; a 202 ("not ready") fails the test with its coverage. */
export async function ready<T>(answer: Promise<RangeAnswer<T>>): Promise<T> {
  const a = await answer;
  if (!a.ready)
    throw new Error(
      `the range is not ready: ${a.pending.message} ${JSON.stringify(a.pending.dates.filter((d) => d.status === "pending"))}`,
    );
  return a.value;
}

export function newLog(): UpstreamLog {
  return { fulfillmentRequests: [], sentRequests: [], faults: new Map() };
}

export function kitchenService(
  db: Database,
  baseUrl: string,
  log: UpstreamLog,
  clock: { now: number },
  config: Partial<KitchenServiceConfig> = {},
) {
  return createKitchenService({
    db,
    client: sandboxClient(baseUrl, log),
    config: { ...TEST_CONFIG, ...config },
    now: () => clock.now,
  });
}

/**
 * The query a kitchen route's handler receives for this query string: parsed by the route
 * wrapper's own input parsing with the route's schema, so a refusal is the same ApiError 400.
 */
export async function kitchenQuery<S extends z.ZodType>(
  schema: S,
  query: Record<string, string | number>,
): Promise<z.output<S>> {
  const url = new URL("http://localhost/api/restaurants/x/kitchen");
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  return (await parseRouteInput(new Request(url), { query: schema })).query as z.output<S>;
}

export function countBy<T>(xs: readonly T[]): Map<T, number> {
  const m = new Map<T, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** The suite's sandbox over real HTTP, started once for the file on the suite's clock. */
export function sandboxForSuite(clock: { now: number }): { readonly url: string } {
  let server: SandboxServer | undefined;
  beforeAll(async () => {
    server = await startSandbox(clock);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      return server!.url;
    },
  };
}

/** A fresh database of `kind` for every test, the clock set back to NOW first. */
export function databasePerTest(kind: StoreKind, clock: { now: number }): Omit<TestDatabase, "drop"> {
  let t: TestDatabase | undefined;
  beforeEach(async () => {
    clock.now = NOW;
    t = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await t?.drop();
  });
  return {
    get db() {
      return t!.db;
    },
    get url() {
      return t!.url;
    },
  };
}

/** A small seeded generator: the same "random" ranges on every run, so a failure can be replayed. */
export function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The Overview's figures of a summary, as one string to compare byte for byte. */
export const levelFields = (s: Pick<KitchenSummary, "coverage" | "levels" | "withinTarget" | "stuck">) =>
  JSON.stringify({ coverage: s.coverage, levels: s.levels, withinTarget: s.withinTarget, stuck: s.stuck });

/** A row of fulfillments.csv, by column name. */
export type CsvRow = Record<string, string>;

/** fulfillments.csv's snake_case headers (kitchen-csv.test.ts checks them) -> the Platform's field names. */
const FIELD_OF_HEADER = new Map<string, string>(
  ITEM_FULFILLMENT_FIELDS.map((field) => [field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), field]),
);

/**
 * fulfillments.csv as the route writes it for `query` (parsed as the route parses it, the
 * instants on the restaurant's wall clock), read back into rows keyed by the Platform's field
 * names, so the oracles read a CSV row as they read a record.
 */
export async function fulfillmentsRows(
  service: KitchenService,
  restaurant: KitchenRestaurant,
  query: Record<string, string | number>,
): Promise<CsvRow[]> {
  const records = await ready(service.records(restaurant, await kitchenQuery(kitchenRecordsSchema, query)));
  return parseFulfillmentsCsv(
    await new Response(fulfillmentsCsv(records, new Set(), restaurant.timeZone)).text(),
  );
}

/** fulfillments.csv's text read back into rows keyed by the Platform's field names (the durations keep theirs). */
export function parseFulfillmentsCsv(text: string): CsvRow[] {
  return parse(text, {
    columns: (header: string[]) => header.map((h) => FIELD_OF_HEADER.get(h) ?? h),
    bom: true,
  }) as CsvRow[];
}

/**
 * The usual setup of a kitchen test file: one clock (at NOW), the sandbox over real HTTP started
 * once for the file on it, a fresh database per test (`databasePerTest`, inside a describe), and the
 * kitchen service over the sandbox and a database (`service`).
 */
export function kitchenFile() {
  const clock = { now: NOW };
  const sandbox = sandboxForSuite(clock);
  return {
    clock,
    sandbox,
    databasePerTest: (kind: StoreKind) => databasePerTest(kind, clock),
    service: (db: Database, log: UpstreamLog = newLog(), config: Partial<KitchenServiceConfig> = {}) =>
      kitchenService(db, sandbox.url, log, clock, config),
  };
}
