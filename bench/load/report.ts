/**
 * The figures of `npm run bench:load`: status counts, latency per route, time to ready after a
 * 202, upstream exports per (restaurant, date) as the proxy counted them, peak RSS, and the
 * issue's targets met or missed.
 */
import { datePhase, type DatePhase } from "@/lib/business-date/closeout";

import type { GroupSample, ProxyCounts } from "./server";
import type { Recorder, Restaurant } from "./users";

/** Nearest rank, as the app's own statistics: the smallest value with at least p % of values at or below it. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function latency(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Upstream exports per (restaurant, date), split by the date's phase when the run started (the
 * kitchen's own rule, with its default grace): a closed date should be fetched exactly once; the
 * open one may be fetched again every KITCHEN_OPEN_REFRESH_S (180 s) by design.
 */
function upstream(counts: ProxyCounts, restaurants: Restaurant[], startedAt: number, graceMinutes: number) {
  const byGuid = new Map(restaurants.map((r) => [r.guid, r]));
  const phases: Record<
    DatePhase | "unknown",
    { dates: number; calls: number; repeated: number; maxCalls: number }
  > = {
    closed: { dates: 0, calls: 0, repeated: 0, maxCalls: 0 },
    open: { dates: 0, calls: 0, repeated: 0, maxCalls: 0 },
    future: { dates: 0, calls: 0, repeated: 0, maxCalls: 0 },
    unknown: { dates: 0, calls: 0, repeated: 0, maxCalls: 0 },
  };
  const repeatedClosed: { restaurant: string; date: string; calls: number; statuses: number[] }[] = [];
  const exportStatuses: Record<string, number> = {};
  for (const statuses of Object.values(counts.exportStatuses))
    for (const s of statuses) exportStatuses[s] = (exportStatuses[s] ?? 0) + 1;
  const perRestaurant: Record<string, number> = {};
  for (const [key, calls] of Object.entries(counts.exports)) {
    const [guid, date] = key.split("|") as [string, string];
    const restaurant = byGuid.get(guid);
    const phase =
      restaurant && /^\d{8}$/.test(date) ? datePhase(date, restaurant, startedAt, graceMinutes) : "unknown";
    const bucket = phases[phase];
    bucket.dates += 1;
    bucket.calls += calls;
    bucket.maxCalls = Math.max(bucket.maxCalls, calls);
    if (calls > 1) bucket.repeated += 1;
    if (calls > 1 && phase === "closed")
      repeatedClosed.push({
        restaurant: restaurant?.name ?? guid,
        date,
        calls,
        statuses: counts.exportStatuses[key] ?? [],
      });
    const name = restaurant?.name ?? guid;
    perRestaurant[name] = (perRestaurant[name] ?? 0) + calls;
  }
  repeatedClosed.sort(
    (a, b) => b.calls - a.calls || a.restaurant.localeCompare(b.restaurant) || a.date.localeCompare(b.date),
  );
  return {
    logins: counts.logins,
    requests: counts.requests,
    exportStatuses,
    phases,
    repeatedClosed,
    perRestaurant,
  };
}

export interface RunFacts {
  users: number;
  seconds: number;
  startedAt: number;
  wallSeconds: number;
  recorder: Recorder;
  counts: ProxyCounts;
  restaurants: Restaurant[];
  history: { restaurant: string; ready: number; pending: number; failed: number; total: number }[];
  server: GroupSample;
  bench: { cpuSeconds: number; cpuCores: number };
  load: { start: number[]; mean1: number; max1: number; end: number[] };
  signInMs: number;
  connectionRetries: number;
}

