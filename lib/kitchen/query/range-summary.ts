import {
  type FilterOptions,
  type Histogram,
  type KitchenSummary,
  type StationRef,
  type Stats,
  type TargetShare,
} from "@/lib/kitchen/contract/responses";
import type { TargetBook } from "@/lib/kitchen/contract/targets";
import {
  BREAKDOWN_LIMIT,
  KITCHEN_LEVELS,
  NONE_FILTER,
  type KitchenLevel,
  type KitchenMetric,
} from "@/lib/kitchen/contract/vocabulary";
import { behaviorOfKey, channelOfKey, diningMask } from "@/lib/kitchen/ingest/channels";
import {
  AT_BEHAVIOR,
  AT_LEVEL,
  AT_SOURCE,
  AT_STATION,
  AT_X,
  CELL_WIDTH,
  cellTotals,
  UNKNOWN_HOUR,
  type CubePart,
  type DayDictionaries,
  type DaySummary,
  type DimensionValue,
} from "@/lib/kitchen/ingest/day-summary";
import { DenseHistograms, ScratchArena } from "@/lib/kitchen/query/dense-histograms";
import { DimensionInterner, type DayIds } from "@/lib/kitchen/query/dimension-interner";
import {
  itemStationRows,
  lateByDay,
  lateByStation,
  lateIn,
  levelShare,
  targetTable,
  type DayCells,
} from "@/lib/kitchen/query/late-counts";
import type { Rollup, RollupDetail, RollupMarginals } from "@/lib/kitchen/query/rollup";

/**
 * Answers a range by merging its days' cubes: exact, because every breakdown is a sum of cells
 * and a sum of one-second histograms is the histogram of the union. Raw records are never read.
 *
 * Each entry of the hours cube is added to four dense histograms (hour × station × level, day ×
 * level, behavior × level, source × level); stations, hours, levels and the overall histogram are
 * then sums of those, because every record has exactly one station and one hour. Items and
 * courses first count records per value, then histogram only the BREAKDOWN_LIMIT most frequent.
 *
 * A long range comes as rollups (weeks and months of closed days, summed: lib/kitchen/query/
 * rollup.ts) plus the days at its edges. A rollup's cubes merge like a day's; only the per-day
 * trend points come from its days' trend cubes instead of its hours cube.
 */

/** What a range is merged from: days, and rollups (of the metric asked) of whole periods of other days of it. */
export interface RangeParts {
  days: readonly DaySummary[];
  rollups: readonly Rollup[];
}

/** A day's or a rollup's dictionaries, levels and cubes of the metric asked. */
interface Source {
  dict: DayDictionaries;
  levels: readonly number[];
  /** The hours cube, into all four hour tables; or a rollup's marginals instead (`marginals`). */
  hours: CubePart | null;
  marginals: RollupMarginals | null;
  items: CubePart;
  courses: CubePart;
  /** Distinct selections: per station when the filters name one, else every station together. */
  selections: CubePart;
}

/** Whether rollups' marginals answer the filters (they keep only the level of the filtered dimensions), or their detail is needed. */
export const marginalsAnswer = (f: SummaryFilters) =>
  f.station === undefined &&
  f.behavior === undefined &&
  f.channel === undefined &&
  f.source === undefined &&
  f.maxSeconds === undefined &&
  f.stuckSeconds === undefined;

/**
 * The cut a metric's cubes take: the outlier cut, and for fire to fulfill (and ticket times, which
 * are fire to fulfill) also the items left on screen, whose own cubes hold the very time the rule
 * reads. The other metrics' parts come without stuck records already (day-summary.ts
 * `SummariseOptions`), since their cubes cannot tell them apart.
 */
export function cutSecondsOf(metric: KitchenMetric, f: SummaryFilters): number | undefined {
  if (metric !== "fire_to_fulfill" || f.stuckSeconds === undefined) return f.maxSeconds;
  return f.maxSeconds === undefined ? f.stuckSeconds : Math.min(f.maxSeconds, f.stuckSeconds);
}

export function detailOf(r: Rollup): RollupDetail {
  if (!r.detail)
    throw new Error(`the rollup of ${r.start} was read without its detail, which these filters need`);
  return r.detail();
}

function sourcesOf(parts: RangeParts, metric: KitchenMetric, filters: SummaryFilters): Source[] {
  // A selection at two stations is one item: only a station filter may read the per-station cube.
  const selectionKind = filters.station === undefined ? "selectionsAnyStation" : "selections";
  const days = parts.days.map((day) => {
    const c = day.cubes[metric];
    return {
      dict: day,
      levels: day.levels,
      hours: c.hours,
      marginals: null,
      items: c.items,
      courses: c.courses,
      selections: c[selectionKind],
    };
  });
  const rollups = parts.rollups.map((r) => {
    if (marginalsAnswer(filters)) {
      const m = r.marginals;
      return {
        dict: r,
        levels: r.levels,
        hours: null,
        marginals: m,
        items: m.items,
        courses: m.courses,
        selections: m.selections,
      };
    }
    const c = detailOf(r).cubes;
    return {
      dict: r,
      levels: r.levels,
      hours: c.hours,
      marginals: null,
      items: c.items,
      courses: c.courses,
      selections: c[selectionKind],
    };
  });
  const all: Source[] = [...days, ...rollups];
  const cut = filters.maxSeconds;
  if (cut === undefined) return all;
  return all.map((s) => ({
    ...s,
    hours: s.hours && cutCube(s.hours, cut),
    items: cutCube(s.items, cut),
    courses: cutCube(s.courses, cut),
    selections: cutCube(s.selections, cut),
  }));
}

/**
 * The outlier cut: a cube without the entries over `maxSeconds` (the records, or for the
 * selections cubes the items whose every record is over it). Exclusions (no value) stay: a
 * record without a time is not over anything. Cut copies are cached per cube and cut.
 */
