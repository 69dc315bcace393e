/**
 * What a loaded page costs the phone while nobody touches it, for `npm run bench:web`: the CPU time
 * of every chromium process, read from /proc (outside the page and the browser's own counters),
 * over a window after the load event. The Kitchen page's window is before the page settles
 * (components/ui/page-settled.ts: 4 s after it loads), while the cards below the fold wait for the
 * reader: whatever moves on screen then (a pulse, a spinner) costs a frame every 16 ms for as long as
 * the page is left open.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
const TICK_MS = 10;
/** The window: from when the load's own work is done to just before the page settles. */
export const IDLE_WINDOW = { fromMs: 1_500, toMs: 4_000 } as const;

/**
 * CPU ticks (user + system) of the browser's processes, by pid: the process whose command line
 * holds `marker` (the browser's own flag, such as its remote debugging port) and every process
 * under it (zygotes, renderers, the GPU and utility processes).
 */
export function cpuTicksOfTree(marker: string): Map<string, number> {
  const processes = new Map<string, { parent: string; ticks: number; marked: boolean }>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The fields after the command name, which may hold spaces and ends at the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const marked = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(marker);
      processes.set(pid, { parent: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]), marked });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const inTree = (pid: string, depth = 0): boolean => {
    const p = processes.get(pid);
    return !!p && (p.marked || (depth < 16 && inTree(p.parent, depth + 1)));
  };
  const ticks = new Map<string, number>();
  for (const [pid, p] of processes) if (inTree(pid)) ticks.set(pid, p.ticks);
  return ticks;
}

/** CPU time between two readings: each process's growth, a process started in between counted whole. */
export function cpuMsBetween(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks * TICK_MS;
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
  const runningAnimations = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length);
  // Leave the page, so nothing of it runs into the next reading.
  await page.goto("about:blank");
  return { cpuMs: cpuMsBetween(before, after), runningAnimations };
}
