/**
 * Nearest-rank percentiles: pXX is the smallest value d such that at least XX% of the values are
 * ≤ d, i.e. the value at 1-based rank ceil(XX/100 × n) of the sorted values. p × n is an
 * integer, so a whole-number rank such as p95 of 20 values (rank 19) comes out exact.
 */
export const REPORTED_PERCENTILES = [50, 75, 90, 95] as const;

/** 1-based rank of the pXX value among n values (n ≥ 1, 0 < p ≤ 100). */
export function nearestRank(n: number, p: number): number {
  return Math.max(1, Math.ceil((p * n) / 100));
}

/** pXX of a list of values by nearest rank; null for an empty list. Does not modify `values`. */
export function percentileOf(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[nearestRank(sorted.length, p) - 1]!;
}