export function cutCube(cube: CubePart, maxSeconds: number): CubePart {
  let perCut = cutCache.get(cube);
  if (!perCut) cutCache.set(cube, (perCut = new Map()));
  const hit = perCut.get(maxSeconds);
  if (hit) return hit;
  const cells = cube.excluded.length;
  const keys = new Uint32Array(cube.keys.length);
  const excluded = new Uint32Array(cells);
  const start = new Uint32Array(cells + 1);
  const seconds = new Uint32Array(cube.seconds.length);
  const counts = new Uint32Array(cube.counts.length);
  let e = 0;
  let n = 0;
  for (let c = 0; c < cells; c++) {
    const from = e;
    for (let i = cube.start[c]!; i < cube.start[c + 1]!; i++) {
      if (cube.seconds[i]! > maxSeconds) break;
      seconds[e] = cube.seconds[i]!;
      counts[e] = cube.counts[i]!;
      e++;
    }
    // A cell whose every record was cut is gone, as if it had never been recorded.
    if (e === from && cube.excluded[c] === 0) continue;
    keys.set(cube.keys.subarray(c * W, c * W + W), n * W);
    excluded[n] = cube.excluded[c]!;
    start[n] = from;
    n++;
  }
  start[n] = e;
  const kept = counts.slice(0, e);
  const finalStart = start.slice(0, n + 1);
  const out: CubePart = {
    keys: keys.slice(0, n * W),
    excluded: excluded.slice(0, n),
    start: finalStart,
    seconds: seconds.slice(0, e),
    counts: kept,
    totals: cellTotals(finalStart, kept),
  };
  perCut.set(maxSeconds, out);
  return out;
}
const cutCache = new WeakMap<CubePart, Map<number, CubePart>>();

/** Records over the cut in the cells matching the filter, per level (what the cut removed). */
export function countOver(cube: CubePart, f: DayFilter, maxSeconds: number, perLevel: Float64Array): void {
  const { keys, excluded, start, seconds, counts } = cube;
  for (let c = 0; c < excluded.length; c++) {
    const k = c * W;
    if (!cellMatches(keys, k, f)) continue;
    for (let e = start[c + 1]! - 1; e >= start[c]! && seconds[e]! > maxSeconds; e--)
      perLevel[keys[k + AT_LEVEL]!]! += counts[e]!;
  }
}

export interface SummaryFilters {
  level?: KitchenLevel;
  station?: string;
  behavior?: string;
  /** A channel (lib/kitchen/ingest/channels.ts), read from the same dimension as the behavior. */
  channel?: string;
  source?: string;
  /** The outlier cut: records whose time (of the metric merged) is over this many seconds count nowhere. */
  maxSeconds?: number;
  /**
   * Items left on screen (contract/stuck-items.ts): records whose fire to fulfill is over this many
   * seconds count nowhere, under every metric. Unset: they count (`stuck=include`).
   */
  stuckSeconds?: number;
}

/**
 * What a merge computes beyond its station × level pass: the hour tables (`hours`, `hourStations`),
 * the trend and breakdowns (`days` with their late counts, `behaviors`, `sources`), the items and
 * courses (`items`, `itemStations`, `courses`).
 */
export interface MergeScope {
  hours: boolean;
  trend: boolean;
  items: boolean;
}
const EVERYTHING: MergeScope = { hours: true, trend: true, items: true };
const STATION_LEVELS: MergeScope = { hours: false, trend: false, items: false };

export type MergedSummary = Pick<
  KitchenSummary,
  | "levels"
  | "stations"
  | "hours"
  | "hourStations"
  | "days"
  | "items"
  | "itemCount"
  | "itemStations"
  | "behaviors"
  | "channels"
  | "sources"
  | "courses"
  | "courseCount"
  | "histogram"
  | "withinTarget"
  | "options"
  | "outliers"
>;

// Module-level copies: imported bindings can compile to getter calls, too slow for the hot loops.
const W = CELL_WIDTH;
const L = KITCHEN_LEVELS.length;
const HOURS = UNKNOWN_HOUR + 1;
/** Seconds held densely at most; longer durations are kept exactly in overflow maps. */
const MAX_SPAN = 8192;
const UNFILTERED = -2;
const arena = new ScratchArena();
const ABSENT = -1;

/** The day's local index of a filter value: ABSENT when the day has none, UNFILTERED when not asked. */
function localFilter(values: readonly (string | null)[], wanted: string | undefined): number {
  if (wanted === undefined) return UNFILTERED;
  return values.indexOf(wanted === NONE_FILTER ? null : wanted);
}

export interface DayFilter {
  level: number;
  station: number;
  /** Per local dining key, 1 when it passes the behavior and channel filters; null: not filtered. */
  behavior: Uint8Array | null;
  source: number;
}

export function dayFilter(day: DayDictionaries, filters: SummaryFilters): DayFilter | null {
  const station = localFilter(
    day.stations.map((s) => s.guid),
    filters.station,
  );
  const behavior = diningMask(day.behaviors, filters.behavior, filters.channel, NONE_FILTER);
  const source = localFilter(day.sources, filters.source);
  if (station === ABSENT || (behavior !== null && !behavior.includes(1)) || source === ABSENT) return null;
  return { level: filters.level ?? UNFILTERED, station, behavior, source };
}

export function cellMatches(keys: Uint32Array, k: number, f: DayFilter): boolean {
  return (
    (f.level === UNFILTERED || keys[k + AT_LEVEL] === f.level) &&
    (f.station === UNFILTERED || keys[k + AT_STATION] === f.station) &&
    (f.behavior === null || f.behavior[keys[k + AT_BEHAVIOR]!] === 1) &&
    (f.source === UNFILTERED || keys[k + AT_SOURCE] === f.source)
  );
}

const spanHints = new WeakMap<CubePart, number>();

/**
 * The 99.9th percentile of a cube's distinct seconds: the dense tables span up to there, and the
 * rare longer durations (a ticket left open for hours) go to the exact overflow maps, instead of
 * every table being as wide as the single slowest record.
 */
export function spanHintOf(cube: CubePart): number {
  let hint = spanHints.get(cube);
  if (hint === undefined) {
    const sorted = Uint32Array.from(cube.seconds).sort();
    hint = sorted.length === 0 ? 0 : sorted[Math.floor(0.999 * (sorted.length - 1))]!;
    spanHints.set(cube, hint);
  }
  return hint;
}

interface HoursTargets {
  hourStation: DenseHistograms;
  perDay: DenseHistograms;
  perBehavior: DenseHistograms;
  perSource: DenseHistograms;
  stations: number;
}

