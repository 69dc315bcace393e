import type { ItemStationFigures, LateCounts } from "@/lib/kitchen/contract/responses";
import { applicableTarget, veryLateSeconds, type TargetBook } from "@/lib/kitchen/contract/targets";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { AT_LEVEL, AT_STATION, AT_X, CELL_WIDTH, type CubePart } from "@/lib/kitchen/ingest/day-summary";
import type { DenseHistograms, ScratchArena } from "@/lib/kitchen/query/dense-histograms";
import type { DayIds, DimensionInterner } from "@/lib/kitchen/query/dimension-interner";

/**
 * Late counts: records over the target that applies to them (their station's own at their level,
 * else the level's: lib/kitchen/contract/targets.ts), and "very late" ones, over 1.5 × it. Because
 * the target can differ per station, every count is taken where the station is still a dimension
 * (station × level, a day's cells, an item's cells) and only then summed: a level's late count is
 * the sum of its stations'. Targets are dated (contract/target-versions.ts): every source of cells
 * carries the table of the targets in force on its day(s), so a range spanning a change judges
 * each day by its own.
 */

const L = KITCHEN_LEVELS.length;
const W = CELL_WIDTH;

/** Per global station id × level: the target that applies (seconds). */
export function targetTable(book: TargetBook, interner: DimensionInterner): Float64Array {
  const S = interner.stations.size;
  const out = new Float64Array(S * L);
  for (let s = 0; s < S; s++) {
    const guid = interner.stations.value(s).guid;
    for (const level of KITCHEN_LEVELS) out[s * L + level] = applicableTarget(book, guid, level);
  }
  return out;
}

/** Late counts of one group of a dense table against one target. */
export function lateIn(table: DenseHistograms, group: number, target: number): LateCounts {
  const count = table.count[group]!;
  return {
    late: count - table.countAtMost(group, target),
    veryLate: count - table.countAtMost(group, veryLateSeconds(target)),
  };
}

/** A level's share within target and late counts: each station's records against its own target, summed. */
export function levelShare(
  perStation: DenseHistograms,
  stations: number,
  targets: Float64Array,
  level: number,
): LateCounts & { within: number } {
  let within = 0;
  let late = 0;
  let veryLate = 0;
  for (let s = 0; s < stations; s++) {
    const g = s * L + level;
    if (!perStation.touched[g]) continue;
    const t = targets[g]!;
    const one = lateIn(perStation, g, t);
    within += perStation.count[g]! - one.late;
    late += one.late;
    veryLate += one.veryLate;
  }
  return { within, late, veryLate };
}

/** A source of cells for the per-day counts: a cube in some numbering, its ids into the global one, its filter and its day. */
export interface DayCells {
  cube: CubePart;
  ids: DayIds;
  /** Whether a cell counts (the query's filters). */
  matches: (keys: Uint32Array, k: number) => boolean;
  /** The trend point (index into the range's dates). */
  day: number;
  /** The targets in force on that day (targetTable). */
  targets: Float64Array;
}

/**
 * Per trend point × level: late and very late records, each cell's station against its own
 * target. `cap` is the outlier cut (entries over it count nowhere).
 */
export function lateByDay(
  sources: readonly DayCells[],
  days: number,
  cap: number,
): { late: Float64Array; veryLate: Float64Array } {
  const late = new Float64Array(days * L);
  const veryLate = new Float64Array(days * L);
  for (const { cube, ids, matches, day, targets } of sources) {
    const { keys, excluded, start, seconds, counts } = cube;
    for (let c = 0; c < excluded.length; c++) {
      const k = c * W;
      if (!matches(keys, k)) continue;
      const level = keys[k + AT_LEVEL]!;
      const target = targets[ids.station[keys[k + AT_STATION]!]! * L + level]!;
      const very = veryLateSeconds(target);
      const g = day * L + level;
      // Seconds ascend within a cell: walk down from the largest while over the target.
      for (let e = start[c + 1]! - 1; e >= start[c]! && seconds[e]! > target; e--) {
        if (seconds[e]! > cap) continue;
        late[g]! += counts[e]!;
        if (seconds[e]! > very) veryLate[g]! += counts[e]!;
      }
    }
  }
  return { late, veryLate };
}

/**
 * Per station × level (S × L): late and very late records of cells each held to its own source's
 * targets. For a range whose targets changed: a merged histogram cannot say which of its records
 * came from which day. `cap` is the outlier cut.
 */
