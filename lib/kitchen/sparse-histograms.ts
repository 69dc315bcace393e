import type { Stats } from "./api-types";
import { denseStats, sortedStats } from "./dense-histograms";

/**
 * Exact one-second histograms for breakdowns with many groups and few values each (menu items,
 * courses): a dense array per group would be mostly zeros. Filled in two passes over the same
 * cells, first `reserve` (sizes), then `put` (entries), so the entries of all groups live in
 * two flat typed arrays. Statistics sort a group's entries by counting into a shared scratch.
 */
export class SparseHistograms {
  readonly sizes: Uint32Array;
  readonly excluded: Float64Array;
  readonly maxSecond: Float64Array;
  readonly touched: Uint8Array;
  private offsets: Uint32Array | null = null;
  private fill: Uint32Array | null = null;
  private seconds: Uint32Array | null = null;
  private counts: Uint32Array | null = null;
  private scratch = new Uint32Array(0);

  constructor(readonly groups: number) {
    this.sizes = new Uint32Array(groups);
    this.excluded = new Float64Array(groups);
    this.maxSecond = new Float64Array(groups);
    this.touched = new Uint8Array(groups);
  }

  /** Pass 1: a cell of `entries` entries, `excluded` exclusions and largest second `max` goes to `group`. */
  reserve(group: number, entries: number, excluded: number, max: number): void {
    this.touched[group] = 1;
    this.sizes[group]! += entries;
    this.excluded[group]! += excluded;
    if (max > this.maxSecond[group]!) this.maxSecond[group] = max;
  }

  /** Between the passes. */
  allocate(): void {
    const offsets = new Uint32Array(this.groups + 1);
    for (let g = 0; g < this.groups; g++) offsets[g + 1] = offsets[g]! + this.sizes[g]!;
    this.offsets = offsets;
    this.fill = offsets.slice(0, this.groups);
    this.seconds = new Uint32Array(offsets[this.groups]!);
    this.counts = new Uint32Array(offsets[this.groups]!);
  }

  /** Pass 2. */
  put(group: number, second: number, n: number): void {
    const at = this.fill![group]!++;
    this.seconds![at] = second;
    this.counts![at] = n;
  }

  stats(group: number): Stats {
    const from = this.offsets![group]!;
    const to = this.offsets![group + 1]!;
    const n = to - from;
    const excluded = this.excluded[group]!;
    const seconds = this.seconds!.subarray(from, to);
    const counts = this.counts!.subarray(from, to);
    if (n <= 1) return sortedStats(seconds, counts, n, excluded);
    const max = this.maxSecond[group]!;
    if (max < 1 << 16 && max < 16 * n) {
      // Counting sort through a shared scratch: cheaper than comparing when the span is short.
      if (this.scratch.length <= max) this.scratch = new Uint32Array(Math.max(max + 1, this.scratch.length * 2));
      const scratch = this.scratch.subarray(0, max + 1);
      for (let i = 0; i < n; i++) scratch[seconds[i]!]! += counts[i]!;
      const result = denseStats(scratch, excluded);
      scratch.fill(0);
      return result;
    }
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => seconds[a]! - seconds[b]!);
    return sortedStats(
      order.map((i) => seconds[i]!),
      order.map((i) => counts[i]!),
      n,
      excluded,
    );
  }
}
