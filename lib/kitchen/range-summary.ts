import {
  KITCHEN_LEVELS,
  NONE_FILTER,
  type FilterOptions,
  type Histogram,
  type KitchenLevel,
  type KitchenMetric,
  type KitchenSummary,
  type StationRef,
  type Stats,
  type TargetShare,
} from "./api-types";
import { CELL_WIDTH, UNKNOWN_HOUR, type CubePart, type DaySummary, type DimensionValue } from "./day-summary";
import { DenseHistograms } from "./dense-histograms";
import { SparseHistograms } from "./sparse-histograms";

/**
 * Answers a range by merging its days' cubes: exact, because every breakdown is a sum of cells
 * and a sum of one-second histograms is the histogram of the union. Raw records are never read.
 *
 * Each entry of the hours cube is added to four dense histograms (hour × station × level, day ×
 * level, behavior × level, source × level); stations, hours, levels and the overall histogram are
 * then sums of those, because every record has exactly one station and one hour. Items and
 * courses, with many groups of few values, go to sparse histograms.
 */

export interface SummaryFilters {
  level?: KitchenLevel;
  station?: string;
  behavior?: string;
  source?: string;
}

export type MergedSummary = Pick<
  KitchenSummary,
  "levels" | "stations" | "hours" | "hourStations" | "days" | "items" | "behaviors" | "sources" | "courses" | "histogram" | "withinTarget" | "options"
>;

// Module-level copies: imported bindings can compile to getter calls, too slow for the hot loops.
const W = CELL_WIDTH;
const L = KITCHEN_LEVELS.length;
const HOURS = UNKNOWN_HOUR + 1;
/** Seconds held densely; longer durations (over 2 h 16 min) are kept exactly in overflow maps. */
const MAX_SPAN = 8192;

class RangeDictionary<V> {
  readonly values: V[] = [];
  private readonly index = new Map<string, number>();
  constructor(
    private readonly keyOf: (v: V) => string,
    private readonly merge: (into: V, from: V) => void = () => {},
  ) {}

  /** The day's local index -> the range's index. */
  map(local: readonly V[]): Int32Array {
    const out = new Int32Array(local.length);
    local.forEach((v, i) => {
      const key = this.keyOf(v);
      let id = this.index.get(key);
      if (id === undefined) {
        id = this.values.length;
        this.index.set(key, id);
        this.values.push(v);
      } else {
        this.merge(this.values[id]!, v);
      }
      out[i] = id;
    });
    return out;
  }
}

/** A name missing on one day (a record without it) is taken from another day. */
function mergeName(into: DimensionValue, from: DimensionValue): void {
  if (into.name === null) into.name = from.name;
}
const copy = (v: DimensionValue): DimensionValue => ({ guid: v.guid, name: v.name });
const dimensionKey = (v: DimensionValue) => (v.guid === null ? "\u0000" : v.guid);
const stringKey = (v: string | null) => (v === null ? "\u0000" : v);

/** The day's local index of a filter value: -1 = the day has none, -2 = unfiltered. */
function localFilter(values: readonly (string | null)[], wanted: string | undefined): number {
  if (wanted === undefined) return -2;
  return values.indexOf(wanted === NONE_FILTER ? null : wanted);
}

function maxSecondOf(cube: CubePart): number {
  let max = 0;
  const { seconds, start } = cube;
  // Seconds ascend within each cell, so each cell's last entry is its largest.
  for (let c = 1; c < start.length; c++) {
    const end = start[c]!;
    if (end > start[c - 1]! && seconds[end - 1]! > max) max = seconds[end - 1]!;
  }
  return max;
}

export function mergeDays(
  days: readonly DaySummary[],
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: Record<KitchenLevel, number>,
): MergedSummary {
  return merge(days, metric, filters, targets, true);
}

/** Only the station × level breakdown (summary.csv wants it for every metric; nothing else). */
export function mergeStationLevels(days: readonly DaySummary[], metric: KitchenMetric, filters: SummaryFilters): MergedSummary["stations"] {
  return merge(days, metric, filters, { 0: 0, 1: 0, 2: 0 }, false).stations;
}

