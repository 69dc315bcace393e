/**
 * The table of `npm run bench:http`: per case the median wall and server CPU time with their
 * ranges, beside the target for the server's CPU (what a quiet machine would show as wall).
 */
import type { Measurement } from "./measure";

export interface CaseResult {
  name: string;
  /** The target for the server's CPU per request (or per page view), ms. */
  targetMs: number;
  runs: number;
  wallMs: { median: number; min: number; max: number };
  cpuMs: { median: number; min: number; max: number };
  bytes: number;
  /** The server group's summed RSS at its highest over the case's runs (sampled every 100 ms), MiB. */
  peakRssMiB?: number;
  note?: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

export function summarise(name: string, targetMs: number, runs: Measurement[]): CaseResult {
  return {
    name,
    targetMs,
    runs: runs.length,
    wallMs: spread(runs.map((m) => m.wallMs)),
    cpuMs: spread(runs.map((m) => m.cpuMs)),
    bytes: runs[runs.length - 1]!.bytes,
  };
}

interface Report {
  at: string;
  cpus: number;
  load: { start: number[]; max1: number; end: number[] };
  ranges: { ninety: { from: string; to: string }; year: { from: string; to: string } };
  warmSeconds: number;
  measureSeconds: number;
  upstreamHarborExportsWhileMeasuring: number;
  rss: { measuredPeakMiB: number; processHighWaterMiB: number };
  cases: CaseResult[];
}

const fmt = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
const ranged = (s: CaseResult["wallMs"], n: number) =>
  n > 1 ? `${fmt(s.median)} (${fmt(s.min)}-${fmt(s.max)})` : fmt(s.median);
const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
const RSS_TARGET_MIB = 1024;

export function formatTable(r: Report): string {
  const rows = r.cases.map((c) => [
    c.name,
    String(c.runs),
    ranged(c.wallMs, c.runs),
    ranged(c.cpuMs, c.runs),
    `≤ ${fmt(c.targetMs)}`,
    c.cpuMs.median <= c.targetMs ? "yes" : "NO",
    `${(c.bytes / 1024).toFixed(0)} KB`,
    c.peakRssMiB === undefined ? "" : `${c.peakRssMiB.toFixed(0)} MiB`,
  ]);
  rows.push([
    "peak RSS of the server while measured",
    "",
    "",
    `${r.rss.measuredPeakMiB.toFixed(0)} MiB`,
    "≤ 1 GB",
    r.rss.measuredPeakMiB <= RSS_TARGET_MIB ? "yes" : "NO",
    "",
    "",
  ]);
  const head = [
    "case (Harbor Street Kitchen)",
    "runs",
    "wall, median (range)",
    "server CPU, median (range)",
    "target (CPU)",
    "met",
    "answer",
    "peak RSS",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [
    `Kitchen over HTTP, production server (${r.at}; ${r.cpus} CPUs; load average at start ${loadText(r.load.start)}, highest 1-min ${r.load.max1.toFixed(2)}, at end ${loadText(r.load.end)})`,
    `90 days: ${r.ranges.ninety.from}-${r.ranges.ninety.to}; 365 days: ${r.ranges.year.from}-${r.ranges.year.to}; warm-up ${r.warmSeconds.toFixed(0)} s, measuring ${r.measureSeconds.toFixed(0)} s`,
    "",
    line(head),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...rows.map(line),
    "",
    ...r.cases.filter((c) => c.note).map((c) => `${c.name}: ${c.note}`),
    `Harbor exports fetched upstream while the warm cases ran: ${r.upstreamHarborExportsWhileMeasuring} (0: every answer came from the store).`,
    `The server process's own RSS high-water mark, the warm-up's fetching and ingest included: ${r.rss.processHighWaterMiB.toFixed(0)} MiB.`,
    "The target is the issue's, for the server's CPU per request (per page view: in total); the wall time is the same request on this shared machine.",
  ].join("\n");
}
