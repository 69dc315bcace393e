import type { Stats } from "@/lib/kitchen/contract/responses";

/** The figures of a selection with no measured record: a count of 0 and no durations. */
export function noStats(excluded: number): Stats {
  return { count: 0, excluded, mean: null, p50: null, p75: null, p90: null, p95: null, max: null };
}
