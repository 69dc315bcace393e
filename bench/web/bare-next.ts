/**
 * The bare Next.js floor of `npm run bench:web`: a Next.js App Router project with a root layout,
 * one page and one client component (./bare-next/), built by the same Next as the app and with the
 * same compile hints, served by `next start`. None of our layout, providers, styles or data.
 *
 * Why it is in the benchmark: the sign-in floor is the framework plus our root layout, so a reader
 * can still ask whether our shell is what costs the blocking time. This floor answers with the
 * stack's own minimum, measured in the same rounds on the same machine.
 */
import { existsSync } from "node:fs";
import path from "node:path";

import { buildApp, killGroup, killGroupNow, NEXT_BIN, spawnLogged } from "../load/server";

export const BARE_NEXT_DIR = path.join(__dirname, "bare-next");
const DIST_DIR = ".next";
const START_TIMEOUT_MS = 60_000;

/** Builds the bare project when asked to, or when it has no build yet (about 15 s here). */
export async function ensureBareNextBuild(logFile: string, rebuild: boolean): Promise<void> {
  if (rebuild || !existsSync(path.join(BARE_NEXT_DIR, DIST_DIR, "BUILD_ID")))
    await buildApp(DIST_DIR, logFile, BARE_NEXT_DIR);
}

export interface BareNextServer {
  url: string;
  stop: () => Promise<void>;
  /** The synchronous last resort for process exit. */
  killNow: () => void;
}

/** `next start` on `port`, in its own process group, once its page answers. */
export async function startBareNext(port: number, logFile: string): Promise<BareNextServer> {
  const url = `http://localhost:${port}/`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  const { child, log, tail, exited } = spawnLogged([NEXT_BIN, "start", "-p", String(port)], {
    cwd: BARE_NEXT_DIR,
    env,
    logFile,
  });
  const stop = async () => {
    await killGroup(child);
    log.end();
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const failure = exited()
      ? `ended before it answered (${exited()})`
      : Date.now() > deadline
        ? `did not answer within ${START_TIMEOUT_MS / 1000} s`
        : null;
    if (failure) {
      await stop();
      throw new Error(`the bare Next.js floor ${failure}; log in ${logFile}:\n${tail()}`);
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop, killNow: () => killGroupNow(child) };
}