/** One day's hours cube into the four dense tables. */
function addHours(
  cube: CubePart,
  ids: DayIds,
  d: number,
  f: DayFilter,
  t: HoursTargets,
  scope: MergeScope,
): void {
  // A rollup's hours (d < 0) belong to many days: its trend points come from its trend cubes.
  const perDay = d >= 0;
  const { hours, trend } = scope;
  const { keys, excluded, start, seconds, counts, totals } = cube;
  const S = t.stations;
  const span = t.hourStation.span;
  const hs = t.hourStation.counts;
  const pd = t.perDay.counts;
  const pb = t.perBehavior.counts;
  const ps = t.perSource.counts;
  const cells = excluded.length;
  for (let c = 0; c < cells; c++) {
    const k = c * W;
    if (!cellMatches(keys, k, f)) continue;
    const level = keys[k + AT_LEVEL]!;
    // Without `hours` the hour collapses (station × level is all that is read); without `trend`, the
    // day, behavior and source collapse into one group per level that nobody reads.
    const g1 = ((hours ? keys[k + AT_X]! : 0) * S + ids.station[keys[k + AT_STATION]!]!) * L + level;
    const g2 = trend ? d * L + level : level;
    const g3 = trend ? ids.behavior[keys[k + AT_BEHAVIOR]!]! * L + level : level;
    const g4 = trend ? ids.source[keys[k + AT_SOURCE]!]! * L + level : level;
    t.hourStation.touched[g1] = 1;
    if (perDay) t.perDay.touched[g2] = 1;
    t.perBehavior.touched[g3] = 1;
    t.perSource.touched[g4] = 1;
    const x = excluded[c]!;
    if (x !== 0) {
      t.hourStation.excluded[g1]! += x;
      if (perDay) t.perDay.excluded[g2]! += x;
      t.perBehavior.excluded[g3]! += x;
      t.perSource.excluded[g4]! += x;
    }
    const b1 = g1 * span;
    const b2 = g2 * span;
    const b3 = g3 * span;
    const b4 = g4 * span;
    const end = start[c + 1]!;
    let sum = 0;
    for (let e = start[c]!; e < end; e++) {
      const s = seconds[e]!;
      const n = counts[e]!;
      sum += s * n;
      if (s < span) {
        hs[b1 + s]! += n;
        if (perDay) pd[b2 + s]! += n;
        pb[b3 + s]! += n;
        ps[b4 + s]! += n;
      } else {
        t.hourStation.addOverflow(g1, s, n);
        if (perDay) t.perDay.addOverflow(g2, s, n);
        t.perBehavior.addOverflow(g3, s, n);
        t.perSource.addOverflow(g4, s, n);
      }
    }
    if (end > start[c]!) {
      // Seconds ascend within a cell: its last entry is its largest.
      const top = seconds[end - 1]!;
      const count = totals[c]!;
      t.hourStation.addCell(g1, count, sum, top);
      if (perDay) t.perDay.addCell(g2, count, sum, top);
      t.perBehavior.addCell(g3, count, sum, top);
      t.perSource.addCell(g4, count, sum, top);
    }
  }
}

/** One day's trend cube (cells level, station, 0, behavior, source) into its per-day groups. */
function addTrend(cube: CubePart, d: number, f: DayFilter, table: DenseHistograms): void {
  addCellsInto(cube, f, table, (keys, k) => d * L + keys[k + AT_LEVEL]!);
}

/** The cells of a cube matching the filter, each into the table group `groupOf` gives (a negative group: left out). */
export function addCellsInto(
  cube: CubePart,
  f: DayFilter,
  table: DenseHistograms,
  groupOf: (keys: Uint32Array, k: number) => number,
): void {
  const { keys, excluded } = cube;
  const cells = excluded.length;
  for (let c = 0; c < cells; c++) {
    const k = c * W;
    if (!cellMatches(keys, k, f)) continue;
    const g = groupOf(keys, k);
    if (g < 0) continue;
    table.addCubeCell(g, cube, c);
  }
}

/** A rollup's marginals into the hour × station, behavior and source tables (not per day: its days have their points). */
function addMarginalHours(
  m: RollupMarginals,
  ids: DayIds,
  f: DayFilter,
  t: HoursTargets,
  scope: MergeScope,
): void {
  const S = t.stations;
  addCellsInto(
    m.hourStation,
    f,
    t.hourStation,
    (keys, k) =>
      ((scope.hours ? keys[k + AT_X]! : 0) * S + ids.station[keys[k + AT_STATION]!]!) * L +
      keys[k + AT_LEVEL]!,
  );
  if (!scope.trend) return;
  addCellsInto(
    m.behaviors,
    f,
    t.perBehavior,
    (keys, k) => ids.behavior[keys[k + AT_BEHAVIOR]!]! * L + keys[k + AT_LEVEL]!,
  );
  addCellsInto(
    m.sources,
    f,
    t.perSource,
    (keys, k) => ids.source[keys[k + AT_SOURCE]!]! * L + keys[k + AT_LEVEL]!,
  );
}

/** Distinct selections per level: every selection of a matching cell, with a value or not. */
function countSelections(cube: CubePart, f: DayFilter, perLevel: Float64Array): void {
  const { keys, excluded, totals } = cube;
  const cells = excluded.length;
  for (let c = 0; c < cells; c++) {
    const k = c * W;
    if (cellMatches(keys, k, f)) perLevel[keys[k + AT_LEVEL]!]! += totals[c]! + excluded[c]!;
  }
}

/** Records per value of a breakdown (items, courses): first pass, to pick the most frequent. */
function countValues(cube: CubePart, globalOf: Int32Array, f: DayFilter, records: Float64Array): void {
  const { keys, excluded, totals } = cube;
  const cells = excluded.length;
  for (let c = 0; c < cells; c++) {
    const k = c * W;
    if (!cellMatches(keys, k, f)) continue;
    records[globalOf[keys[k + AT_X]!]!]! += totals[c]! + excluded[c]!;
  }
}

