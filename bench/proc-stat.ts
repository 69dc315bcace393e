/**
 * The process table as Linux's /proc shows it, for the benchmarks' outside instruments (the app's
 * memory and CPU in bench:load, the browser's CPU in bench:web): read from outside the measured
 * processes, never from their own counters.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
export const TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  parent: number;
  group: number;
  /** User and system CPU time so far, in ticks (TICKS_PER_SECOND). */
  cpuTicks: number;
}

/** Every live process's /proc/<pid>/stat: parent, process group and CPU time. */
export function readProcStats(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The fields after the command name, which may hold spaces and ends at the last ')':
      // state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        group: Number(fields[2]),
        cpuTicks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}