export function buildReport(facts: RunFacts) {
  const { requests, ready, errors } = facts.recorder;
  const statuses: Record<string, number> = {};
  for (const r of requests) statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
  const routes = Object.fromEntries(
    [...groupBy(requests, (r) => r.route)].map(([route, rs]) => [
      route,
      { ...latency(rs.map((r) => r.ms)), statuses: countBy(rs.map((r) => String(r.status))) },
    ]),
  );
  const readiness = Object.fromEntries(
    [...groupBy(ready, (r) => r.route)].map(([route, rs]) => {
      const done = rs.filter((r) => r.ms !== undefined).map((r) => r.ms!);
      return [
        route,
        { ...latency(done), notReady: rs.length - done.length, polls: rs.reduce((s, r) => s + r.polls, 0) },
      ];
    }),
  );
  const kitchenFirst = requests.filter((r) => r.kitchenRange && r.firstTry);
  const warm = latency(kitchenFirst.filter((r) => r.warm).map((r) => r.ms));
  const firstTry200 = latency(kitchenFirst.filter((r) => r.status === 200).map((r) => r.ms));
  const otherRoutes = latency(requests.filter((r) => !r.kitchenRange).map((r) => r.ms));
  const serverErrors = requests.filter((r) => typeof r.status === "number" && r.status >= 500).length;
  const failed = requests.filter((r) => typeof r.status !== "number").length;
  const over10s = requests.filter((r) => r.ms > 10_000 || r.status === "timeout");
  const up = upstream(facts.counts, facts.restaurants, facts.startedAt, 120);
  const closedNotOnce = up.repeatedClosed.length;
  // The kernel's high-water mark sees a spike between two samples; the samples' sum sees children together.
  const peakRss = Math.max(facts.server.peakMiB, facts.server.maxProcessHwmMiB);
  const targets = [
    { target: "responses >= 500", want: "0", got: String(serverErrors), met: serverErrors === 0 },
    {
      target: "requests failed without an answer (network error, 120 s timeout)",
      want: "0",
      got: String(failed),
      met: failed === 0,
    },
    { target: "requests over 10 s", want: "0", got: String(over10s.length), met: over10s.length === 0 },
    {
      target: "p95 on warm ranges (kitchen, first try 200, every date answered upstream before it)",
      want: "<= 1000 ms",
      got: `${fmt(warm.p95)} (${warm.count} requests)`,
      met: warm.count > 0 && warm.p95 <= 1_000,
    },
    {
      target: "closed (restaurant, date) fetched upstream more than once",
      want: "0",
      got: `${closedNotOnce} of ${up.phases.closed.dates}`,
      met: closedNotOnce === 0,
    },
    {
      target: "peak RSS of the server's process group",
      want: "<= 1024 MiB",
      got: `${peakRss.toFixed(0)} MiB`,
      met: peakRss <= 1_024,
    },
  ];
  return {
    run: {
      users: facts.users,
      seconds: facts.seconds,
      startedAt: new Date(facts.startedAt).toISOString(),
      wallSeconds: facts.wallSeconds,
      signInMs: Math.round(facts.signInMs),
      load: facts.load,
    },
    targets,
    statuses,
    requests: requests.length,
    over10s: { count: over10s.length, byRoute: countBy(over10s.map((r) => r.route)) },
    warmKitchen: warm,
    firstTry200Kitchen: firstTry200,
    otherRoutes,
    routes,
    readiness,
    errors: Object.fromEntries(errors),
    connectionRetries: facts.connectionRetries,
    upstream: up,
    history: facts.history,
    server: { ...facts.server, peakOfBothMiB: peakRss },
    bench: facts.bench,
  };
}

export type LoadReport = ReturnType<typeof buildReport>;

function countBy(keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return out;
}

const fmt = (ms: number) =>
  Number.isNaN(ms) ? "-" : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The report as text for the terminal. */