/** Second pass: the cells of picked values (slot ≥ 0) into their dense histograms. */
function addPicked(
  cube: CubePart,
  globalOf: Int32Array,
  slotOf: Int32Array,
  f: DayFilter,
  table: DenseHistograms,
): void {
  addCellsInto(cube, f, table, (keys, k) => {
    const slot = slotOf[globalOf[keys[k + AT_X]!]!]!;
    return slot < 0 ? -1 : slot * L + keys[k + AT_LEVEL]!;
  });
}

/**
 * The `limit` values with the most records; slotOf maps id -> slot or -1. Ties are broken by the
 * values themselves (GUID, then name), never by the ids, which depend on the order a process
 * happened to meet the values: the same request must pick the same items after a restart.
 */
function pickMostFrequent(
  records: Float64Array,
  limit: number,
  valueOf: (id: number) => DimensionValue,
): { picked: number[]; slotOf: Int32Array; present: number } {
  const ids: number[] = [];
  for (let i = 0; i < records.length; i++) if (records[i]! > 0) ids.push(i);
  const picked =
    ids.length <= limit
      ? ids
      : ids
          .sort((a, b) => records[b]! - records[a]! || compareDimension(valueOf(a), valueOf(b)))
          .slice(0, limit);
  const slotOf = new Int32Array(records.length).fill(-1);
  picked.forEach((id, slot) => (slotOf[id] = slot));
  return { picked, slotOf, present: ids.length };
}

/**
 * The targets a range is judged by (contract/target-versions.ts): those in force on each date (`on`,
 * one object for dates with equal targets; a rollup's dates must share one), and those of its last
 * date (`last`), which the answer's `targetSeconds` report.
 */
export interface DatedTargets {
  on: (date: string) => TargetBook;
  last: TargetBook;
}

/** The per-level targets alone, with stations' own (lib/kitchen/contract/targets.ts), or per date. */
type Targets = Record<KitchenLevel, number> | TargetBook | DatedTargets;
const bookOf = (t: Record<KitchenLevel, number> | TargetBook): TargetBook =>
  "levels" in t ? (t as TargetBook) : { levels: t as Record<KitchenLevel, number>, stations: [] };

/** The target tables (targetTable) per source (days, then rollups), per trend point and of the last date. */
interface JudgedTargets {
  perSource: Float64Array[];
  perTrend: Float64Array[];
  last: Float64Array;
  lastBook: TargetBook;
  /** One set of targets over the whole range: the merged histograms give every late count. */
  uniform: boolean;
  /** Under one set: that set's table (which may differ from the last date's when that date has no data). */
  judging: Float64Array;
}

function judgeTargets(
  targets: Targets,
  parts: RangeParts,
  trend: ReturnType<typeof trendSources>,
  interner: DimensionInterner,
): JudgedTargets {
  const dated = "on" in targets ? (targets as DatedTargets) : null;
  const lastBook = dated ? dated.last : bookOf(targets as TargetBook);
  const tables = new Map<TargetBook, Float64Array>();
  const tableOf = (book: TargetBook) => {
    let t = tables.get(book);
    if (!t) tables.set(book, (t = targetTable(book, interner)));
    return t;
  };
  const last = tableOf(lastBook);
  if (!dated)
    return {
      perSource: [...parts.days, ...parts.rollups].map(() => last),
      perTrend: trend.map(() => last),
      last,
      lastBook,
      uniform: true,
      judging: last,
    };
  const rollupBook = (r: Rollup) => {
    const book = dated.on(r.dates[0] ?? r.start);
    // The service never reads a rollup across a target change (rollup-reader.ts `split`).
    if (r.dates.some((d) => dated.on(d) !== book))
      throw new Error(`the rollup of ${r.start} spans a change of targets`);
    return book;
  };
  const perSource = [
    ...parts.days.map((d) => tableOf(dated.on(d.businessDate))),
    ...parts.rollups.map((r) => tableOf(rollupBook(r))),
  ];
  return {
    perSource,
    perTrend: trend.map((t) => perSource[t.day >= 0 ? t.day : parts.days.length + t.rollup]!),
    last,
    lastBook,
    uniform: perSource.every((t) => t === perSource[0]),
    judging: perSource[0] ?? last,
  };
}

/**
 * The on-time shares and the stations' late counts. Under one set of targets, from the merged
 * station × level histograms; across a change, counted cell by cell, each source against the
 * targets of its day(s), and the shares made of those counts.
 */
function judgedShares(
  judged: JudgedTargets,
  perStation: DenseHistograms,
  perLevel: DenseHistograms,
  levelList: readonly KitchenLevel[],
  cells: () => Omit<DayCells, "day">[],
  cap: number,
) {
  const S = perStation.touched.length / L;
  const counted = judged.uniform ? null : lateByStation(cells(), S, cap);
  const station = (g: number) =>
    counted
      ? { late: counted.late[g]!, veryLate: counted.veryLate[g]! }
      : lateIn(perStation, g, judged.judging[g]!);
  const withinTarget: TargetShare[] = levelList.map((level) => {
    const count = perLevel.stats(level).count;
    let { within, late, veryLate } = { within: 0, late: 0, veryLate: 0 };
    if (!counted) ({ within, late, veryLate } = levelShare(perStation, S, judged.judging, level));
    else
      for (let s = 0; s < S; s++) {
        const g = s * L + level;
        if (!perStation.touched[g]) continue;
        within += perStation.count[g]! - counted.late[g]!;
        late += counted.late[g]!;
        veryLate += counted.veryLate[g]!;
      }
    const share = count === 0 ? null : within / count;
    return { level, targetSeconds: judged.lastBook.levels[level], within, count, share, late, veryLate };
  });
  return { withinTarget, station };
}

export function mergeDays(
  days: readonly DaySummary[],
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: Targets,
  interner: DimensionInterner = new DimensionInterner(),
): MergedSummary {
  return merge({ days, rollups: [] }, metric, filters, targets, interner, EVERYTHING);
}

/** The same as merging every day of the parts (rollups' days included), byte for byte. */
export function mergeRange(
  parts: RangeParts,
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: Targets,
  interner: DimensionInterner = new DimensionInterner(),
): MergedSummary {
  return merge(parts, metric, filters, targets, interner, EVERYTHING);
}

