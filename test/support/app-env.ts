import { resetEnvForTests } from "@/lib/env";
import { resetPlatformClientForTests } from "@/lib/platform-wiring/platform-client";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * Where the app's Platform client goes and as whom, and the app's own origin: every test that sets
 * the app's environment clears these, so one set outside (a developer's real credentials) never leaks in.
 */
const PLATFORM_TARGET_VARS = [
  "APP_ORIGIN",
  "NEXTAUTH_URL",
  "PLATFORM_BASE_URL",
  "PLATFORM_CLIENT_ID",
  "PLATFORM_CLIENT_SECRET",
] as const;

/**
 * The app's environment for one test file: the Platform target's names and every name in `vars` are cleared, `values` are set, and
 * the parsed environment and the Platform client are made afresh. Returns the restore, which puts
 * each name back as it was and makes both afresh again (call it in afterAll).
 */
export function setAppEnv(extraVars: readonly string[], values: Record<string, string>): () => void {
  const vars = [...PLATFORM_TARGET_VARS, ...extraVars];
  const saved = Object.fromEntries(vars.map((name) => [name, process.env[name]]));
  for (const name of vars) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
  resetPlatformClientForTests();
  return () => {
    for (const name of vars) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvForTests();
    resetPlatformClientForTests();
  };
}

/** The Platform target for setAppEnv: the sandbox world's partner client, at `baseUrl`. */
export function partnerTarget(
  baseUrl: string,
): Record<(typeof PLATFORM_TARGET_VARS)[number] & `PLATFORM_${string}`, string> {
  const partner = defaultWorld().clients.find((c) => c.clientId === "kp-partner")!;
  return {
    PLATFORM_BASE_URL: baseUrl,
    PLATFORM_CLIENT_ID: partner.clientId,
    PLATFORM_CLIENT_SECRET: partner.clientSecret,
  };
}
