import type { HistogramBin, Stats } from "./api-types";
import { nearestRank, REPORTED_PERCENTILES } from "./nearest-rank";

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
  private overflow: Map<number, Map<number, number>> | null = null;

  constructor(
    readonly groups: number,
    readonly span: number,
  ) {
    this.counts = new Uint32Array(groups * span);
    this.excluded = new Float64Array(groups);
    this.touched = new Uint8Array(groups);
  }

  addOverflow(group: number, second: number, n: number): void {
    this.overflow ??= new Map();
    let m = this.overflow.get(group);
    if (m === undefined) {
      m = new Map();
      this.overflow.set(group, m);
    }
    m.set(second, (m.get(second) ?? 0) + n);
  }

  /** Adds group `from` of `source` (same span) into group `to` of this. */
  addGroup(to: number, source: DenseHistograms, from: number): void {
    if (!source.touched[from]) return;
    this.touched[to] = 1;
    this.excluded[to]! += source.excluded[from]!;
    const span = this.span;
    const dst = this.counts;
    const src = source.counts;
    const a = to * span;
    const b = from * span;
    for (let s = 0; s < span; s++) dst[a + s]! += src[b + s]!;
    const extra = source.overflow?.get(from);
    if (extra) for (const [second, n] of extra) this.addOverflow(to, second, n);
  }

  /** Visits every (second, count > 0) of the group, ascending. */
  forEach(group: number, visit: (second: number, count: number) => void): void {
    const span = this.span;
    const base = group * span;
    const counts = this.counts;
    for (let s = 0; s < span; s++) {
      const n = counts[base + s]!;
      if (n !== 0) visit(s, n);
    }
    const extra = this.overflow?.get(group);
    if (extra) for (const second of [...extra.keys()].sort((x, y) => x - y)) visit(second, extra.get(second)!);
  }

  stats(group: number): Stats {
    const extra = this.overflow?.get(group);
    const base = group * this.span;
    const dense = this.counts.subarray(base, base + this.span);
    if (!extra) return denseStats(dense, this.excluded[group]!);
    // Rare: durations beyond the dense span. Fold everything into sorted pairs.
    const seconds: number[] = [];
    const counts: number[] = [];
    this.forEach(group, (s, n) => {
      seconds.push(s);
      counts.push(n);
    });
    return sortedStats(seconds, counts, seconds.length, this.excluded[group]!);
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
    return counts.map((count, i) => ({ from: i * binSeconds, to: i === binCount ? null : (i + 1) * binSeconds, count }));
  }
}

const EMPTY = (excluded: number): Stats => ({ count: 0, excluded, mean: null, p50: null, p75: null, p90: null, p95: null, max: null });
const P = REPORTED_PERCENTILES;

/**
 * Count, mean (of the whole-second values, one decimal), nearest-rank percentiles and max of a
 * dense histogram: `counts[s]` records took s seconds.
 */
export function denseStats(counts: ArrayLike<number>, excluded: number): Stats {
  let count = 0;
  let sum = 0;
  let max = -1;
  for (let s = 0; s < counts.length; s++) {
    const n = counts[s]!;
    if (n !== 0) {
      count += n;
      sum += s * n;
      max = s;
    }
  }
  if (count === 0) return EMPTY(excluded);
  const r0 = nearestRank(count, P[0]);
  const r1 = nearestRank(count, P[1]);
  const r2 = nearestRank(count, P[2]);
  const r3 = nearestRank(count, P[3]);
  let p0 = -1;
  let p1 = -1;
  let p2 = -1;
  let p3 = -1;
  let seen = 0;
  for (let s = 0; s <= max; s++) {
    seen += counts[s]!;
    if (p0 < 0 && seen >= r0) p0 = s;
    if (p1 < 0 && seen >= r1) p1 = s;
    if (p2 < 0 && seen >= r2) p2 = s;
    if (seen >= r3) {
      p3 = s;
      break;
    }
  }
  return { count, excluded, mean: meanOneDecimal(sum, count), p50: p0, p75: p1, p90: p2, p95: p3, max };
}

/** The same from `n` (second, count) pairs in ascending order of second (seconds may repeat). */
export function sortedStats(seconds: ArrayLike<number>, counts: ArrayLike<number>, n: number, excluded: number): Stats {
  let count = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    count += counts[i]!;
    sum += seconds[i]! * counts[i]!;
  }
  if (count === 0) return EMPTY(excluded);
  const ranks = P.map((p) => nearestRank(count, p));
  const found: number[] = [];
  let seen = 0;
  for (let i = 0; i < n && found.length < ranks.length; i++) {
    seen += counts[i]!;
    while (found.length < ranks.length && seen >= ranks[found.length]!) found.push(seconds[i]!);
  }
  return { count, excluded, mean: meanOneDecimal(sum, count), p50: found[0]!, p75: found[1]!, p90: found[2]!, p95: found[3]!, max: seconds[n - 1]! };
}

/** sum / count rounded half up to one decimal, in integers so 2.25 is 2.3 and never 2.2. */
export function meanOneDecimal(sum: number, count: number): number {
  return Math.floor((20 * sum + count) / (2 * count)) / 10;
}