function merge(
  days: readonly DaySummary[],
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: Record<KitchenLevel, number>,
  everything: boolean,
): MergedSummary {
  const stationDict = new RangeDictionary<DimensionValue>(dimensionKey, mergeName);
  const behaviorDict = new RangeDictionary<string | null>(stringKey);
  const sourceDict = new RangeDictionary<string | null>(stringKey);
  const itemDict = new RangeDictionary<DimensionValue>(dimensionKey, mergeName);
  const courseDict = new RangeDictionary<DimensionValue>(dimensionKey, mergeName);
  const levelsPresent = new Set<number>();
  let maxSecond = 0;
  const maps = days.map((day) => {
    for (const l of day.levels) levelsPresent.add(l);
    maxSecond = Math.max(maxSecond, maxSecondOf(day.cubes[metric].hours));
    return {
      station: stationDict.map(day.stations.map(copy)),
      behavior: behaviorDict.map(day.behaviors),
      source: sourceDict.map(day.sources),
      item: itemDict.map(day.items.map(copy)),
      course: courseDict.map(day.courses.map(copy)),
    };
  });
  const S = stationDict.values.length;
  const span = Math.min(MAX_SPAN, maxSecond + 1);

  const hourStation = new DenseHistograms(HOURS * S * L, span);
  // Without `everything`, the per-day, behavior and source tables shrink to one group that
  // collects what nobody reads.
  const perDay = new DenseHistograms(everything ? days.length * L : L, span);
  const perBehavior = new DenseHistograms(everything ? behaviorDict.values.length * L : L, span);
  const perSource = new DenseHistograms(everything ? sourceDict.values.length * L : L, span);
  const perItem = new SparseHistograms(itemDict.values.length * L);
  const perCourse = new SparseHistograms(courseDict.values.length * L);

  const levelF = filters.level ?? -2;
  const dayFilters = days.map((day) => ({
    station: localFilter(
      day.stations.map((s) => s.guid),
      filters.station,
    ),
    behavior: localFilter(day.behaviors, filters.behavior),
    source: localFilter(day.sources, filters.source),
  }));
  const dayMatches = (d: number) => {
    const f = dayFilters[d]!;
    return f.station !== -1 && f.behavior !== -1 && f.source !== -1;
  };

  // The hours cube: every entry into four dense histograms.
  const hs = hourStation.counts;
  const pd = perDay.counts;
  const pb = perBehavior.counts;
  const ps = perSource.counts;
  for (let d = 0; d < days.length; d++) {
    if (!dayMatches(d)) continue;
    const { station: sF, behavior: bF, source: oF } = dayFilters[d]!;
    const m = maps[d]!;
    const { keys, excluded, start, seconds, counts } = days[d]!.cubes[metric].hours;
    const cells = excluded.length;
    for (let c = 0; c < cells; c++) {
      const k = c * W;
      const level = keys[k]!;
      if (levelF !== -2 && level !== levelF) continue;
      if (sF !== -2 && keys[k + 1] !== sF) continue;
      if (bF !== -2 && keys[k + 3] !== bF) continue;
      if (oF !== -2 && keys[k + 4] !== oF) continue;
      const g1 = (keys[k + 2]! * S + m.station[keys[k + 1]!]!) * L + level;
      const g2 = everything ? d * L + level : level;
      const g3 = everything ? m.behavior[keys[k + 3]!]! * L + level : level;
      const g4 = everything ? m.source[keys[k + 4]!]! * L + level : level;
      hourStation.touched[g1] = perDay.touched[g2] = perBehavior.touched[g3] = perSource.touched[g4] = 1;
      const x = excluded[c]!;
      if (x !== 0) {
        hourStation.excluded[g1]! += x;
        perDay.excluded[g2]! += x;
        perBehavior.excluded[g3]! += x;
        perSource.excluded[g4]! += x;
      }
      const b1 = g1 * span;
      const b2 = g2 * span;
      const b3 = g3 * span;
      const b4 = g4 * span;
      const end = start[c + 1]!;
      for (let e = start[c]!; e < end; e++) {
        const s = seconds[e]!;
        const n = counts[e]!;
        if (s < span) {
          hs[b1 + s]! += n;
          pd[b2 + s]! += n;
          pb[b3 + s]! += n;
          ps[b4 + s]! += n;
        } else {
          hourStation.addOverflow(g1, s, n);
          perDay.addOverflow(g2, s, n);
          perBehavior.addOverflow(g3, s, n);
          perSource.addOverflow(g4, s, n);
        }
      }
    }
  }

  // Items and courses: two passes over their cubes into sparse histograms.
  const sparse = [
    { kind: "items" as const, target: perItem, map: (d: number) => maps[d]!.item },
    { kind: "courses" as const, target: perCourse, map: (d: number) => maps[d]!.course },
  ];
  for (const { kind, target, map } of everything ? sparse : []) {
    for (const pass of [1, 2]) {
      if (pass === 2) target.allocate();
      for (let d = 0; d < days.length; d++) {
        if (!dayMatches(d)) continue;
        const { station: sF, behavior: bF, source: oF } = dayFilters[d]!;
        const global = map(d);
        const { keys, excluded, start, seconds, counts } = days[d]!.cubes[metric][kind];
        const cells = excluded.length;
        for (let c = 0; c < cells; c++) {
          const k = c * W;
          const level = keys[k]!;
          if (levelF !== -2 && level !== levelF) continue;
          if (sF !== -2 && keys[k + 1] !== sF) continue;
          if (bF !== -2 && keys[k + 3] !== bF) continue;
          if (oF !== -2 && keys[k + 4] !== oF) continue;
          const g = global[keys[k + 2]!]! * L + level;
          const from = start[c]!;
          const end = start[c + 1]!;
          if (pass === 1) target.reserve(g, end - from, excluded[c]!, end > from ? seconds[end - 1]! : 0);
          else for (let e = from; e < end; e++) target.put(g, seconds[e]!, counts[e]!);
        }
      }
    }
  }

  // Sums: station × level and hour × level from hour × station × level; level from station × level.
  const perStation = new DenseHistograms(S * L, span);
  const perHour = new DenseHistograms(HOURS * L, span);
  for (let h = 0; h < HOURS; h++) {
    for (let s = 0; s < S; s++) {
      for (let l = 0; l < L; l++) {
        const g = (h * S + s) * L + l;
        perStation.addGroup(s * L + l, hourStation, g);
        perHour.addGroup(h * L + l, hourStation, g);
      }
    }
  }
  const perLevel = new DenseHistograms(L, span);
  for (let s = 0; s < S; s++) for (let l = 0; l < L; l++) perLevel.addGroup(l, perStation, s * L + l);
  const overall = new DenseHistograms(1, span);
  for (let l = 0; l < L; l++) overall.addGroup(0, perLevel, l);

  const levelList = KITCHEN_LEVELS.filter((l) => levelsPresent.has(l) && (filters.level === undefined || filters.level === l));
  const stationRef = (s: number): StationRef => ({ stationGuid: stationDict.values[s]!.guid, stationName: stationDict.values[s]!.name });

  function rows<Extra>(table: DenseHistograms | SparseHistograms, describe: (group: number) => Extra | null) {
    const out: (Extra & { level: KitchenLevel; stats: Stats })[] = [];
    for (let i = 0; i < table.touched.length; i++) {
      if (!table.touched[i]) continue;
      const extra = describe(Math.floor(i / L));
      if (extra !== null) out.push({ ...extra, level: (i % L) as KitchenLevel, stats: table.stats(i) });
    }
    return out;
  }
  const byLevelThenCount = <T extends { level: number; stats: Stats }>(a: T, b: T) => a.level - b.level || b.stats.count - a.stats.count;
  const byName = (a: string | null, b: string | null) => (a ?? "\uffff").localeCompare(b ?? "\uffff");

  const dayRows: KitchenSummary["days"] = [];
  days.forEach((day, d) => {
    for (const level of levelList) dayRows.push({ businessDate: day.businessDate, level, stats: perDay.stats(d * L + level) });
  });

  const withinTarget: TargetShare[] = levelList.map((level) => {
    const count = perLevel.stats(level).count;
    const within = perLevel.countAtMost(level, targets[level]);
    return { level, targetSeconds: targets[level], within, count, share: count === 0 ? null : within / count };
  });

  const options: FilterOptions = {
    stations: stationDict.values.map((v) => ({ stationGuid: v.guid, stationName: v.name })).sort((a, b) => byName(a.stationName, b.stationName)),
    behaviors: [...behaviorDict.values],
    sources: [...sourceDict.values],
    levels: KITCHEN_LEVELS.filter((l) => levelsPresent.has(l)),
  };

  return {
    levels: levelList.map((level) => ({ level, stats: perLevel.stats(level) })),
    stations: rows(perStation, stationRef).sort((a, b) => byName(a.stationName, b.stationName) || a.level - b.level),
    hours: rows(perHour, (h) => (h === UNKNOWN_HOUR ? null : { hour: h })).sort((a, b) => a.hour - b.hour || a.level - b.level),
    hourStations: rows(hourStation, (g) => {
      const hour = Math.floor(g / S);
      return hour === UNKNOWN_HOUR ? null : { hour, ...stationRef(g % S) };
    }).sort((a, b) => a.hour - b.hour || byName(a.stationName, b.stationName) || a.level - b.level),
    days: dayRows,
    items: rows(perItem, (g) => ({ itemGuid: itemDict.values[g]!.guid, itemName: itemDict.values[g]!.name })).sort(byLevelThenCount),
    behaviors: rows(perBehavior, (g) => ({ behavior: behaviorDict.values[g]! })).sort(byLevelThenCount),
    sources: rows(perSource, (g) => ({ source: sourceDict.values[g]! })).sort(byLevelThenCount),
    courses: rows(perCourse, (g) => ({ courseGuid: courseDict.values[g]!.guid, courseName: courseDict.values[g]!.name })).sort(byLevelThenCount),
    histogram: histogramOf(overall, filters),
    withinTarget,
    options,
  };
}

const NICE_BIN_SECONDS = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];
const TARGET_BINS = 30;

/**
 * Bins sized so about 30 of them span 0 to 1.5 × p95; everything beyond lands in one open bin,
 * so a few stuck tickets do not flatten the chart.
 */
function histogramOf(h: DenseHistograms, filters: SummaryFilters): Histogram {
  const meta = { level: filters.level ?? null, station: filters.station ?? null };
  const p95 = h.stats(0).p95;
  if (p95 === null) return { ...meta, binSeconds: 60, bins: [] };
  const wanted = Math.max(60, Math.ceil(p95 * 1.5));
  const binSeconds = NICE_BIN_SECONDS.find((b) => wanted / b <= TARGET_BINS) ?? 7200;
  const cap = Math.ceil(wanted / binSeconds) * binSeconds;
  return { ...meta, binSeconds, bins: h.bins(0, binSeconds, cap) };
}
