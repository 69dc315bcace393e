import { KITCHEN_LEVELS } from "@/lib/kitchen/contract/vocabulary";
import type { CubePart, DaySummary } from "@/lib/kitchen/ingest/day-summary";
import {
  countOver,
  dayFilter,
  detailOf,
  type RangeParts,
  type SummaryFilters,
} from "@/lib/kitchen/query/range-summary";

/**
 * Items left on screen (lib/kitchen/contract/stuck-items.ts has the rule) in the stored cubes.
 * Whether a record is stuck is read on its fire to fulfill, so it is counted on the fire-to-fulfill
 * hours cubes (every record has one hour): the days', and the rollups' of that metric (their hour ×
 * station marginals when no behavior or source filter needs the detail). Filters other than the
 * cuts apply as to every figure; levels outside the level filter count nothing.
 */
export function countStuck(parts: RangeParts, filters: SummaryFilters, limitSeconds: number): number {
  if (parts.rollups.some((r) => r.metric !== "fire_to_fulfill"))
    throw new Error("items left on screen are counted on fire-to-fulfill rollups only");
  const perLevel = new Float64Array(KITCHEN_LEVELS.length);
  const sources: { dict: Parameters<typeof dayFilter>[0]; hours: CubePart }[] = [
    ...parts.days.map((day) => ({ dict: day, hours: day.cubes.fire_to_fulfill.hours })),
    ...parts.rollups.map((r) => ({
      dict: r,
      // The marginals keep level, station and hour: enough unless behavior or source is filtered.
      hours:
        filters.behavior === undefined && filters.channel === undefined && filters.source === undefined
          ? r.marginals.hourStation
          : detailOf(r).cubes.hours,
    })),
  ];
  for (const s of sources) {
    const f = dayFilter(s.dict, filters);
    if (f) countOver(s.hours, f, limitSeconds, perLevel);
  }
  return perLevel.reduce((a, b) => a + b, 0);
}

/** Whether a day holds any record left on screen (its fire-to-fulfill cells' largest second over the limit). */
export function hasStuck(day: DaySummary, limitSeconds: number): boolean {
  const { start, seconds, excluded } = day.cubes.fire_to_fulfill.hours;
  for (let c = 0; c < excluded.length; c++)
    if (start[c + 1]! > start[c]! && seconds[start[c + 1]! - 1]! > limitSeconds) return true;
  return false;
}
