import "server-only";

import { randomBytes } from "node:crypto";

import { env, sandboxEnabled } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { clientAddress, isLoopback } from "@/lib/security/client-address";

import { newRequestId, SandboxError, sandboxErrorResponse } from "./errors";
import { createSandbox, type SandboxHandler } from "./index";
import { loadWorldFile } from "./world-file";

/**
 * The sandbox as mounted in the app at /sandbox, configured from the environment: brand
 * PLATFORM_BRAND and the SANDBOX_* settings. One instance per process, so generated data and
 * random-fault state are shared by every request, and dev-mode module reloads do not
 * regenerate the world.
 */
function appSandbox(): SandboxHandler {
  return processSingleton("app-sandbox", () => {
    const e = env();
    return createSandbox({
      basePath: "/sandbox",
      brand: e.PLATFORM_BRAND,
      // Without SANDBOX_SIGNING_SECRET, a secret of this process only: nobody can forge a token from
      // a published default, and no token outlives the process that issued it.
      signingSecret:
        e.SANDBOX_SIGNING_SECRET ??
        processSingleton("sandbox-signing-secret", () => randomBytes(32).toString("base64url")),
      claimNamespace: e.SANDBOX_CLAIM_NAMESPACE,
      tokenLifetimeS: e.SANDBOX_TOKEN_LIFETIME_S,
      rateLimit:
        e.SANDBOX_RATE_LIMIT === false
          ? false
          : { perSecond: e.SANDBOX_RATE_LIMIT_PER_S, per15Minutes: e.SANDBOX_RATE_LIMIT_PER_15_MIN },
      exportLatency: e.SANDBOX_EXPORT_LATENCY === false ? false : undefined,
      faultRate: e.SANDBOX_FAULT_RATE,
      faultHeaders: e.SANDBOX_FAULTS,
      world: e.SANDBOX_WORLD_FILE ? loadWorldFile(e.SANDBOX_WORLD_FILE) : undefined,
      // The demo's discovery shows one location to add; a world file declares its own locations.
      unaddedLocation: !e.SANDBOX_WORLD_FILE,
    });
  });
}

/**
 * Answers a request under /sandbox, or a JSON 404 when the sandbox is switched off or the client is
 * not this machine. The demo credentials are public (README), so by default only loopback clients
 * (the app itself, a developer's curl) are served; SANDBOX_PUBLIC=true serves everyone. A client
 * whose address is unknown (the app run by plain `next start`, without server.mjs) is refused.
 */
export function handleSandboxRequest(request: Request): Promise<Response> {
  const e = env();
  const reachable =
    sandboxEnabled() &&
    (e.SANDBOX_PUBLIC || isLoopback(clientAddress(request.headers, { trustProxy: e.TRUST_PROXY })));
  if (!reachable) {
    // One answer for "off" and "not for you", so the refusal tells an outsider nothing.
    const requestId = newRequestId();
    return Promise.resolve(
      sandboxErrorResponse(new SandboxError(404, "NOT_FOUND", "The sandbox is not enabled."), requestId),
    );
  }
  return appSandbox()(request);
}
