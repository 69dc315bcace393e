import "server-only";
import { createHash } from "node:crypto";
import { PostgresBudget } from "@/lib/db/platform-budget";
import { getDatabase } from "@/lib/db/server";
import { appOrigin, env } from "@/lib/env";
import { defaultWorld } from "@/lib/sandbox/world";
import { createPlatformClient, type PlatformClientOptions } from "./index";
import type { SharedBudget } from "./shared-budget";
import type { PlatformClient } from "./types";

/** The sandbox's partner client (world.json): the app's identity when no real Platform is set. */
const SANDBOX_CLIENT_ID = "kp-partner";

const CACHE_KEY = Symbol.for("kitchen-pulse.platform-client");
type ClientCache = { [CACHE_KEY]?: PlatformClient };

/**
 * The process-wide Platform client. Kept on globalThis because Next's dev server re-evaluates
 * modules on every edit: a module-level variable would mean a new client, a new token and a new
 * login each time, and the service allows only about two logins an hour.
 */
export function getPlatformClient(): PlatformClient {
  const cache = globalThis as ClientCache;
  cache[CACHE_KEY] ??= createPlatformClient(platformClientOptions());
  return cache[CACHE_KEY];
}

/** For tests that change the environment between cases. */
export function resetPlatformClientForTests(): void {
  delete (globalThis as ClientCache)[CACHE_KEY];
}

function platformClientOptions(): PlatformClientOptions {
  const e = env();
  const tuning = {
    brand: e.PLATFORM_BRAND,
    maxRps: e.PLATFORM_MAX_RPS,
    maxPer15Min: e.PLATFORM_MAX_PER_15_MIN,
    timeoutMs: e.PLATFORM_TIMEOUT_MS,
    kitchenTimeoutMs: e.PLATFORM_KITCHEN_TIMEOUT_MS,
    maxRetries: e.PLATFORM_MAX_RETRIES,
  };
  let target: { baseUrl: string; clientId: string; clientSecret: string };
  if (e.PLATFORM_BASE_URL) {
    // env() has already insisted on both credentials when a base URL is set.
    target = { baseUrl: e.PLATFORM_BASE_URL, clientId: e.PLATFORM_CLIENT_ID!, clientSecret: e.PLATFORM_CLIENT_SECRET! };
  } else {
    const partner = defaultWorld().clients.find((c) => c.type === "PARTNER" && c.clientId === SANDBOX_CLIENT_ID);
    if (!partner) throw new Error(`lib/sandbox/world.json has no PARTNER client "${SANDBOX_CLIENT_ID}" for the embedded sandbox`);
    target = { baseUrl: `${appOrigin()}/sandbox`, clientId: partner.clientId, clientSecret: partner.clientSecret };
  }
  return { ...tuning, ...target, budget: sharedBudget(target, tuning) };
}

/**
 * With DATABASE_URL several instances may serve the app with one set of credentials, and the
 * service counts its limits per client: the request budget and the login back-off then live in
 * PostgreSQL (opened lazily, on the first request). Without it, one process, one in-memory budget.
 */
function sharedBudget(target: { baseUrl: string; clientId: string; clientSecret: string }, tuning: { maxRps: number; maxPer15Min: number }): SharedBudget | undefined {
  if (!env().DATABASE_URL) return undefined;
  const hash = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 32);
  const key = hash(target.baseUrl, target.clientId);
  // The secret enters the login key only through its own hash: a corrected secret starts afresh.
  const loginKey = hash(key, createHash("sha256").update(target.clientSecret).digest("hex"));
  return new PostgresBudget(getDatabase, { key, loginKey, limits: { maxPerSecond: tuning.maxRps, maxPerWindow: tuning.maxPer15Min } });
}
