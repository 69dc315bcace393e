import "server-only";
import { env, sandboxEnabled } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { createSandbox, type SandboxHandler } from "./index";
import { sandboxErrorResponse, newRequestId, SandboxError } from "./errors";
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
      signingSecret: e.SANDBOX_SIGNING_SECRET,
      claimNamespace: e.SANDBOX_CLAIM_NAMESPACE,
      tokenLifetimeS: e.SANDBOX_TOKEN_LIFETIME_S,
      rateLimit: e.SANDBOX_RATE_LIMIT === false ? false : { perSecond: e.SANDBOX_RATE_LIMIT_PER_S, per15Minutes: e.SANDBOX_RATE_LIMIT_PER_15_MIN },
      exportLatency: e.SANDBOX_EXPORT_LATENCY === false ? false : undefined,
      faultRate: e.SANDBOX_FAULT_RATE,
      world: e.SANDBOX_WORLD_FILE ? loadWorldFile(e.SANDBOX_WORLD_FILE) : undefined,
    });
  });
}

/** Answers a request under /sandbox, or a JSON 404 when the sandbox is switched off. */
export function handleSandboxRequest(request: Request): Promise<Response> {
  if (!sandboxEnabled()) {
    const requestId = newRequestId();
    return Promise.resolve(sandboxErrorResponse(new SandboxError(404, "NOT_FOUND", "The sandbox is not enabled."), requestId));
  }
  return appSandbox()(request);
}
