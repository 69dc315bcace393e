/**
 * What the page's main thread did in one Lighthouse run, read from that run's own trace.
 *
 * Lighthouse's default (simulated) throttling charges every main-thread task its observed wall
 * time times the CPU slowdown (4x on mobile). The trace also holds the thread's own CPU time inside
 * each task (`tdur`). Where the two differ, the task spent the difference waiting: on the browser
 * process (a synchronous call for a font's render style, for one), on page faults, or for a core.
 * Side by side they say how much of a page's blocking time is work the page asked for, and how
 * much is the machine the run happened on.
 */

/** The fields of a Chrome trace event that this reads. */
export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string } };
}

export interface MainThreadTime {
  /** Top-level tasks on the page's main thread. */
  tasks: number;
  /** Their wall time, and the thread's CPU time inside them, unthrottled. */
  wallMs: number;
  cpuMs: number;
  /**
   * Sum over the tasks of max(0, slowdown x duration - 50 ms), from wall time and from CPU time:
   * the blocking-time arithmetic over every task (not only those between first paint and
   * interactive, as TBT counts), so the two are comparable with each other, not with TBT.
   */
  blockingFromWallMs: number;
  blockingFromCpuMs: number;
}

// A task of the renderer's scheduler appears under both names, one inside the other.
const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
const LONG_TASK_MS = 50;

type Task = TraceEvent & { ts: number; dur: number };

/**
 * The main thread is the one that parsed the page's document (a `ParseHTML` event whose URL is on
 * `origin`). Null when the trace has no such event (the run recorded no trace of the page).
 */
export function mainThreadTime(
  events: readonly TraceEvent[],
  origin: string,
  slowdown: number,
): MainThreadTime | null {
  const parse = events.find(
    (e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(origin),
  );
  if (!parse) return null;
  const tasks = events
    .filter(
      (e): e is Task =>
        e.pid === parse.pid &&
        e.tid === parse.tid &&
        e.ph === "X" &&
        TASK_NAMES.has(e.name ?? "") &&
        typeof e.ts === "number" &&
        typeof e.dur === "number",
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let end = -Infinity;
  const out: MainThreadTime = { tasks: 0, wallMs: 0, cpuMs: 0, blockingFromWallMs: 0, blockingFromCpuMs: 0 };
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the task before it: counted there
    end = task.ts + task.dur;
    const wall = task.dur / 1000;
    const cpu = Math.min(wall, (task.tdur ?? 0) / 1000);
    out.tasks++;
    out.wallMs += wall;
    out.cpuMs += cpu;
    out.blockingFromWallMs += Math.max(0, slowdown * wall - LONG_TASK_MS);
    out.blockingFromCpuMs += Math.max(0, slowdown * cpu - LONG_TASK_MS);
  }
  return out;
}
