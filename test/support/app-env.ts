import { resetEnvForTests } from "@/lib/env";
import { resetPlatformClientForTests } from "@/lib/platform-wiring/platform-client";

/**
 * The app's environment for one test file: every name in `vars` is cleared, `values` are set, and
 * the parsed environment and the Platform client are made afresh. Returns the restore, which puts
 * each name back as it was and makes both afresh again (call it in afterAll).
 */
export function setAppEnv(vars: readonly string[], values: Record<string, string>): () => void {
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
