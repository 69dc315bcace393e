import "server-only";

import { createHash } from "node:crypto";

import { PostgresBudget } from "@/lib/db/platform-budget";
import { getDatabase } from "@/lib/db/server";
import { env, sandboxLoopbackUrl } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { createPlatformClient, type PlatformClientOptions } from "@/lib/platform";
import type { SharedBudget } from "@/lib/platform/shared-budget";
import type { PlatformClient } from "@/lib/platform/types";
import { forgetProcessSingleton, processSingleton } from "@/lib/process-singleton";
import { sandboxAppCredentials } from "@/lib/sandbox/app-credentials";

import { getOutageHold } from "./outage-hold";

/**
 * The app's wiring of the Platform client: lib/platform is a client for any credentials and knows
 * nothing of the app's environment, database or sandbox; this module composes the three.
 */

const SINGLETON_KEY = "platform-client";

/**
 * The process-wide Platform client. One per process (processSingleton): a second client would
 * mean a new token and a new login, and the service allows only about two logins an hour.
 */
export function getPlatformClient(): PlatformClient {
  return processSingleton(SINGLETON_KEY, () => createPlatformClient(platformClientOptions()));
}

/** For tests that change the environment between cases. */
export function resetPlatformClientForTests(): void {
  forgetProcessSingleton(SINGLETON_KEY);
}

function platformClientOptions(): PlatformClientOptions {
  const e = env();
  const tuning = {
    brand: e.PLATFORM_BRAND,
    maxRps: e.PLATFORM_MAX_RPS,
    maxPer15Min: e.PLATFORM_MAX_PER_15_MIN,
    accountMaxRps: e.PLATFORM_ACCOUNT_MAX_RPS,
    accountMaxPer15Min: e.PLATFORM_ACCOUNT_MAX_PER_15_MIN,
    timeoutMs: e.PLATFORM_TIMEOUT_MS,
    kitchenTimeoutMs: e.PLATFORM_KITCHEN_TIMEOUT_MS,
    maxRetries: e.PLATFORM_MAX_RETRIES,
  };
  let target: { baseUrl: string; clientId: string; clientSecret: string };
  if (e.PLATFORM_BASE_URL) {
    // env() has already insisted on both credentials when a base URL is set.
    target = {
      baseUrl: e.PLATFORM_BASE_URL,
      clientId: e.PLATFORM_CLIENT_ID!,
      clientSecret: e.PLATFORM_CLIENT_SECRET!,
    };
  } else {
    target = { baseUrl: sandboxLoopbackUrl(), ...sandboxAppCredentials() };
  }
  return {
    ...tuning,
    ...target,
    budget: sharedBudget(target, tuning),
    logger: logger("platform"),
    // While the account-wide outage hold is in force, no retry goes out (outage-hold.ts).
    hold: getOutageHold(),
  };
}

/**
 * With DATABASE_URL several instances may serve the app with one set of credentials, and the
 * service counts its limits per client and location: the request budgets (one per location, and
 * the account cap if set) and the login back-off then live in PostgreSQL (opened lazily, on the
 * first request). Without it, one process, in-memory budgets.
 */
function sharedBudget(
  target: { baseUrl: string; clientId: string; clientSecret: string },
  tuning: { maxRps: number; maxPer15Min: number; accountMaxRps?: number; accountMaxPer15Min?: number },
): SharedBudget | undefined {
  if (!env().DATABASE_URL) return undefined;
  const hash = (...parts: string[]) =>
    createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 32);
  const key = hash(target.baseUrl, target.clientId);
  // The secret enters the login key only through its own hash: a corrected secret starts afresh.
  const loginKey = hash(key, createHash("sha256").update(target.clientSecret).digest("hex"));
  return new PostgresBudget(getDatabase, {
    key,
    loginKey,
    limits: { maxPerSecond: tuning.maxRps, maxPerWindow: tuning.maxPer15Min },
    account: { maxPerSecond: tuning.accountMaxRps, maxPerWindow: tuning.accountMaxPer15Min },
  });
}
