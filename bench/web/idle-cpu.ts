/**
 * What a loaded page costs the phone while nobody touches it, for `npm run bench:web`: the CPU time
 * of every process of the browser, read from /proc (outside the page and the browser's own counters),
 * over a window after the load event. The Kitchen page's window is before the page settles
 * (components/ui/page-settled.ts: 4 s after it loads), while the cards below the fold wait for the
 * reader: whatever moves on screen then (a pulse, a spinner) costs a frame every 16 ms for as long as
 * the page is left open.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

import { readProcStats, TICKS_PER_SECOND } from "../proc-stat";

/**
 * The window: from when the load's own work is done to half a second before the page settles. The
 * settle timer starts as the page's script loads, and the whole summary is asked 4.0 s after the
 * load event here (five loads, 3,987 to 4,066 ms); its sections then pulse, rightly, since they
 * are loading. A window that ended at 4 s read its animations at that edge.
 */
export const IDLE_WINDOW = { fromMs: 1_500, toMs: 3_500 } as const;

/**
 * CPU ticks (user + system) of the browser's processes, by pid: the process whose command line
 * holds `marker` (the browser's own flag, such as its remote debugging port) and every process
 * under it (zygotes, renderers, the GPU and utility processes).
 */
export function cpuTicksOfTree(marker: string): Map<string, number> {
  const processes = new Map(readProcStats().map((p) => [p.pid, p]));
  // Each process's answer once: its children ask again on their way up.
  const known = new Map<number, boolean>();
  const inTree = (pid: number, depth = 0): boolean => {
    const p = processes.get(pid);
    if (!p || depth > 16) return false;
    let answer = known.get(pid);
    if (answer === undefined) {
      answer = hasArgument(pid, marker) || inTree(p.parent, depth + 1);
      known.set(pid, answer);
    }
    return answer;
  };
  const ticks = new Map<string, number>();
  for (const [pid, p] of processes) if (inTree(pid)) ticks.set(String(pid), p.cpuTicks);
  return ticks;
}

function hasArgument(pid: number, argument: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(argument);
  } catch {
    return false; // ended meanwhile
  }
}

/** CPU time between two readings: each process's growth, a process started in between counted whole. */
export function cpuMsBetween(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export interface IdleReading {
  /** CPU time of the browser's processes over the window, ms. */
  cpuMs: number;
  /** Animations running on the page at the end of the window. */
  runningAnimations: number;
}

/**
 * Opens `url` and reads the browser's CPU over IDLE_WINDOW after its load event, nothing touched.
 * `browserFlag`: a flag on the browser process's command line that names it among others.
 */
export async function idleReading(page: Page, url: string, browserFlag: string): Promise<IdleReading> {
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(IDLE_WINDOW.fromMs);
  const before = cpuTicksOfTree(browserFlag);
  await page.waitForTimeout(IDLE_WINDOW.toMs - IDLE_WINDOW.fromMs);
  const after = cpuTicksOfTree(browserFlag);
  const runningAnimations = await page.evaluate(
    () => document.getAnimations().filter((a) => a.playState === "running").length,
  );
  // Leave the page, so nothing of it runs into the next reading.
  await page.goto("about:blank");
  return { cpuMs: cpuMsBetween(before, after), runningAnimations };
}
