import { businessDateWeekday } from "@/lib/business-date/business-date";
import { Interner } from "@/lib/interning/interner";
import type { Stats } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, KITCHEN_METRICS, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { serviceName } from "@/lib/kitchen/ingest/day-parts";
import {
  AT_BEHAVIOR,
  AT_LEVEL,
  AT_SOURCE,
  AT_STATION,
  AT_X,
  CELL_WIDTH,
  cellTotals,
  CUBE_KINDS,
  UNKNOWN_HOUR,
  type CubeKind,
  type CubePart,
  type DayDictionaries,
  type DaySummary,
  type DimensionValue,
} from "@/lib/kitchen/ingest/day-summary";
import { DenseHistograms } from "@/lib/kitchen/query/dense-histograms";

/**
 * A rollup: the closed days of one ISO week or calendar month added into one set of cubes, for
 * one metric. It has a day summary's shape (dictionaries, and the hours, items and courses cubes
 * of cells keyed level, station, X, behavior, source), so the merge reads both alike: a cube is
 * a sum of cells, and adding one-second histograms is exact, so a rollup's cell holds every
 * record of its key over the period. What a sum cannot carry is the per-day trend: each day
 * keeps a small "trend cube" (its hours cube with the hour summed out), in the rollup's
 * numbering, so the trend points stay exact under any filter.
 *
 * Most questions filter by level at most. For those a rollup also keeps "marginals": its cells
 * with every dimension a breakdown does not read summed out (hour × station, behavior, source,
 * item, course, each by level), which hold far fewer entries, and each day's trend point per
 * level, ready. The full cubes and the trend cubes (its "detail") answer the other filters and
 * are decoded only when one asks.
 */

export type PeriodKind = "week" | "month";

/** A rollup's cells with the dimensions a breakdown does not read summed out (kept as 0). */
export interface RollupMarginals {
  /** Cells (level, station, hour, 0, 0). */
  hourStation: CubePart;
  /** Cells (level, 0, 0, behavior, 0). */
  behaviors: CubePart;
  /** Cells (level, 0, 0, 0, source). */
  sources: CubePart;
  /** Cells (level, station, item, 0, 0): the station stays, for the slowest items' station column. */
  items: CubePart;
  /** Cells (level, 0, course, 0, 0). */
  courses: CubePart;
  /** Cells (level, 0, item, 0, 0) of distinct selections, every station together (from "selectionsAnyStation"). */
  selections: CubePart;
  /** Cells (level, 0, hour, 0, 0) of ticket times, every station together (from "ticketsAnyStation"). */
  tickets: CubePart;
}

/**
 * The day parts of a rollup's days (day-parts-summary.ts reads them as it reads a day's): the
 * service cubes with each day's services matched by name into the rollup's `services`, and the
 * hours cube with the hour replaced by weekday × 25 + hour (weekday 0 = Monday, the business
 * date's), so days of one weekday add and days of different weekdays stay apart.
 */
export interface RollupDayParts {
  /** Cells (level, station, service slot, behavior, source). */
  services: CubePart;
  /** Cells (level, station, weekday × 25 + hour, behavior, source). */
  weekdayHours: CubePart;
}

/** A service name of a rollup's days and every start (minutes after midnight) it had; none for "(none)". */
export interface RollupService {
  name: string;
  starts: number[];
}

export interface RollupDetail {
  cubes: Record<CubeKind, CubePart>;
  /** The day parts with every dimension kept, for filters by station, behavior or source. */
  dayParts: RollupDayParts;
  /** Per day (order of `dates`): cells (level, station, 0, behavior, source). */
  trends: CubePart[];
  /** Per day: its ticket times with the hour summed out, per station ("tickets") and every station together ("ticketsAnyStation"). */
  ticketTrends: Record<TicketKind, CubePart>[];
}

/** The ticket-time cubes: per station, and with the station summed out. */
export type TicketKind = "tickets" | "ticketsAnyStation";
const TICKET_KINDS: readonly TicketKind[] = ["tickets", "ticketsAnyStation"];

