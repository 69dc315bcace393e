import type { KitchenLevel } from "./vocabulary";

/**
 * Targets: one per level (the restaurant's, else DEFAULT_TARGET_SECONDS), and optionally one per
 * station and level that replaces the level's for that station's records. The rule of which
 * target applies lives here only, so the server's late counts and on-time shares and the page's
 * colours and ticks cannot disagree.
 */

/** A station's own target at one level (PUT .../kitchen/targets `stations`). */
export interface StationTarget {
  stationGuid: string;
  level: KitchenLevel;
  seconds: number;
}

export interface TargetBook {
  levels: Record<KitchenLevel, number>;
  stations: readonly StationTarget[];
}

/** The target a record of `stationGuid` at `level` is held to: its station's own, else the level's. */
export function applicableTarget(book: TargetBook, stationGuid: string | null, level: KitchenLevel): number {
  if (stationGuid !== null) {
    const own = book.stations.find((t) => t.stationGuid === stationGuid && t.level === level);
    if (own) return own.seconds;
  }
  return book.levels[level];
}

/**
 * "Very late" is over 1.5 × the target. Durations are whole seconds, so "over 1.5 × t" is "over
 * floor(1.5 × t)": the one threshold both the counts and the page use.
 */
export const veryLateSeconds = (targetSeconds: number): number => Math.floor(targetSeconds * 1.5);