export function lateByStation(
  sources: readonly Omit<DayCells, "day">[],
  stations: number,
  cap: number,
): { late: Float64Array; veryLate: Float64Array } {
  const late = new Float64Array(stations * L);
  const veryLate = new Float64Array(stations * L);
  for (const { cube, ids, matches, targets } of sources) {
    const { keys, excluded, start, seconds, counts } = cube;
    for (let c = 0; c < excluded.length; c++) {
      const k = c * W;
      if (!matches(keys, k)) continue;
      const g = ids.station[keys[k + 1]!]! * L + keys[k]!;
      const target = targets[g]!;
      const very = veryLateSeconds(target);
      for (let e = start[c + 1]! - 1; e >= start[c]! && seconds[e]! > target; e--) {
        if (seconds[e]! > cap) continue;
        late[g]! += counts[e]!;
        if (seconds[e]! > very) veryLate[g]! += counts[e]!;
      }
    }
  }
  return { late, veryLate };
}

/** A source of item cells: an items cube keyed (level, station, item, ...), its ids, filter and targets in force. */
export interface ItemCells {
  cube: CubePart;
  ids: DayIds;
  matches: (keys: Uint32Array, k: number) => boolean;
  targets: Float64Array;
}

/**
 * Per picked item (slotOf its global id ≥ 0) × station × level: statistics and late figures.
 * The groups (items go to one or two stations, so they are few) are numbered as first met, then
 * every entry is added into one dense table of them (`span` wide, from the merge's scratch arena),
 * as the other breakdowns are: no map per group nor per second. Late figures are counted per
 * cell, against its source's targets; `shown` is the target each row reports (the range's last day's).
 */
export function itemStationRows(
  sources: readonly ItemCells[],
  slotOf: Int32Array,
  shown: Float64Array,
  interner: DimensionInterner,
  arena: Pick<ScratchArena, "table">,
  span: number,
): ItemStationFigures[] {
  const S = interner.stations.size;
  const groupOfKey = new Map<number, number>();
  const keyOfGroup: number[] = [];
  const cellGroups = sources.map(({ cube, ids, matches }) => {
    const keys = cube.keys;
    const out = new Int32Array(cube.excluded.length).fill(-1);
    for (let c = 0; c < out.length; c++) {
      const k = c * W;
      if (!matches(keys, k)) continue;
      const item = ids.item[keys[k + AT_X]!]!;
      if (slotOf[item]! < 0) continue;
      const key = (item * S + ids.station[keys[k + AT_STATION]!]!) * L + keys[k + AT_LEVEL]!;
      let g = groupOfKey.get(key);
      if (g === undefined) {
        g = keyOfGroup.length;
        groupOfKey.set(key, g);
        keyOfGroup.push(key);
      }
      out[c] = g;
    }
    return out;
  });
  const table = arena.table(keyOfGroup.length, span);
  const lateOf = new Float64Array(keyOfGroup.length);
  const veryLateOf = new Float64Array(keyOfGroup.length);
  const overOf = new Float64Array(keyOfGroup.length);
  sources.forEach(({ cube, ids, targets }, i) => {
    const groups = cellGroups[i]!;
    const { keys, start, seconds, counts } = cube;
    for (let c = 0; c < groups.length; c++) {
      const g = groups[c]!;
      if (g < 0) continue;
      const k = c * W;
      const target = targets[ids.station[keys[k + 1]!]! * L + keys[k]!]!;
      const very = veryLateSeconds(target);
      // Seconds ascend within a cell: its late entries are its last ones.
      for (let e = start[c + 1]! - 1; e >= start[c]! && seconds[e]! > target; e--) {
        lateOf[g]! += counts[e]!;
        overOf[g]! += (seconds[e]! - target) * counts[e]!;
        if (seconds[e]! > very) veryLateOf[g]! += counts[e]!;
      }
      table.addCubeCell(g, cube, c);
    }
  });
  const out: ItemStationFigures[] = [];
  keyOfGroup.forEach((key, g) => {
    const level = (key % L) as KitchenLevel;
    const station = Math.floor(key / L) % S;
    const item = Math.floor(key / L / S);
    const iv = interner.items.value(item);
    const sv = interner.stations.value(station);
    out.push({
      itemGuid: iv.guid,
      itemName: iv.name,
      stationGuid: sv.guid,
      stationName: sv.name,
      level,
      stats: table.stats(g),
      targetSeconds: shown[station * L + level]!,
      late: lateOf[g]!,
      veryLate: veryLateOf[g]!,
      secondsOverTarget: overOf[g]!,
    });
  });
  // Most time over target first; ties in stable keys, the same on every machine and restart.
  return out.sort(
    (a, b) =>
      a.level - b.level ||
      b.secondsOverTarget - a.secondsOverTarget ||
      b.stats.count - a.stats.count ||
      codeUnits(a.itemGuid, b.itemGuid) ||
      codeUnits(a.itemName, b.itemName) ||
      codeUnits(a.stationGuid, b.stationGuid),
  );
}

function codeUnits(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