export interface Rollup extends DayDictionaries {
  kind: PeriodKind;
  /** The period's first date (a Monday, or the 1st). */
  start: string;
  metric: KitchenMetric;
  /** The days added, ascending: every date of the period with data (not-entitled dates add nothing). */
  dates: string[];
  /** Each day's fetch instant (epoch ms), in the order of `dates`: the rollup stands for exactly these. */
  versions: number[];
  recordCount: number;
  /** Levels present in any of the days, ascending. */
  levels: number[];
  marginals: RollupMarginals;
  /** Per day (order of `dates`), per level (0, 1, 2): the day's trend point, unfiltered or filtered by that level. */
  dayStats: Stats[][];
  /** Per day, per level: the day's ticket-time statistics, unfiltered or filtered by that level. */
  ticketDayStats: Stats[][];
  /**
   * Per day (order of `dates`): cells (level, station, 0, 0, 0), the day's trend cube with behavior
   * and source summed out. A day's late counts need each station's records against its own
   * target, which the ready trend points cannot give; this keeps them exact without the detail.
   */
  dayStations: CubePart[];
  /** The service slots of `dayParts` cells, in slot order. */
  services: RollupService[];
  /** The day parts with station, behavior and source summed out (kept as 0): the level-filtered queries'. */
  dayPartMarginals: RollupDayParts;
  /**
   * The cubes and trend cubes, for filters by station, behavior or source: null when read from
   * the store without them; decoded on first use.
   */
  detail: (() => RollupDetail) | null;
  /** Memory the detail holds, or about what it will once decoded (for the cache's budget). */
  detailBytes: number;
}

const copyDimension = (v: DimensionValue): DimensionValue => ({ guid: v.guid, name: v.name });
const fillName = (into: DimensionValue, from: DimensionValue) => {
  if (into.name === null) into.name = from.name;
};

/** Per source, its numbers -> the target's, per dimension in cell order (station, X, behavior, source). */
type SourceMaps = [Int32Array, Int32Array, Int32Array, Int32Array];

/** Hours are the same numbers in every day. */
const HOURS = Int32Array.from({ length: UNKNOWN_HOUR + 1 }, (_, i) => i);

/**
 * Adds one period's days (ascending) into a rollup per metric. Names come as the days give
 * them, earliest first (a name a day lacks is taken from a later one), as a merge of the days
 * would find them.
 */