export function formatReport(report: LoadReport): string {
  const out: string[] = [];
  const { run } = report;
  out.push(
    `Load benchmark: ${run.users} users x ${run.seconds} s, started ${run.startedAt}, ${run.wallSeconds.toFixed(0)} s in all (sign-in ${run.signInMs} ms)`,
  );
  out.push(
    `load average at start ${run.load.start.map((x) => x.toFixed(2)).join(" ")}; during the run mean ${run.load.mean1.toFixed(2)}, max ${run.load.max1.toFixed(2)} (1 min)`,
  );
  out.push(
    "",
    `Statuses (${report.requests} HTTP requests): ${Object.entries(report.statuses)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ")}`,
  );
  out.push(
    "",
    table(
      ["route", "count", "p50", "p95", "p99", "max", "statuses"],
      Object.entries(report.routes).map(([route, r]) => [
        route,
        String(r.count),
        fmt(r.p50),
        fmt(r.p95),
        fmt(r.p99),
        fmt(r.max),
        Object.entries(r.statuses)
          .map(([s, n]) => `${s}:${n}`)
          .join(" "),
      ]),
    ),
  );
  if (Object.keys(report.readiness).length) {
    out.push("", "Time to ready after a 202 (first request to the 200):");
    out.push(
      table(
        ["route", "ready", "p50", "p95", "max", "not ready", "polls"],
        Object.entries(report.readiness).map(([route, r]) => [
          route,
          String(r.count),
          fmt(r.p50),
          fmt(r.p95),
          fmt(r.max),
          String(r.notReady),
          String(r.polls),
        ]),
      ),
    );
  } else {
    out.push("", "No 202 answers.");
  }
  out.push(
    "",
    `Kitchen range requests, first try: 200 ${report.firstTry200Kitchen.count} (p95 ${fmt(report.firstTry200Kitchen.p95)}), warm ${report.warmKitchen.count} (p50 ${fmt(report.warmKitchen.p50)}, p95 ${fmt(report.warmKitchen.p95)}, p99 ${fmt(report.warmKitchen.p99)})`,
  );
  out.push(
    `Other routes: ${report.otherRoutes.count} (p50 ${fmt(report.otherRoutes.p50)}, p95 ${fmt(report.otherRoutes.p95)}, p99 ${fmt(report.otherRoutes.p99)})`,
  );
  if (report.over10s.count)
    out.push(
      `Over 10 s by route: ${Object.entries(report.over10s.byRoute)
        .map(([r, n]) => `${r}: ${n}`)
        .join(", ")}`,
    );
  if (report.connectionRetries)
    out.push(
      `Sent again once after a kept-alive connection closed under them (as browsers do): ${report.connectionRetries}`,
    );
  if (Object.keys(report.errors).length)
    out.push(
      `Failed requests: ${Object.entries(report.errors)
        .map(([r, n]) => `${r} x${n}`)
        .join("; ")}`,
    );
  const up = report.upstream;
  out.push(
    "",
    `Upstream (counting proxy): ${up.requests} requests, ${up.logins} logins; exports per restaurant: ${Object.entries(
      up.perRestaurant,
    )
      .map(([r, n]) => `${r} ${n}`)
      .join(", ")}`,
  );
  out.push(
    `Export answers: ${Object.entries(up.exportStatuses)
      .map(([s, n]) => `${s === "0" ? "no answer" : s}: ${n}`)
      .join(", ")}`,
  );
  out.push(
    table(
      ["dates (phase at start)", "dates", "calls", "fetched > once", "max calls"],
      Object.entries(up.phases)
        .filter(([, p]) => p.dates)
        .map(([phase, p]) => [
          phase,
          String(p.dates),
          String(p.calls),
          String(p.repeated),
          String(p.maxCalls),
        ]),
    ),
  );
  if (up.repeatedClosed.length)
    out.push(
      `Closed dates fetched more than once: ${up.repeatedClosed
        .slice(0, 20)
        .map((r) => `${r.restaurant} ${r.date} x${r.calls} [${r.statuses.join(" ")}]`)
        .join(", ")}${up.repeatedClosed.length > 20 ? ", ..." : ""}`,
    );
  out.push(
    "",
    `Backfill at the end (kitchen/history): ${report.history.map((h) => `${h.restaurant} ${h.ready}/${h.total}${h.failed ? ` (${h.failed} failed)` : ""}`).join(", ")}`,
  );
  const { server, bench } = report;
  out.push(
    `Peak RSS ${server.peakOfBothMiB.toFixed(0)} MiB: sampled sum over ${server.processes} process(es) ${server.peakMiB.toFixed(0)} MiB (${server.samples} samples every 250 ms), largest VmHWM ${server.maxProcessHwmMiB.toFixed(0)} MiB`,
  );
  out.push(
    `CPU: the server ${server.cpuSeconds.toFixed(0)} s (${server.cpuCores.toFixed(2)} cores on average), the benchmark's users and proxy ${bench.cpuSeconds.toFixed(0)} s (${bench.cpuCores.toFixed(2)} cores)`,
  );
  out.push(
    "",
    table(
      ["target", "wanted", "measured", ""],
      report.targets.map((t) => [t.target, t.want, t.got, t.met ? "met" : "MISSED"]),
    ),
  );
  return out.join("\n");
}