/**
 * The merge of what `scope` asks beyond the station × level pass every answer makes (levels,
 * stations, targets, histogram, options, outliers): the Kitchen page's sections each ask one part
 * (service/summary-sections.ts). The fields `scope` leaves out come back collapsed or empty and are
 * not to be read; those it asks are byte for byte mergeRange's.
 */
export function mergeScoped(
  parts: RangeParts,
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: Targets,
  interner: DimensionInterner,
  scope: MergeScope,
): MergedSummary {
  return merge(parts, metric, filters, targets, interner, scope);
}

/**
 * Only what the Overview shows: per level its distinct items, stats and share within target, from
 * the station × level merge (no hour, day, item, course, behavior or source table), the same
 * figures as `mergeRange`'s `levels` and `withinTarget`, byte for byte.
 */
export function mergeLevels(
  parts: RangeParts,
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: Targets,
  interner: DimensionInterner = new DimensionInterner(),
): Pick<MergedSummary, "levels" | "withinTarget"> {
  const { levels, withinTarget } = merge(parts, metric, filters, targets, interner, STATION_LEVELS);
  return { levels, withinTarget };
}

/** Only the station × level breakdown (summary.csv wants it for every metric; nothing else). */
export function mergeStationLevels(
  input: readonly DaySummary[] | RangeParts,
  metric: KitchenMetric,
  filters: SummaryFilters,
  interner: DimensionInterner = new DimensionInterner(),
): (StationRef & { level: KitchenLevel; stats: Stats })[] {
  const parts = "rollups" in input ? input : { days: input as readonly DaySummary[], rollups: [] };
  if (parts.rollups.some((r) => r.metric !== metric))
    throw new Error(`rollups of another metric than ${metric}`);
  // No targets here: the late figures would be against none.
  return merge(parts, metric, filters, { 0: 0, 1: 0, 2: 0 }, interner, STATION_LEVELS).stations.map(
    ({ stationGuid, stationName, level, stats }) => ({ stationGuid, stationName, level, stats }),
  );
}

/** Every business date of the parts, ascending, and where its trend point comes from. */
export function trendSources(
  parts: RangeParts,
): { businessDate: string; day: number; rollup: number; index: number }[] {
  const out = [
    ...parts.days.map((d, i) => ({ businessDate: d.businessDate, day: i, rollup: -1, index: -1 })),
    ...parts.rollups.flatMap((r, j) =>
      r.dates.map((date, i) => ({ businessDate: date, day: -1, rollup: j, index: i })),
    ),
  ];
  return out.sort((a, b) => (a.businessDate < b.businessDate ? -1 : a.businessDate > b.businessDate ? 1 : 0));
}

/**
 * Every source's hours cube into the four dense tables, and the trend cubes of the rollups' days
 * into the per-day one. Without `scope.trend`, the per-day, behavior and source tables shrink to
 * one group per level that collects what nobody reads; without `scope.hours`, the hour collapses.
 */
function addAllHours(
  parts: RangeParts,
  days: readonly Source[],
  trend: ReturnType<typeof trendSources>,
  ids: readonly DayIds[],
  dayFilters: readonly (DayFilter | null)[],
  filters: SummaryFilters,
  span: number,
  interner: DimensionInterner,
  scope: MergeScope,
): HoursTargets {
  const S = interner.stations.size;
  const t: HoursTargets = {
    hourStation: arena.table((scope.hours ? HOURS : 1) * S * L, span),
    perDay: arena.table(scope.trend ? trend.length * L : L, span),
    perBehavior: arena.table(scope.trend ? interner.behaviors.size * L : L, span),
    perSource: arena.table(scope.trend ? interner.sources.size * L : L, span),
    stations: S,
  };
  const dayIndex = new Map<number, number>();
  trend.forEach((x, d) => {
    if (x.day >= 0) dayIndex.set(x.day, d);
  });
  days.forEach((day, d) => {
    const f = dayFilters[d];
    if (f && day.hours) addHours(day.hours, ids[d]!, dayIndex.get(d) ?? -1, f, t, scope);
    else if (f && day.marginals) addMarginalHours(day.marginals, ids[d]!, f, t, scope);
  });
  // A rollup's day's trend point: ready (`dayStats`) with marginals, else from its trend cube.
  if (scope.trend && !marginalsAnswer(filters)) {
    trend.forEach((x, d) => {
      const f = x.rollup >= 0 ? dayFilters[parts.days.length + x.rollup] : null;
      const trendCube = f ? detailOf(parts.rollups[x.rollup]!).trends[x.index]! : null;
      if (f && trendCube)
        addTrend(
          filters.maxSeconds === undefined ? trendCube : cutCube(trendCube, filters.maxSeconds),
          d,
          f,
          t.perDay,
        );
    });
  }
  return t;
}

/**
 * Per level: the distinct items, and the records the outlier cut removed (counted on the uncut
 * hours cubes: every record has one hour). Under fire to fulfill, a record over both cuts was left
 * out as stuck, not by the outlier cut: the records over the larger of the two are given back.
 */
function levelCounts(
  parts: RangeParts,
  days: readonly Source[],
  dayFilters: readonly (DayFilter | null)[],
  metric: KitchenMetric,
  filters: SummaryFilters,
) {
  const removedPerLevel = new Float64Array(L);
  if (filters.maxSeconds !== undefined) {
    const max = filters.maxSeconds;
    const stuck = metric === "fire_to_fulfill" ? filters.stuckSeconds : undefined;
    const givenBack = new Float64Array(L);
    // In the order of `days`: the days, then the rollups (whose detail the cut always reads).
    const uncut = [
      ...parts.days.map((day) => day.cubes[metric].hours),
      ...parts.rollups.map((r) => detailOf(r).cubes.hours),
    ];
    uncut.forEach((hours, d) => {
      const f = dayFilters[d];
      if (!f) return;
      countOver(hours, f, max, removedPerLevel);
      if (stuck !== undefined) countOver(hours, f, Math.max(max, stuck), givenBack);
    });
    for (let l = 0; l < L; l++) removedPerLevel[l]! -= givenBack[l]!;
  }
  const selectionsPerLevel = new Float64Array(L);
  days.forEach((day, d) => {
    const f = dayFilters[d];
    if (f) countSelections(day.selections, f, selectionsPerLevel);
  });
  return { removedPerLevel, selectionsPerLevel };
}