export function addDays(
  kind: PeriodKind,
  start: string,
  days: readonly DaySummary[],
  versions: readonly number[],
): Record<KitchenMetric, Rollup> {
  const steps = addDaysInSteps(kind, start, days, versions);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same, a step at a time (a cube kind, a day's trend, the marginals): a server building in
 * the background yields to requests between steps instead of holding its event loop for the
 * whole period.
 */
export function* addDaysInSteps(
  kind: PeriodKind,
  start: string,
  days: readonly DaySummary[],
  versions: readonly number[],
): Generator<void, Record<KitchenMetric, Rollup>> {
  const stations = new Interner<DimensionValue>((v) => v.guid, fillName);
  const behaviors = new Interner<string | null>();
  const sources = new Interner<string | null>();
  const items = new Interner<DimensionValue>((v) => v.guid, fillName);
  const courses = new Interner<DimensionValue>((v) => v.guid, fillName);
  const maps = days.map((day) => ({
    station: stations.map(day.stations, copyDimension),
    behavior: behaviors.map(day.behaviors),
    source: sources.map(day.sources),
    item: items.map(day.items, copyDimension),
    course: courses.map(day.courses, copyDimension),
  }));
  const xOf = (kind: CubeKind, d: number) =>
    kind === "hours" || kind === "tickets" || kind === "ticketsAnyStation"
      ? HOURS
      : kind === "courses"
        ? maps[d]!.course
        : maps[d]!.item;
  const xSize: Record<CubeKind, number> = {
    hours: HOURS.length,
    items: items.size,
    courses: courses.size,
    selections: items.size,
    selectionsAnyStation: items.size,
    tickets: HOURS.length,
    ticketsAnyStation: HOURS.length,
  };
  // The "AnyStation" kinds have their station summed out (always 0): it stays 0 in the rollup.
  const stationOf = (kind: CubeKind, d: number) =>
    kind === "selectionsAnyStation" || kind === "ticketsAnyStation"
      ? new Int32Array(days[d]!.stations.length)
      : maps[d]!.station;
  const sizes = (x: number) => [3, stations.size, x, behaviors.size, sources.size];

  const summed = {} as Record<CubeKind, Record<KitchenMetric, CubePart>>;
  for (const kind of CUBE_KINDS) {
    const sourceMaps: SourceMaps[] = maps.map((m, d) => [
      stationOf(kind, d),
      xOf(kind, d),
      m.behavior,
      m.source,
    ]);
    summed[kind] = sumCubes(
      days.map((day) => day.cubes),
      kind,
      sourceMaps,
      sizes(xSize[kind]),
      false,
    );
    yield;
  }
  // Each day's trend cube: its hours cube with the hour summed out, in the rollup's numbering.
  const trends: Record<KitchenMetric, CubePart>[] = [];
  for (const [d, day] of days.entries()) {
    trends.push(
      sumCubes(
        [day.cubes],
        "hours",
        [[maps[d]!.station, HOURS, maps[d]!.behavior, maps[d]!.source]],
        sizes(1),
        true,
      ),
    );
    if (d % 8 === 7) yield;
  }
  // Each day's ticket trend cubes likewise; a ticket time is the same under every metric.
  const ticketTrends: Record<TicketKind, CubePart>[] = days.map((day, d) => {
    const [perStation, anyStation] = TICKET_KINDS.map(
      (kind) =>
        sumCubes(
          [day.cubes],
          kind,
          [[stationOf(kind, d), HOURS, maps[d]!.behavior, maps[d]!.source]],
          sizes(1),
          true,
        ).fire_to_fulfill,
    );
    return { tickets: perStation!, ticketsAnyStation: anyStation! };
  });
  const ticketDayStats = ticketTrends.map((t) => levelStats(t.ticketsAnyStation));
  yield;
  const dayParts = dayPartsOf(days, maps, sizes);
  yield;

  const levels = new Set<number>();
  for (const day of days) for (const l of day.levels) levels.add(l);
  const common = {
    kind,
    start,
    dates: days.map((d) => d.businessDate),
    versions: [...versions],
    recordCount: days.reduce((n, d) => n + d.recordCount, 0),
    levels: [...levels].sort((a, b) => a - b),
    stations: stations.values,
    behaviors: behaviors.values,
    sources: sources.values,
    items: items.values,
    courses: courses.values,
  };
  yield;
  const marginals = marginalsOf(summed, common);
  const dayPartMarginals = {
    services: collapsed(dayParts.cubes.services, dayParts.services.length),
    weekdayHours: collapsed(dayParts.cubes.weekdayHours, WEEK_HOURS),
  };
  const dayStations = trends.map((t) => dayStationsOf(t, common));
  const out = {} as Record<KitchenMetric, Rollup>;
  for (const metric of KITCHEN_METRICS) {
    const detail: RollupDetail = {
      cubes: Object.fromEntries(CUBE_KINDS.map((k) => [k, summed[k][metric]])) as Record<CubeKind, CubePart>,
      trends: trends.map((t) => t[metric]),
      ticketTrends,
      dayParts: {
        services: dayParts.cubes.services[metric],
        weekdayHours: dayParts.cubes.weekdayHours[metric],
      },
    };
    out[metric] = {
      ...common,
      metric,
      marginals: marginals[metric],
      dayStats: detail.trends.map(levelStats),
      ticketDayStats,
      dayStations: dayStations.map((d) => d[metric]),
      services: dayParts.services,
      dayPartMarginals: {
        services: dayPartMarginals.services[metric],
        weekdayHours: dayPartMarginals.weekdayHours[metric],
      },
      // Bound, not a closure: a closure here would hold this scope, every metric's cubes with it.
      detail: detailItself.bind(detail),
      detailBytes: detailBytesOf(detail),
    };
  }
  return out;
}

/** Weekday × hour slots of the day-parts cubes: 7 weekdays of HOURS hours (the unknown hour kept). */
const WEEK_HOURS = 7 * HOURS.length;

/** Cubes of every metric seen as "hours" cubes, for sumCubes (which reads a kind of a day's cubes). */
const asHoursCubes = (parts: Record<KitchenMetric, CubePart>) =>
  Object.fromEntries(KITCHEN_METRICS.map((m) => [m, { hours: parts[m] }])) as unknown as DaySummary["cubes"];

/**
 * The day parts of the days in the rollup's numbering (their dictionaries mapped by `maps`): the
 * services matched by name, each keeping every start it had (the order of the services depends on
 * the business day's start asked), and the hours split by weekday.
 */
function dayPartsOf(
  days: readonly DaySummary[],
  maps: readonly { station: Int32Array; behavior: Int32Array; source: Int32Array }[],
  sizes: (x: number) => number[],
): {
  services: RollupService[];
  cubes: { services: Record<KitchenMetric, CubePart>; weekdayHours: Record<KitchenMetric, CubePart> };
} {
  const slots = new Map<string, { slot: number; starts: Set<number> }>();
  const serviceMaps = days.map((day) =>
    Int32Array.from({ length: day.dayParts.services.length + 1 }, (_, i) => {
      const name = serviceName(day.dayParts, i);
      let s = slots.get(name);
      if (!s) slots.set(name, (s = { slot: slots.size, starts: new Set() }));
      const service = day.dayParts.services[i];
      if (service) s.starts.add(service.startMinutes);
      return s.slot;
    }),
  );
  const services = sumCubes(
    days.map((day) => asHoursCubes(day.serviceCubes)),
    "hours",
    maps.map((m, d) => [m.station, serviceMaps[d]!, m.behavior, m.source]),
    sizes(slots.size),
    false,
  );
  const weekdayHours = sumCubes(
    days.map((day) => day.cubes),
    "hours",
    maps.map((m, d) => {
      const weekday = (businessDateWeekday(days[d]!.businessDate) + 6) % 7;
      return [m.station, HOURS.map((h) => weekday * HOURS.length + h), m.behavior, m.source];
    }),
    sizes(WEEK_HOURS),
    false,
  );
  return {
    services: [...slots.keys()].map((name) => ({
      name,
      starts: [...slots.get(name)!.starts].sort((a, b) => a - b),
    })),
    cubes: { services, weekdayHours },
  };
}

/** Cubes of every metric (cells level, station, X, behavior, source) with all but level and X summed out. */
function collapsed(parts: Record<KitchenMetric, CubePart>, xSize: number): Record<KitchenMetric, CubePart> {
  const keys = parts.fire_to_fulfill.keys;
  let S = 0;
  let B = 0;
  let O = 0;
  for (let k = 0; k < keys.length; k += CELL_WIDTH) {
    S = Math.max(S, keys[k + AT_STATION]! + 1);
    B = Math.max(B, keys[k + AT_BEHAVIOR]! + 1);
    O = Math.max(O, keys[k + AT_SOURCE]! + 1);
  }
  return sumCubes(
    [asHoursCubes(parts)],
    "hours",
    [
      [
        new Int32Array(S),
        Int32Array.from({ length: xSize }, (_, i) => i),
        new Int32Array(B),
        new Int32Array(O),
      ],
    ],
    [3, 1, xSize, 1, 1],
    false,
  );
}

/** The detail's own getter (`this` bound to it): holds nothing but the detail. */
function detailItself(this: RollupDetail): RollupDetail {
  return this;
}

/** The bytes a detail's typed arrays hold: what the rollup cache counts for it. */
export function detailBytesOf(detail: RollupDetail): number {
  return [
    ...CUBE_KINDS.map((k) => detail.cubes[k]),
    detail.dayParts.services,
    detail.dayParts.weekdayHours,
    ...detail.trends,
    ...detail.ticketTrends.flatMap((t) => [t.tickets, t.ticketsAnyStation]),
  ].reduce((n, p) => n + partBytes(p), 0);
}

const partBytes = (p: CubePart) =>
  p.keys.byteLength +
  p.excluded.byteLength +
  p.totals.byteLength +
  p.start.byteLength +
  p.seconds.byteLength +
  p.counts.byteLength;

/** The marginals of every metric, summed out of the rollup's own cubes. */
function marginalsOf(
  summed: Record<CubeKind, Record<KitchenMetric, CubePart>>,
  dict: DayDictionaries,
): Record<KitchenMetric, RollupMarginals> {
  const ids = (n: number) => Int32Array.from({ length: n }, (_, i) => i);
  const zeros = (n: number) => new Int32Array(n);
  const S = dict.stations.length;
  const B = dict.behaviors.length;
  const O = dict.sources.length;
  const asCubes = (kind: CubeKind) => [
    Object.fromEntries(KITCHEN_METRICS.map((m) => [m, { [kind]: summed[kind][m] }])) as DaySummary["cubes"],
  ];
  // Kept dimensions map to themselves; summed-out ones map every value to 0.
  const keep = (kind: CubeKind, x: number | null, station: boolean, behavior: boolean, source: boolean) =>
    sumCubes(
      asCubes(kind),
      kind,
      [
        [
          station ? ids(S) : zeros(S),
          x === null ? zeros(0) : ids(x),
          behavior ? ids(B) : zeros(B),
          source ? ids(O) : zeros(O),
        ],
      ],
      [3, station ? S : 1, x ?? 1, behavior ? B : 1, source ? O : 1],
      x === null,
    );
  const hourStation = keep("hours", HOURS.length, true, false, false);
  const behaviors = keep("hours", null, false, true, false);
  const sources = keep("hours", null, false, false, true);
  const items = keep("items", dict.items.length, true, false, false);
  const courses = keep("courses", dict.courses.length, false, false, false);
  const selections = keep("selectionsAnyStation", dict.items.length, false, false, false);
  const tickets = keep("ticketsAnyStation", HOURS.length, false, false, false);
  return Object.fromEntries(
    KITCHEN_METRICS.map((m) => [
      m,
      {
        hourStation: hourStation[m],
        behaviors: behaviors[m],
        sources: sources[m],
        items: items[m],
        courses: courses[m],
        selections: selections[m],
        tickets: tickets[m],
      },
    ]),
  ) as Record<KitchenMetric, RollupMarginals>;
}

/** A day's trend cube of every metric with behavior and source summed out: cells (level, station, 0, 0, 0). */
function dayStationsOf(
  trend: Record<KitchenMetric, CubePart>,
  dict: DayDictionaries,
): Record<KitchenMetric, CubePart> {
  const S = dict.stations.length;
  const cubes = Object.fromEntries(
    KITCHEN_METRICS.map((m) => [m, { hours: trend[m] }]),
  ) as unknown as DaySummary["cubes"];
  const stations = Int32Array.from({ length: S }, (_, i) => i);
  return sumCubes(
    [cubes],
    "hours",
    [
      [
        stations,
        new Int32Array(0),
        new Int32Array(dict.behaviors.length),
        new Int32Array(dict.sources.length),
      ],
    ],
    [3, S, 1, 1, 1],
    true,
  );
}

/** A day's trend point per level, from its trend cube: the statistics the merge would compute. */
function levelStats(trend: CubePart): Stats[] {
  const L = KITCHEN_LEVELS.length;
  let top = 0;
  for (let e = 0; e < trend.seconds.length; e++) top = Math.max(top, trend.seconds[e]!);
  const table = new DenseHistograms(L, Math.min(8192, top + 1));
  for (let c = 0; c < trend.excluded.length; c++) {
    const g = trend.keys[c * CELL_WIDTH + AT_LEVEL]!;
    table.touched[g] = 1;
    table.excluded[g]! += trend.excluded[c]!;
    let sum = 0;
    for (let e = trend.start[c]!; e < trend.start[c + 1]!; e++) {
      const s = trend.seconds[e]!;
      sum += s * trend.counts[e]!;
      if (s < table.span) table.counts[g * table.span + s]! += trend.counts[e]!;
      else table.addOverflow(g, s, trend.counts[e]!);
    }
    if (trend.start[c + 1]! > trend.start[c]!)
      table.addCell(g, trend.totals[c]!, sum, trend.seconds[trend.start[c + 1]! - 1]!);
  }
  return KITCHEN_LEVELS.map((l) => table.stats(l));
}

const SECOND_LIMIT = 2 ** 21;
const COUNT_SPACE = 2 ** 32;

/**
 * Sums the cells of several sources' cubes of one kind into one: each source cell's key is
 * mapped into the target numbering (`collapseX` sums the third dimension out), cells of equal
 * keys are merged and their one-second entries added. The three metrics share their cells, as
 * in a day.
 */
function sumCubes(
  sources: readonly DaySummary["cubes"][],
  kind: CubeKind,
  maps: readonly SourceMaps[],
  sizes: readonly number[],
  collapseX: boolean,
): Record<KitchenMetric, CubePart> {
  const radix = sizes.map((s) => Math.max(1, s));
  let total = 0;
  for (const s of sources) total += s.fire_to_fulfill[kind].excluded.length;
  // Every source cell: its target key, and its source and index (packed as source × 2^32 + cell).
  const keyOfCell = new Float64Array(total);
  const origin = new Float64Array(total);
  let n = 0;
  sources.forEach((s, src) => {
    const keys = s.fire_to_fulfill[kind].keys;
    const [station, x, behavior, source] = maps[src]!;
    for (let c = 0; c < keys.length / CELL_WIDTH; c++) {
      const k = c * CELL_WIDTH;
      const xv = collapseX ? 0 : x[keys[k + AT_X]!]!;
      keyOfCell[n] =
        (((keys[k + AT_LEVEL]! * radix[1]! + station[keys[k + AT_STATION]!]!) * radix[2]! + xv) * radix[3]! +
          behavior[keys[k + AT_BEHAVIOR]!]!) *
          radix[4]! +
        source[keys[k + AT_SOURCE]!]!;
      origin[n] = src * COUNT_SPACE + c;
      n++;
    }
  });
  // Source cells in target key order; equal keys in source order.
  const order = keyOrder(keyOfCell, radix);
  const groupStarts: number[] = [];
  for (let j = 0; j < total; j++)
    if (j === 0 || keyOfCell[order[j]!] !== keyOfCell[order[j - 1]!]) groupStarts.push(j);
  groupStarts.push(total);
  const cells = groupStarts.length - 1;

  const keys = new Uint32Array(cells * CELL_WIDTH);
  for (let c = 0; c < cells; c++) {
    let k = keyOfCell[order[groupStarts[c]!]!]!;
    for (let d = CELL_WIDTH - 1; d >= 0; d--) {
      keys[c * CELL_WIDTH + d] = k % radix[d]!;
      k = Math.floor(k / radix[d]!);
    }
  }

  const out = {} as Record<KitchenMetric, CubePart>;
  for (const metric of KITCHEN_METRICS) {
    const parts = sources.map((s) => s[metric][kind]);
    let entries = 0;
    for (const p of parts) entries += p.seconds.length;
    const excluded = new Uint32Array(cells);
    const start = new Uint32Array(cells + 1);
    const seconds = new Uint32Array(entries);
    const counts = new Uint32Array(entries);
    const scratch = new PairScratch();
    let e = 0;
    for (let c = 0; c < cells; c++) {
      start[c] = e;
      scratch.clear();
      for (let j = groupStarts[c]!; j < groupStarts[c + 1]!; j++) {
        const o = origin[order[j]!]!;
        const part = parts[Math.floor(o / COUNT_SPACE)]!;
        const cell = o % COUNT_SPACE;
        excluded[c]! += part.excluded[cell]!;
        for (let i = part.start[cell]!; i < part.start[cell + 1]!; i++)
          scratch.push(part.seconds[i]!, part.counts[i]!);
      }
      e = scratch.addInto(seconds, counts, e);
    }
    start[cells] = e;
    out[metric] = {
      keys,
      excluded,
      start,
      seconds: seconds.slice(0, e),
      counts: counts.slice(0, e),
      totals: cellTotals(start, counts.subarray(0, e)),
    };
  }
  return out;
}

/**
 * Indices of `keys` in key order, ties by index: one native sort of key × 2^k + index when that
 * fits a float64 exactly (always, for real menus), else a comparison sort.
 */
function keyOrder(keys: Float64Array, radix: readonly number[]): Uint32Array {
  const n = keys.length;
  let keySpace = 1;
  for (const r of radix) keySpace *= r;
  const indexSpace = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
  if (keySpace * indexSpace > Number.MAX_SAFE_INTEGER)
    return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = keys[i]! * indexSpace + i;
  packed.sort();
  const order = new Uint32Array(n);
  for (let j = 0; j < n; j++) order[j] = packed[j]! % indexSpace;
  return order;
}

/** One cell's (second, count) pairs from several sources, to be sorted and added up. */
class PairScratch {
  private seconds = new Float64Array(256);
  private counts = new Float64Array(256);
  private packed = new Float64Array(256);
  private n = 0;
  private wide = false;

  clear(): void {
    this.n = 0;
    this.wide = false;
  }

  push(second: number, count: number): void {
    if (this.n === this.seconds.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.seconds = grow(this.seconds);
      this.counts = grow(this.counts);
      this.packed = grow(this.packed);
    }
    if (second >= SECOND_LIMIT) this.wide = true;
    this.seconds[this.n] = second;
    this.counts[this.n] = count;
    this.n++;
  }

  /** Writes the pairs at `at`, ascending, equal seconds added; returns the next free index. */
  addInto(seconds: Uint32Array, counts: Uint32Array, at: number): number {
    const n = this.n;
    let e = at;
    if (!this.wide) {
      // Seconds below 2^21 and counts below 2^32 share a float64 exactly: one numeric sort.
      const p = this.packed;
      for (let i = 0; i < n; i++) p[i] = this.seconds[i]! * COUNT_SPACE + this.counts[i]!;
      if (n > 16) p.subarray(0, n).sort();
      else {
        for (let i = 1; i < n; i++) {
          const x = p[i]!;
          let j = i - 1;
          while (j >= 0 && p[j]! > x) {
            p[j + 1] = p[j]!;
            j--;
          }
          p[j + 1] = x;
        }
      }
      for (let i = 0; i < n; i++) {
        const second = Math.floor(p[i]! / COUNT_SPACE);
        const count = p[i]! - second * COUNT_SPACE;
        if (e > at && seconds[e - 1] === second) counts[e - 1]! += count;
        else {
          seconds[e] = second;
          counts[e] = count;
          e++;
        }
      }
      return e;
    }
    // A duration beyond 24 days (a clock gone wrong): sorted by index instead.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => this.seconds[a]! - this.seconds[b]!);
    for (const i of order) {
      const second = this.seconds[i]!;
      if (e > at && seconds[e - 1] === second) counts[e - 1]! += this.counts[i]!;
      else {
        seconds[e] = second;
        counts[e] = this.counts[i]!;
        e++;
      }
    }
    return e;
  }
}
