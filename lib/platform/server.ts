import "server-only";
import { appOrigin, env } from "@/lib/env";
import { defaultWorld } from "@/lib/sandbox/world";
import { createPlatformClient } from "./index";
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

function platformClientOptions() {
  const e = env();
  const tuning = { brand: e.PLATFORM_BRAND, maxRps: e.PLATFORM_MAX_RPS, timeoutMs: e.PLATFORM_TIMEOUT_MS, maxRetries: e.PLATFORM_MAX_RETRIES };
  if (e.PLATFORM_BASE_URL) {
    // env() has already insisted on both credentials when a base URL is set.
    return { ...tuning, baseUrl: e.PLATFORM_BASE_URL, clientId: e.PLATFORM_CLIENT_ID!, clientSecret: e.PLATFORM_CLIENT_SECRET! };
  }
  const partner = defaultWorld().clients.find((c) => c.type === "PARTNER" && c.clientId === SANDBOX_CLIENT_ID);
  if (!partner) throw new Error(`lib/sandbox/world.json has no PARTNER client "${SANDBOX_CLIENT_ID}" for the embedded sandbox`);
  return { ...tuning, baseUrl: `${appOrigin()}/sandbox`, clientId: partner.clientId, clientSecret: partner.clientSecret };
}