/** What every step of a merge reads: the sources, their interned ids and filters, and the tables' span. */
interface MergeInput {
  parts: RangeParts;
  /** Days first, then rollups: every source merged. */
  days: readonly Source[];
  /** Every date of the range and where its trend point comes from. */
  trend: ReturnType<typeof trendSources>;
  ids: readonly DayIds[];
  dayFilters: readonly (DayFilter | null)[];
  interner: DimensionInterner;
  span: number;
  scope: MergeScope;
}

function merge(
  parts: RangeParts,
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: Targets,
  interner: DimensionInterner,
  scope: MergeScope,
): MergedSummary {
  arena.reset();
  if (parts.rollups.some((r) => r.metric !== metric))
    throw new Error(`rollups of another metric than ${metric}`);
  const cutFilters: SummaryFilters = { ...filters, maxSeconds: cutSecondsOf(metric, filters) };
  // Days first, then rollups: `days` below is every source merged, `trend` every date.
  const days = sourcesOf(parts, metric, cutFilters);
  const trend = trendSources(parts);
  const ids = days.map((day) => interner.ids(day.dict));
  let hint = 0;
  for (const day of days) hint = Math.max(hint, spanHintOf(day.hours ?? day.marginals!.hourStation));
  const span = Math.min(MAX_SPAN, hint + 1);
  const dayFilters = days.map((day) => dayFilter(day.dict, filters));
  const input: MergeInput = { parts, days, trend, ids, dayFilters, interner, span, scope };

  const hoursTargets = addAllHours(parts, days, trend, ids, dayFilters, cutFilters, span, interner, scope);
  const items = breakdown(input, "items", (d) => ids[d]!.item);
  const { removedPerLevel, selectionsPerLevel } = levelCounts(parts, days, dayFilters, metric, filters);
  const courses = breakdown(input, "courses", (d) => ids[d]!.course);
  const sums = sumHourStations(hoursTargets.hourStation, interner.stations.size, span, scope);

  // Levels present in the range (whatever the filters), and those the answer reports.
  const levelsPresent = new Set<number>();
  for (const day of days) for (const l of day.levels) levelsPresent.add(l);
  const levelList = KITCHEN_LEVELS.filter(
    (l) => levelsPresent.has(l) && (filters.level === undefined || filters.level === l),
  );

  const judged = judgeTargets(targets, parts, trend, interner);
  const cap = cutFilters.maxSeconds ?? Infinity;
  const dayRows = scope.trend
    ? trendRows(input, cutFilters, filters, judged, cap, levelList, hoursTargets.perDay)
    : [];
  const shares = targetShares(input, judged, sums, levelList, cap);
  const options = filterOptions(ids, interner, levelsPresent);
  const tables = breakdownRows(input, hoursTargets, sums, items, courses, judged, shares.station);
  return {
    levels: levelList.map((level) => ({
      level,
      items: selectionsPerLevel[level]!,
      stats: sums.perLevel.stats(level),
    })),
    stations: tables.stations,
    hours: tables.hours,
    hourStations: tables.hourStations,
    days: dayRows,
    items: tables.items,
    itemCount: items.present,
    itemStations: tables.itemStations,
    behaviors: tables.behaviors,
    channels: tables.channels,
    sources: tables.sources,
    courses: tables.courses,
    courseCount: courses.present,
    histogram: histogramOf(sums.overall, filters),
    withinTarget: shares.withinTarget,
    options,
    outliers:
      filters.maxSeconds === undefined
        ? null
        : {
            maxMinutes: filters.maxSeconds / 60,
            removed: levelList.reduce((n: number, l) => n + removedPerLevel[l]!, 0),
          },
  };
}

/** The items' or courses' table: records counted per value, then only the most frequent histogrammed. */
interface Breakdown {
  table: DenseHistograms;
  picked: number[];
  slotOf: Int32Array;
  present: number;
}

function breakdown(
  { days, dayFilters, interner, span, scope }: MergeInput,
  kind: "items" | "courses",
  globalOf: (d: number) => Int32Array,
): Breakdown {
  if (!scope.items)
    return {
      table: new DenseHistograms(0, span),
      picked: [] as number[],
      slotOf: new Int32Array(0),
      present: 0,
    };
  const records = new Float64Array(interner[kind].size);
  days.forEach((day, d) => {
    const f = dayFilters[d];
    if (f) countValues(day[kind], globalOf(d), f, records);
  });
  const { picked, slotOf, present } = pickMostFrequent(records, BREAKDOWN_LIMIT, (id) =>
    interner[kind].value(id),
  );
  const table = arena.table(picked.length * L, span);
  days.forEach((day, d) => {
    const f = dayFilters[d];
    if (f) addPicked(day[kind], globalOf(d), slotOf, f, table);
  });
  return { table, picked, slotOf, present };
}

/** The sums of hour × station × level: per station × level, hour × level, level, and overall. */
interface Sums {
  perStation: DenseHistograms;
  perHour: DenseHistograms;
  perLevel: DenseHistograms;
  overall: DenseHistograms;
}

function sumHourStations(hourStation: DenseHistograms, S: number, span: number, scope: MergeScope): Sums {
  // Sums: station × level and hour × level from hour × station × level; level from station × level.
  const perStation = arena.table(S * L, span);
  const perHour = arena.table(HOURS * L, span);
  for (let h = 0; h < (scope.hours ? HOURS : 1); h++) {
    for (let s = 0; s < S; s++) {
      for (let l = 0; l < L; l++) {
        const g = (h * S + s) * L + l;
        perStation.addGroup(s * L + l, hourStation, g);
        perHour.addGroup(h * L + l, hourStation, g);
      }
    }
  }
  const perLevel = arena.table(L, span);
  for (let s = 0; s < S; s++) for (let l = 0; l < L; l++) perLevel.addGroup(l, perStation, s * L + l);
  const overall = arena.table(1, span);
  for (let l = 0; l < L; l++) overall.addGroup(0, perLevel, l);
  return { perStation, perHour, perLevel, overall };
}

