import { afterAll, beforeAll, inject } from "vitest";

import type { Database } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrations";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { createPlatformClient, type FetchLike, type PlatformClientOptions } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/types";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { partnerTarget, setAppEnv } from "../support/app-env";

/**
 * Shared by the contract-* and client-* integration tests: world facts, a client pointed at a
 * running sandbox, and a fetch wrapper that records what went over the wire and asks the real
 * sandbox for a fault (the `Sandbox-Fault` header) on chosen requests. Nothing here answers in
 * the sandbox's place.
 */

export const world = defaultWorld();

/**
 * Sandbox options for the client tests: the real service's rate limits stay on (the client must
 * live with them), the busy-day export wait is off so that timing tests measure only their faults.
 */
// faultHeaders: the harness injects faults with the Sandbox-Fault header, which a sandbox ignores by default.
export const FAST_SANDBOX = { exportLatency: false, faultHeaders: true } as const;

/**
 * A FAST_SANDBOX over HTTP for the calling test file: started before its tests, closed after them.
 * Read `url` inside a test (it is set once the file's beforeAll has run).
 */
export function sandboxForFile(options: Partial<Parameters<typeof startSandboxServer>[0]> = {}): {
  readonly url: string;
} {
  let server: SandboxServer | undefined;
  beforeAll(async () => {
    server = await startSandboxServer({ ...FAST_SANDBOX, port: 0, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error("the file's sandbox is not started yet: read url inside a test");
      return server.url;
    },
  };
}

/**
 * Two app instances' own pg pools on the suite's PostgreSQL (migrated once) for the calling test
 * file: opened before its tests, closed after them. The array fills in the file's beforeAll.
 */
export function twoInstancesForFile(): readonly Database[] {
  const instances: Database[] = [];
  beforeAll(async () => {
    instances.push(
      openPostgresDatabase(inject("postgresUrl"), { max: 4 }),
      openPostgresDatabase(inject("postgresUrl"), { max: 4 }),
    );
    await migrate(instances[0]!);
  });
  afterAll(async () => {
    await Promise.all(instances.map((db) => db.close()));
  });
  return instances;
}

/** The most of `times` (ms) that fall in one second starting at any of them. */
export function busiestSecond(times: number[]): number {
  let most = 0;
  for (const start of times)
    most = Math.max(most, times.filter((t) => t >= start && t < start + 1000).length);
  return most;
}

/**
 * The app's environment pointed at a FAST_SANDBOX of its own for the calling test file, as the
 * partner client: before its tests the sandbox starts and setAppEnv(vars, values) applies (values
 * made then, so a temporary folder is made only when the file runs); after them both are undone.
 */
export function appOnSandboxForFile(
  vars: readonly string[],
  values: () => Record<string, string> = () => ({}),
  options: Partial<Parameters<typeof startSandboxServer>[0]> = {},
): void {
  let server: SandboxServer | undefined;
  let restoreEnv: (() => void) | undefined;
  beforeAll(async () => {
    server = await startSandboxServer({ ...FAST_SANDBOX, port: 0, ...options });
    restoreEnv = setAppEnv(vars, { ...partnerTarget(server.url), ...values() });
  });
  afterAll(async () => {
    restoreEnv?.();
    await server?.close();
  });
}

function restaurantGuid(name: string): string {
  const r = world.restaurants.find((x) => x.name === name);
  if (!r) throw new Error(`world.json has no restaurant named ${name}`);
  return r.guid;
}

export const HARBOR = restaurantGuid("Harbor Street Kitchen"); // professional, 5000 menu items
export const MESA = restaurantGuid("Mesa Verde Cantina"); // professional, small menu
export const OLD_TOWN = restaurantGuid("Old Town Grill"); // archived
export const PIER9 = restaurantGuid("Pier 9 Pizza"); // basic tier; not in the Harbor group
export const UNKNOWN_GUID = "00000000-0000-4000-8000-000000000000";
/** A business date in the past of every restaurant's history. */
export const PAST_DATE = "20250310";

export const LOGIN_PATH = "/authentication/v1/authentication/login";

export function credentials(clientId: string): { clientId: string; clientSecret: string } {
  const client = world.clients.find((c) => c.clientId === clientId);
  if (!client) throw new Error(`world.json has no client ${clientId}`);
  return { clientId: client.clientId, clientSecret: client.clientSecret };
}

export interface WireCall {
  method: string;
  path: string;
  query: URLSearchParams;
  rawQuery: string;
  fault?: string;
  status?: number;
}

export interface FaultRule {
  /** Which requests: a path suffix (e.g. "/export/itemFulfillments") or a predicate. */
  match: string | ((call: { method: string; path: string }) => boolean);
  /** Sandbox-Fault value, e.g. "429=2", "500", "timeout", "truncated", "slow=200". */
  fault: string;
  /** How many matching requests get it; default 1. Infinity for all. */
  times?: number;
}

/** A real fetch that records every call and adds Sandbox-Fault per the rules, in order. */
export function wire(
  rules: FaultRule[] = [],
  rewrite?: (headers: Headers, call: { method: string; path: string }) => void,
) {
  const calls: WireCall[] = [];
  const remaining = rules.map((r) => r.times ?? 1);
  const fetchImpl: FetchLike = async (input, init) => {
    const url = new URL(input);
    const method = init.method ?? "GET";
    const call: WireCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      rawQuery: url.search.replace(/^\?/, ""),
    };
    const headers = new Headers(init.headers);
    const index = rules.findIndex((rule, i) => {
      if (remaining[i]! <= 0) return false;
      return typeof rule.match === "string"
        ? url.pathname.endsWith(rule.match)
        : rule.match({ method, path: url.pathname });
    });
    if (index >= 0) {
      remaining[index]! -= 1;
      call.fault = rules[index]!.fault;
      headers.set("Sandbox-Fault", call.fault);
    }
    rewrite?.(headers, { method, path: url.pathname });
    calls.push(call);
    const response = await fetch(input, { ...init, headers });
    call.status = response.status;
    return response;
  };
  return {
    fetch: fetchImpl,
    calls,
    logins: () => calls.filter((c) => c.path.endsWith(LOGIN_PATH)).length,
    requestsTo: (suffix: string) => calls.filter((c) => c.path.endsWith(suffix)),
  };
}

/** Records the retry delays the transport asks for and returns at once. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    delays.push(ms);
  };
  return { sleep, delays };
}

export function clientFor(
  baseUrl: string,
  clientId = "kp-partner",
  options: Partial<PlatformClientOptions> = {},
): PlatformClient {
  return createPlatformClient({ baseUrl, ...credentials(clientId), maxRps: 1000, ...options });
}
