import type { HistogramBin, Stats } from "@/lib/kitchen/contract/responses";
import type { CubePart } from "@/lib/kitchen/ingest/day-summary";
import { nearestRank, REPORTED_PERCENTILES } from "@/lib/kitchen/query/nearest-rank";

/**
 * Many exact one-second histograms side by side in one typed array: group g's count of records
 * that took s seconds sits at counts[g × span + s]. Seconds at or beyond `span` (a ticket stuck
 * for hours) go to a per-group map, so nothing is clipped. Merging days is adding into it; the
 * statistics it reports equal nearest-rank over the raw values.
 */
export class DenseHistograms {
  readonly counts: Uint32Array;
  readonly excluded: Float64Array;
  readonly touched: Uint8Array;
  /** Per group, the largest second added (-1: none); scans stop there instead of at the span. */
  readonly top: Float64Array;
  /**
   * Per group, records with a value and the sum of their seconds, kept by the callers cell by
   * cell (`addCell`), so the statistics need one partial scan instead of two full ones.
   */
  readonly count: Float64Array;
  readonly sum: Float64Array;
  private overflow: Map<number, Map<number, number>> | null = null;

  /** `storage`, when given, must be zeroed and groups × span long (see ScratchArena). */
  constructor(
    readonly groups: number,
    readonly span: number,
    storage?: Uint32Array,
  ) {
    this.counts = storage ?? new Uint32Array(groups * span);
    this.excluded = new Float64Array(groups);
    this.touched = new Uint8Array(groups);
    this.top = new Float64Array(groups).fill(-1);
    this.count = new Float64Array(groups);
    this.sum = new Float64Array(groups);
  }

  /** A cell's totals, after its entries went into `counts` (or addOverflow). */
  addCell(group: number, count: number, sum: number, top: number): void {
    this.count[group]! += count;
    this.sum[group]! += sum;
    if (top > this.top[group]!) this.top[group] = top;
  }

  /** Last dense index worth scanning for the group. */
  private last(group: number): number {
    return Math.min(this.span - 1, this.top[group]!);
  }

  addOverflow(group: number, second: number, n: number): void {
    if (second > this.top[group]!) this.top[group] = second;
    this.overflow ??= new Map();
    let m = this.overflow.get(group);
    if (m === undefined) {
      m = new Map();
      this.overflow.set(group, m);
    }
    m.set(second, (m.get(second) ?? 0) + n);
  }

  /** Adds cell `c` of a cube (its excluded count, its entries and their totals) into `group`. */
  addCubeCell(group: number, cube: CubePart, c: number): void {
    const { excluded, start, seconds, counts, totals } = cube;
    this.touched[group] = 1;
    this.excluded[group]! += excluded[c]!;
    const dense = this.counts;
    const span = this.span;
    const base = group * span;
    const end = start[c + 1]!;
    let sum = 0;
    for (let e = start[c]!; e < end; e++) {
      const s = seconds[e]!;
      sum += s * counts[e]!;
      if (s < span) dense[base + s]! += counts[e]!;
      else this.addOverflow(group, s, counts[e]!);
    }
    if (end > start[c]!) this.addCell(group, totals[c]!, sum, seconds[end - 1]!);
  }

  /** Adds group `from` of `source` (same span) into group `to` of this. */
  addGroup(to: number, source: DenseHistograms, from: number): void {
    if (!source.touched[from]) return;
    this.touched[to] = 1;
    this.excluded[to]! += source.excluded[from]!;
    this.addCell(to, source.count[from]!, source.sum[from]!, source.top[from]!);
    const span = this.span;
    const dst = this.counts;
    const src = source.counts;
    const a = to * span;
    const b = from * span;
    const last = source.last(from);
    for (let s = 0; s <= last; s++) dst[a + s]! += src[b + s]!;
    const extra = source.overflow?.get(from);
    if (extra) for (const [second, n] of extra) this.addOverflow(to, second, n);
  }

  /** Visits every (second, count > 0) of the group, ascending. */
  forEach(group: number, visit: (second: number, count: number) => void): void {
    const span = this.span;
    const base = group * span;
    const counts = this.counts;
    const last = this.last(group);
    for (let s = 0; s <= last; s++) {
      const n = counts[base + s]!;
      if (n !== 0) visit(s, n);
    }
    const extra = this.overflow?.get(group);
    if (extra)
      for (const second of [...extra.keys()].sort((x, y) => x - y)) visit(second, extra.get(second)!);
  }