/**
 * The trend: per date and level, its stats (a rollup's day's ready when its marginals answer) and
 * late counts, each date judged by its own targets.
 */
function trendRows(
  { parts, days, trend, ids, dayFilters }: MergeInput,
  cutFilters: SummaryFilters,
  filters: SummaryFilters,
  judged: JudgedTargets,
  cap: number,
  levelList: readonly KitchenLevel[],
  perDay: DenseHistograms,
): KitchenSummary["days"] {
  const lateDays = lateByDay(
    dayLateSources(parts, days, trend, ids, dayFilters, cutFilters, judged.perTrend),
    trend.length,
    cap,
  );
  const dayRows: KitchenSummary["days"] = [];
  const ready = marginalsAnswer(filters);
  trend.forEach((t, d) => {
    for (const level of levelList) {
      const stats =
        ready && t.rollup >= 0
          ? parts.rollups[t.rollup]!.dayStats[t.index]![level]!
          : perDay.stats(d * L + level);
      dayRows.push({
        businessDate: t.businessDate,
        level,
        stats,
        late: lateDays.late[d * L + level]!,
        veryLate: lateDays.veryLate[d * L + level]!,
      });
    }
  });
  return dayRows;
}

/** Per level reported its share within target, and each station × level's late counts (judgedShares). */
function targetShares(
  { days, ids, dayFilters }: MergeInput,
  judged: JudgedTargets,
  { perStation, perLevel }: Sums,
  levelList: readonly KitchenLevel[],
  cap: number,
) {
  return judgedShares(
    judged,
    perStation,
    perLevel,
    levelList,
    () => stationCells(days, ids, dayFilters, judged.perSource),
    cap,
  );
}

/** Filter options: every value of the range's days, whatever the filters. */
function filterOptions(
  ids: readonly DayIds[],
  interner: DimensionInterner,
  levelsPresent: ReadonlySet<number>,
): FilterOptions {
  const seen = { station: new Set<number>(), behavior: new Set<number>(), source: new Set<number>() };
  for (const dayIds of ids) {
    dayIds.station.forEach((g) => seen.station.add(g));
    dayIds.behavior.forEach((g) => seen.behavior.add(g));
    dayIds.source.forEach((g) => seen.source.add(g));
  }
  return {
    stations: [...seen.station].map((s) => stationRef(interner, s)).sort(byStation),
    behaviors: distinct(seen.behavior, (g) => behaviorOfKey(interner.behaviors.value(g))),
    channels: distinct(seen.behavior, (g) => channelOfKey(interner.behaviors.value(g))),
    sources: [...seen.source].map((g) => interner.sources.value(g)).sort(compareKey),
    levels: KITCHEN_LEVELS.filter((l) => levelsPresent.has(l)),
  };
}

/** The distinct values of the ids, in their stable order. */
function distinct(ids: Set<number>, value: (id: number) => string | null): (string | null)[] {
  return [...new Set([...ids].map(value))].sort(compareKey);
}

function stationRef(interner: DimensionInterner, s: number): StationRef {
  const v = interner.stations.value(s);
  return { stationGuid: v.guid, stationName: v.name };
}

/**
 * A table whose groups are (dining key × level) summed into groups of what `fold` makes of each
 * key: exact, a sum of one-second histograms. Its rows are described by the folded value itself.
 */
function foldGroups(
  table: DenseHistograms,
  keys: readonly (string | null)[],
  fold: (key: string | null) => string | null,
): DenseHistograms & { describe: (group: number) => string | null } {
  const folded: (string | null)[] = [];
  const slot = new Map<string | null, number>();
  const to = keys.map((k) => {
    const v = fold(k);
    let s = slot.get(v);
    if (s === undefined) {
      s = folded.length;
      slot.set(v, s);
      folded.push(v);
    }
    return s;
  });
  const out = new DenseHistograms(Math.max(1, folded.length) * L, table.span);
  for (let i = 0; i < table.touched.length; i++) {
    const g = Math.floor(i / L);
    if (table.touched[i] && g < to.length) out.addGroup(to[g]! * L + (i % L), table, i);
  }
  return Object.assign(out, { describe: (group: number) => folded[group] ?? null });
}

/** Rows of a folded table: each group described by its folded value. */
function foldedRows<K extends string>(table: ReturnType<typeof foldGroups>, key: K) {
  return rows(table, (g) => ({ [key]: table.describe(g) }) as Record<K, string | null>);
}

/** A table's touched groups as rows (level and stats), described by group; a null description drops the row. */
function rows<Extra>(table: DenseHistograms, describe: (group: number, level: number) => Extra | null) {
  const out: (Extra & { level: KitchenLevel; stats: Stats })[] = [];
  for (let i = 0; i < table.touched.length; i++) {
    if (!table.touched[i]) continue;
    const extra = describe(Math.floor(i / L), i % L);
    if (extra !== null) out.push({ ...extra, level: (i % L) as KitchenLevel, stats: table.stats(i) });
  }
  return out;
}

// Every order ends in stable keys (name, then GUID or value): byte-identical answers across restarts.
const byLevelThenCount = <T extends { level: number; stats: Stats }>(a: T, b: T) =>
  a.level - b.level || b.stats.count - a.stats.count;
const byName = (a: string | null, b: string | null) => (a ?? "\uffff").localeCompare(b ?? "\uffff");
const byStation = (a: StationRef, b: StationRef) =>
  byName(a.stationName, b.stationName) || compareKey(a.stationGuid, b.stationGuid);

