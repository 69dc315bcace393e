import type { CapacityInProgress, CapacityKneeStatus, CapacityLoad } from "@/lib/kitchen/contract/capacity";
import { hasFewRecords } from "@/lib/kitchen/contract/ranking";
import { NONE_FILTER, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { SLOT_CELL_WIDTH, SLOT_MINUTES, SLOTS_PER_DAY, type DaySlots } from "@/lib/kitchen/ingest/day-slots";
import type { DimensionValue } from "@/lib/kitchen/ingest/day-summary";
import { nearestRank } from "@/lib/kitchen/query/nearest-rank";

/**
 * Capacity from the days' slots (lib/kitchen/ingest/day-slots.ts), exactly:
 * - a slot instance is one business date's 15-minute slot of local time;
 * - its load is the number of records at the level (and station, when one is asked; every
 *   station's summed otherwise) whose ticket fired in it, timed or not;
 * - slot instances are grouped by their exact load; a group's p90 is the nearest rank over the
 *   one-second histograms of its records' fire to fulfill, added (never percentiles averaged),
 *   leaving out records over `cutSeconds` (items left on screen: they count in the load only).
 */

/** The days' parts capacity reads: the slots and the station dictionary they index. */
interface CapacityDay {
  stations: DimensionValue[];
  slots: DaySlots;
}

interface CapacityFilter {
  level: KitchenLevel;
  /** A station GUID, NONE_FILTER for records without one, undefined for every station. */
  station?: string;
}

const stationMatches = (value: DimensionValue | undefined, station: string | undefined) =>
  station === undefined || (station === NONE_FILTER ? value?.guid == null : value?.guid === station);

export function capacityLoads(
  days: readonly CapacityDay[],
  filter: CapacityFilter,
  targetSeconds: number,
  cutSeconds: number | undefined,
): CapacityLoad[] {
  // Per load: slot instances, items, and the histogram of the timed records (second -> count).
  const groups = new Map<number, { slots: number; items: number; histogram: Map<number, number> }>();
  for (const day of days) {
    const s = day.slots;
    // Per slot of this day: its load and its histogram entries' ranges.
    const loads = new Uint32Array(SLOTS_PER_DAY);
    const entries: [number, number][][] = Array.from({ length: SLOTS_PER_DAY }, () => []);
    for (let c = 0; c < s.untimed.length; c++) {
      const k = c * SLOT_CELL_WIDTH;
      if (s.keys[k] !== filter.level || !stationMatches(day.stations[s.keys[k + 1]!], filter.station))
        continue;
      const slot = s.keys[k + 2]!;
      loads[slot]! += s.untimed[c]!;
      for (let e = s.start[c]!; e < s.start[c + 1]!; e++) {
        loads[slot]! += s.counts[e]!;
        entries[slot]!.push([s.seconds[e]!, s.counts[e]!]);
      }
    }
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const load = loads[slot]!;
      if (load === 0) continue;
      const group =
        groups.get(load) ?? groups.set(load, { slots: 0, items: 0, histogram: new Map() }).get(load)!;
      group.slots++;
      group.items += load;
      for (const [second, count] of entries[slot]!) {
        if (cutSeconds !== undefined && second > cutSeconds) continue;
        group.histogram.set(second, (group.histogram.get(second) ?? 0) + count);
      }
    }
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([load, g]) => {
      const { timed, p90 } = p90Of(g.histogram);
      return {
        load,
        slots: g.slots,
        items: g.items,
        timed,
        p90,
        fewItems: hasFewRecords(g.items),
        overTarget: p90 !== null && p90 > targetSeconds,
      };
    });
}

function p90Of(histogram: Map<number, number>): { timed: number; p90: number | null } {
  const seconds = [...histogram.keys()].sort((a, b) => a - b);
  let timed = 0;
  for (const s of seconds) timed += histogram.get(s)!;
  if (timed === 0) return { timed, p90: null };
  const rank = nearestRank(timed, 90);
  let seen = 0;
  for (const s of seconds) {
    seen += histogram.get(s)!;
    if (seen >= rank) return { timed, p90: s };
  }
  return { timed, p90: null };
}

/**
 * The knee among the loads with enough items (MIN_RANKED_COUNT; the others are shown, not used):
 * the smallest load from which every heavier such load has p90 over the target. A load within
 * target above a run of loads over it ends that run, so a noisy heavy slot cannot put the knee
 * below a load the kitchen handled. The capacity to set is one less than the knee.
 */
export function capacityKnee(loads: readonly CapacityLoad[]): {
  knee: number | null;
  capacity: number | null;
  kneeStatus: CapacityKneeStatus;
} {
  const ranked = loads.filter((l) => !l.fewItems && l.p90 !== null);
  if (ranked.length === 0) return { knee: null, capacity: null, kneeStatus: "too_few" };
  if (!ranked.at(-1)!.overTarget) return { knee: null, capacity: null, kneeStatus: "never_over" };
  let first = ranked.length - 1;
  while (first > 0 && ranked[first - 1]!.overTarget) first--;
  const knee = ranked[first]!.load;
  if (first === 0) return { knee, capacity: null, kneeStatus: "always_over" };
  return { knee, capacity: knee - 1, kneeStatus: "knee" };
}

/**
 * Mean items in progress per station and slot of the day: the seconds the level's records spent
 * between fire and fulfilment within the slot, summed over the days, over 15 minutes × `days`.
 * Two decimals. Stations in the order of their first appearance, named by the first day naming them.
 */
export function capacityInProgress(
  days: readonly CapacityDay[],
  filter: CapacityFilter,
  dayCount: number,
): CapacityInProgress[] {
  const byStation = new Map<string, { value: DimensionValue | undefined; seconds: Float64Array }>();
  for (const day of days) {
    const s = day.slots;
    for (let c = 0; c < s.progressSeconds.length; c++) {
      const k = c * SLOT_CELL_WIDTH;
      const value = day.stations[s.progressKeys[k + 1]!];
      if (s.progressKeys[k] !== filter.level || !stationMatches(value, filter.station)) continue;
      const key = value?.guid ?? NONE_FILTER;
      const row =
        byStation.get(key) ??
        byStation.set(key, { value, seconds: new Float64Array(SLOTS_PER_DAY) }).get(key)!;
      if (row.value?.name == null && value?.name) row.value = value;
      row.seconds[s.progressKeys[k + 2]!]! += s.progressSeconds[c]!;
    }
  }
  const denominator = SLOT_MINUTES * 60 * Math.max(1, dayCount);
  return [...byStation.values()].map(({ value, seconds }) => {
    const slots = Array.from(seconds, (x) => Math.round((x / denominator) * 100) / 100);
    let peak: CapacityInProgress["peak"] = null;
    slots.forEach((items, slot) => {
      if (items > 0 && (peak === null || items > peak.items)) peak = { slot, items };
    });
    return { stationGuid: value?.guid ?? null, stationName: value?.name ?? null, slots, peak };
  });
}