  stats(group: number): Stats {
    const base = group * this.span;
    const extra = this.overflow?.get(group);
    const known = { count: this.count[group]!, sum: this.sum[group]!, max: this.top[group]! };
    if (!extra)
      return denseStats(this.counts, base, this.last(group) + 1, this.excluded[group]!, [], [], known);
    // Durations beyond the dense span: every one of them is larger than any dense second.
    const seconds = [...extra.keys()].sort((x, y) => x - y);
    return denseStats(
      this.counts,
      base,
      this.last(group) + 1,
      this.excluded[group]!,
      seconds,
      seconds.map((x) => extra.get(x)!),
      known,
    );
  }

  countAtMost(group: number, limit: number): number {
    let within = 0;
    this.forEach(group, (second, n) => {
      if (second <= limit) within += n;
    });
    return within;
  }

  /** Fixed-width bins from 0 up to `cap` (exclusive), then one open bin for every value ≥ cap. */
  bins(group: number, binSeconds: number, cap: number): HistogramBin[] {
    const binCount = Math.ceil(cap / binSeconds);
    const counts = new Array<number>(binCount + 1).fill(0);
    this.forEach(group, (second, n) => {
      counts[second >= cap ? binCount : Math.floor(second / binSeconds)]! += n;
    });
    return counts.map((count, i) => ({
      from: i * binSeconds,
      to: i === binCount ? null : (i + 1) * binSeconds,
      count,
    }));
  }
}

const EMPTY = (excluded: number): Stats => ({
  count: 0,
  excluded,
  mean: null,
  p50: null,
  p75: null,
  p90: null,
  p95: null,
  max: null,
});
const P = REPORTED_PERCENTILES;

/**
 * Count, mean (of the whole-second values, one decimal), nearest-rank percentiles and max of a
 * dense histogram: `counts[base + s]` records took s seconds, for s below `length`; then the
 * (second, count) pairs beyond it, ascending. `known` count, sum and max skip the first scan.
 */
export function denseStats(
  counts: ArrayLike<number>,
  base: number,
  length: number,
  excluded: number,
  beyondSeconds: readonly number[] = [],
  beyondCounts: readonly number[] = [],
  known?: { count: number; sum: number; max: number },
): Stats {
  let count = 0;
  let sum = 0;
  let max = -1;
  if (known) ({ count, sum, max } = known);
  else {
    for (let s = 0; s < length; s++) {
      const n = counts[base + s]!;
      if (n !== 0) {
        count += n;
        sum += s * n;
        max = s;
      }
    }
    for (let i = 0; i < beyondSeconds.length; i++) {
      count += beyondCounts[i]!;
      sum += beyondSeconds[i]! * beyondCounts[i]!;
      max = beyondSeconds[i]!;
    }
  }
  if (count === 0) return EMPTY(excluded);
  const ranks = [
    nearestRank(count, P[0]),
    nearestRank(count, P[1]),
    nearestRank(count, P[2]),
    nearestRank(count, P[3]),
  ];
  const found = [-1, -1, -1, -1];
  let next = 0;
  let seen = 0;
  for (let s = 0; s < length && next < 4; s++) {
    seen += counts[base + s]!;
    while (next < 4 && seen >= ranks[next]!) found[next++] = s;
  }
  for (let i = 0; i < beyondSeconds.length && next < 4; i++) {
    seen += beyondCounts[i]!;
    while (next < 4 && seen >= ranks[next]!) found[next++] = beyondSeconds[i]!;
  }
  return {
    count,
    excluded,
    mean: meanOneDecimal(sum, count),
    p50: found[0]!,
    p75: found[1]!,
    p90: found[2]!,
    p95: found[3]!,
    max,
  };
}

/** sum / count rounded half up to one decimal, in integers so 2.25 is 2.3 and never 2.2. */
export function meanOneDecimal(sum: number, count: number): number {
  return Math.floor((20 * sum + count) / (2 * count)) / 10;
}

/**
 * Zeroed memory for the dense tables of one merge, reused by the next: a 90-day summary needs
 * tens of megabytes of tables for a few milliseconds, and allocating them anew each time costs
 * more than the merge's own adding, in page faults and garbage collection. Merges are
 * synchronous, so one arena per process is never shared by two at once.
 */
export class ScratchArena {
  private buffer = new Uint32Array(0);
  private used = 0;
  private wanted = 0;

  /** Starts a merge: everything taken before is free again. */
  reset(): void {
    if (this.wanted > this.buffer.length) this.buffer = new Uint32Array(this.wanted);
    this.used = 0;
    this.wanted = 0;
  }

  table(groups: number, span: number): DenseHistograms {
    const n = groups * span;
    this.wanted += n;
    if (this.used + n > this.buffer.length) return new DenseHistograms(groups, span);
    const storage = this.buffer.subarray(this.used, this.used + n);
    this.used += n;
    storage.fill(0);
    return new DenseHistograms(groups, span, storage);
  }
}
