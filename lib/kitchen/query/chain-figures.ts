import type { ChainLevelFigures, OverviewChainRank } from "@/lib/kitchen/contract/chain";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { AT_LEVEL, CELL_WIDTH, type CubePart, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { nearestRank } from "@/lib/kitchen/query/nearest-rank";
import { cutCube } from "@/lib/kitchen/query/range-summary";

/**
 * The chain's arithmetic (issue 36). A group of restaurants' percentile is the nearest rank over
 * the union of their records, read from the sum of their one-second histograms (a sum of
 * histograms is the histogram of the union): never a mean, nor a median, of their percentiles.
 */

/** seconds -> records that took exactly that long. */
export type SecondsHistogram = Map<number, number>;

/** Adds `from` into `into`. */
export function addHistogram(into: SecondsHistogram, from: SecondsHistogram): void {
  for (const [s, n] of from) into.set(s, (into.get(s) ?? 0) + n);
}

/** Adds a cube cell's entries into `into`; returns the records added. */
export function addCell(into: SecondsHistogram, cube: CubePart, cell: number): number {
  const { start, seconds, counts } = cube;
  let added = 0;
  for (let e = start[cell]!; e < start[cell + 1]!; e++) {
    into.set(seconds[e]!, (into.get(seconds[e]!) ?? 0) + counts[e]!);
    added += counts[e]!;
  }
  return added;
}

/** pXX of a histogram by nearest rank; null when it holds no record. */
export function histogramPercentile(h: SecondsHistogram, p: number): number | null {
  let total = 0;
  for (const n of h.values()) total += n;
  if (total === 0) return null;
  const rank = nearestRank(total, p);
  let seen = 0;
  for (const [s, n] of [...h].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen >= rank) return s;
  }
  return null;
}

/**
 * A restaurant's fire-to-fulfill records of a range per level, as histograms: the hours cube of
 * its days summed over hours, stations, behaviors and sources, the items left on screen cut as
 * every figure cuts them (`cutSeconds`, range-summary.ts cutSecondsOf). The same records as the
 * Overview's `records` and percentiles of the restaurant.
 */
export function levelHistograms(
  days: readonly DaySummary[],
  cutSeconds: number | undefined,
): Record<KitchenLevel, SecondsHistogram> {
  const out = { 0: new Map(), 1: new Map(), 2: new Map() } as Record<KitchenLevel, SecondsHistogram>;
  for (const day of days) {
    const hours = day.cubes.fire_to_fulfill.hours;
    const cube = cutSeconds === undefined ? hours : cutCube(hours, cutSeconds);
    for (let c = 0; c < cube.excluded.length; c++)
      addCell(out[cube.keys[c * CELL_WIDTH + AT_LEVEL] as KitchenLevel], cube, c);
  }
  return out;
}

/** A restaurant's share of a group: its histograms and its Overview row's late counts per level. */
export interface ChainMember {
  histograms: Record<KitchenLevel, SecondsHistogram>;
  late: Record<KitchenLevel, number>;
}

/** The group's figures per level: percentiles over the merged histograms, late items summed. */
export function mergedLevelFigures(members: readonly ChainMember[]): ChainLevelFigures[] {
  return KITCHEN_LEVELS.map((level) => {
    const h: SecondsHistogram = new Map();
    for (const m of members) addHistogram(h, m.histograms[level]);
    let records = 0;
    for (const n of h.values()) records += n;
    const late = members.reduce((n, m) => n + m.late[level], 0);
    return {
      level,
      records,
      p50: histogramPercentile(h, 50),
      p90: histogramPercentile(h, 90),
      late,
      onTimeShare: records === 0 ? null : (records - late) / records,
    };
  });
}

/** The median of the restaurants' p90s (nearest rank: the lower middle of an even count); null when none. */
export function lowerMedianOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return present.length === 0 ? null : present[nearestRank(present.length, 50) - 1]!;
}

/**
 * Each restaurant's place by its p90 at each level (1 = the fastest; equal p90s share the better
 * rank), among the restaurants with records, and its distance to the median restaurant's p90.
 */
export function chainRanks(p90s: readonly Record<KitchenLevel, number | null>[]): OverviewChainRank[][] {
  const byLevel = KITCHEN_LEVELS.map((level) => {
    const values = p90s.map((p) => p[level]);
    const present = values.filter((v): v is number => v !== null);
    return { level, values, present, median: lowerMedianOf(present) };
  });
  return p90s.map((_, i) =>
    byLevel.map(({ level, values, present, median }) => {
      const mine = values[i]!;
      return {
        level,
        rank: mine === null ? null : 1 + present.filter((v) => v < mine).length,
        of: present.length,
        vsMedianSeconds: mine === null || median === null ? null : mine - median,
      };
    }),
  );
}