/** The breakdowns' rows, each in its stable order; the stations' with their targets (of the last date) and late counts. */
function breakdownRows(
  input: MergeInput,
  { hourStation, perBehavior, perSource }: HoursTargets,
  { perStation, perHour }: Sums,
  items: Breakdown,
  courses: Breakdown,
  judged: JudgedTargets,
  stationLate: (group: number) => { late: number; veryLate: number },
) {
  const { days, ids, dayFilters, interner, span, scope } = input;
  const S = interner.stations.size;
  const station = (s: number) => stationRef(interner, s);
  return {
    stations: rows(perStation, (s, l) => ({
      ...station(s),
      targetSeconds: judged.last[s * L + l]!,
      ...stationLate(s * L + l),
    })).sort((a, b) => byStation(a, b) || a.level - b.level),
    hours: rows(perHour, (h) => (h === UNKNOWN_HOUR ? null : { hour: h })).sort(
      (a, b) => a.hour - b.hour || a.level - b.level,
    ),
    hourStations: rows(hourStation, (g) => {
      const hour = Math.floor(g / S);
      return hour === UNKNOWN_HOUR ? null : { hour, ...station(g % S) };
    }).sort((a, b) => a.hour - b.hour || byStation(a, b) || a.level - b.level),
    items: rows(items.table, (slot) => {
      const v = interner.items.value(items.picked[slot]!);
      return { itemGuid: v.guid, itemName: v.name };
    }).sort(
      (a, b) =>
        byLevelThenCount(a, b) ||
        compareDimension({ guid: a.itemGuid, name: a.itemName }, { guid: b.itemGuid, name: b.itemName }),
    ),
    itemStations: scope.items
      ? itemStationRows(
          itemSources(days, ids, dayFilters, judged.perSource),
          items.slotOf,
          judged.last,
          interner,
          arena,
          span,
        )
      : [],
    // The dimension holds dining keys (channels.ts): folded into behaviors, and into channels.
    behaviors: foldedRows(foldGroups(perBehavior, interner.behaviors.values, behaviorOfKey), "behavior").sort(
      (a, b) => byLevelThenCount(a, b) || compareKey(a.behavior, b.behavior),
    ),
    channels: foldedRows(foldGroups(perBehavior, interner.behaviors.values, channelOfKey), "channel").sort(
      (a, b) => byLevelThenCount(a, b) || compareKey(a.channel, b.channel),
    ),
    sources: rows(perSource, (g) => ({ source: interner.sources.value(g) })).sort(
      (a, b) => byLevelThenCount(a, b) || compareKey(a.source, b.source),
    ),
    courses: rows(courses.table, (slot) => {
      const v = interner.courses.value(courses.picked[slot]!);
      return { courseGuid: v.guid, courseName: v.name };
    }).sort(
      (a, b) =>
        byLevelThenCount(a, b) ||
        compareDimension(
          { guid: a.courseGuid, name: a.courseName },
          { guid: b.courseGuid, name: b.courseName },
        ),
    ),
  };
}

/** Each trend point's cells for its late counts: a day's hours cube, or a rollup day's station cube (its trend cube when the filters need behavior or source). */
function dayLateSources(
  parts: RangeParts,
  days: readonly Source[],
  trend: ReturnType<typeof trendSources>,
  ids: readonly DayIds[],
  dayFilters: readonly (DayFilter | null)[],
  filters: SummaryFilters,
  targets: readonly Float64Array[],
): DayCells[] {
  const out: DayCells[] = [];
  trend.forEach((x, d) => {
    const at = x.day >= 0 ? x.day : parts.days.length + x.rollup;
    const f = dayFilters[at];
    if (!f) return;
    const matches = (keys: Uint32Array, k: number) => cellMatches(keys, k, f);
    if (x.day >= 0) {
      const hours = days[x.day]!.hours;
      if (hours) out.push({ cube: hours, ids: ids[at]!, matches, day: d, targets: targets[d]! });
      return;
    }
    const r = parts.rollups[x.rollup]!;
    out.push({
      cube: marginalsAnswer(filters) ? r.dayStations[x.index]! : detailOf(r).trends[x.index]!,
      ids: ids[at]!,
      matches,
      day: d,
      targets: targets[d]!,
    });
  });
  return out;
}

/** Every source's items cube (keyed level, station, item, ...) with its filter and targets. */
function itemSources(
  days: readonly Source[],
  ids: readonly DayIds[],
  dayFilters: readonly (DayFilter | null)[],
  targets: readonly Float64Array[],
) {
  return days.flatMap((day, d) => {
    const f = dayFilters[d];
    return f
      ? [
          {
            cube: day.items,
            ids: ids[d]!,
            matches: (keys: Uint32Array, k: number) => cellMatches(keys, k, f),
            targets: targets[d]!,
          },
        ]
      : [];
  });
}

/** Every source's station cells (a day's hours cube, a rollup's hour × station marginal or detail) with its filter and targets. */
function stationCells(
  days: readonly Source[],
  ids: readonly DayIds[],
  dayFilters: readonly (DayFilter | null)[],
  targets: readonly Float64Array[],
): Omit<DayCells, "day">[] {
  return days.flatMap((day, d) => {
    const f = dayFilters[d];
    const cube = day.hours ?? day.marginals?.hourStation;
    return f && cube
      ? [
          {
            cube,
            ids: ids[d]!,
            matches: (keys: Uint32Array, k: number) => cellMatches(keys, k, f),
            targets: targets[d]!,
          },
        ]
      : [];
  });
}

const NICE_BIN_SECONDS = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];
const TARGET_BINS = 30;

/**
 * Bins sized so about 30 of them span 0 to 1.5 × p95; everything beyond lands in one open bin,
 * so a few stuck tickets do not flatten the chart.
 */
function histogramOf(h: DenseHistograms, filters: SummaryFilters): Histogram {
  return { level: filters.level ?? null, station: filters.station ?? null, ...histogramBins(h, 0) };
}

/** One group's bins (the ticket-time histograms use it per level: lib/kitchen/query/ticket-times.ts). */
export function histogramBins(h: DenseHistograms, group: number): Pick<Histogram, "binSeconds" | "bins"> {
  const p95 = h.stats(group).p95;
  if (p95 === null) return { binSeconds: 60, bins: [] };
  const wanted = Math.max(60, Math.ceil(p95 * 1.5));
  const binSeconds = NICE_BIN_SECONDS.find((b) => wanted / b <= TARGET_BINS) ?? 7200;
  const cap = Math.ceil(wanted / binSeconds) * binSeconds;
  return { binSeconds, bins: h.bins(group, binSeconds, cap) };
}

/** Code-unit order, absent last: the same on every machine and locale. */
function compareKey(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function compareDimension(a: DimensionValue, b: DimensionValue): number {
  return compareKey(a.guid, b.guid) || compareKey(a.name, b.name);
}
