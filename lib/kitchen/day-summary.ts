import type { ItemFulfillment } from "@/lib/platform/schemas";
import { KITCHEN_METRICS, type KitchenMetric } from "./api-types";
import { durationSeconds, parseInstant } from "./durations";
import { localHourResolver } from "./local-hour";

/**
 * The summary of one business date, in a form that merges exactly: for each metric, three cubes
 * of sparse one-second histograms. Every cell is keyed by
 *   (level, prep station, X, dining option behavior, order source)
 * where X is the hour of day in the "hours" cube, the menu item in "items" and the course in
 * "courses". Because the filters (level, station, behavior, source) are dimensions of every cube,
 * any filter combines exactly with any breakdown, and a range is answered by adding the cells of
 * its days: never by re-reading raw records.
 */

export const CUBE_KINDS = ["hours", "items", "courses"] as const;
export type CubeKind = (typeof CUBE_KINDS)[number];

/** Dimensions per cell, in this order. */
export const CELL_WIDTH = 5;
export const DIM_LEVEL = 0;
export const DIM_STATION = 1;
export const DIM_X = 2;
export const DIM_BEHAVIOR = 3;
export const DIM_SOURCE = 4;

/** The "hour" of a record with no timestamp at all (it is excluded from every metric). */
export const UNKNOWN_HOUR = 24;

export interface CubePart {
  /** cells × CELL_WIDTH dimension indices into the day's dictionaries. */
  keys: Uint32Array;
  /** Per cell: records without a value for the metric. */
  excluded: Uint32Array;
  /** Per cell: records with a value (the sum of its counts). Derived, not stored. */
  totals: Uint32Array;
  /** Per cell, the first entry; cells + 1 long. */
  start: Uint32Array;
  /** Entries: a second and how many records took exactly that many seconds; ascending per cell. */
  seconds: Uint32Array;
  counts: Uint32Array;
}

export interface DimensionValue {
  guid: string | null;
  name: string | null;
}

export interface DaySummary {
  businessDate: string;
  recordCount: number;
  /** Levels present in the day, ascending. */
  levels: number[];
  stations: DimensionValue[];
  behaviors: (string | null)[];
  sources: (string | null)[];
  items: DimensionValue[];
  courses: DimensionValue[];
  cubes: Record<KitchenMetric, Record<CubeKind, CubePart>>;
}

class Dictionary {
  readonly values: DimensionValue[] = [];
  private readonly index = new Map<string | null, number>();

  id(guid: string | null | undefined, name: string | null | undefined): number {
    const key = guid ?? null;
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.index.set(key, id);
      this.values.push({ guid: key, name: name ?? null });
    } else if (name && this.values[id]!.name === null) {
      this.values[id]!.name = name;
    }
    return id;
  }
}

class StringDictionary {
  readonly values: (string | null)[] = [];
  private readonly index = new Map<string | null, number>();

  id(value: string | null | undefined): number {
    const key = value ?? null;
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.index.set(key, id);
      this.values.push(key);
    }
    return id;
  }
}

/** Summarises the records of one business date. `timeZone` places hours of day. */
export function summariseDay(records: readonly ItemFulfillment[], businessDate: string, timeZone: string): DaySummary {
  const n = records.length;
  const hourOf = localHourResolver(timeZone);
  const stations = new Dictionary();
  const items = new Dictionary();
  const courses = new Dictionary();
  const behaviors = new StringDictionary();
  const sources = new StringDictionary();

  const level = new Uint32Array(n);
  const station = new Uint32Array(n);
  const hour = new Uint32Array(n);
  const item = new Uint32Array(n);
  const course = new Uint32Array(n);
  const behavior = new Uint32Array(n);
  const source = new Uint32Array(n);
  // -1 = excluded from the metric.
  const values: Record<KitchenMetric, Float64Array> = {
    fire_to_fulfill: new Float64Array(n),
    start_to_fulfill: new Float64Array(n),
    wait_to_start: new Float64Array(n),
  };
  const levelsSeen = new Set<number>();

  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    level[i] = r.itemFulfillmentLevel;
    levelsSeen.add(r.itemFulfillmentLevel);
    station[i] = stations.id(r.prepStationGuid, r.prepStationName);
    item[i] = items.id(r.selectionMenuItemGuid, r.selectionMenuItemName);
    course[i] = courses.id(r.courseGuid, r.courseName);
    behavior[i] = behaviors.id(r.diningOptionBehavior);
    source[i] = sources.id(r.orderSource);
    const fired = parseInstant(r.ticketFiredAt);
    const started = parseInstant(r.itemStartedAt);
    const fulfilled = parseInstant(r.itemFulfilledAt);
    // The hour the ticket reached the kitchen: that is when the load arrived.
    const anchor = fired ?? started ?? fulfilled;
    hour[i] = anchor === null ? UNKNOWN_HOUR : hourOf(anchor);
    values.fire_to_fulfill[i] = durationSeconds(fired, fulfilled) ?? -1;
    values.start_to_fulfill[i] = durationSeconds(started, fulfilled) ?? -1;
    values.wait_to_start[i] = durationSeconds(fired, started) ?? -1;
  }

  const radix = [3, stations.values.length, 0, behaviors.values.length, sources.values.length];
  const xColumns: Record<CubeKind, { column: Uint32Array; size: number }> = {
    hours: { column: hour, size: UNKNOWN_HOUR + 1 },
    items: { column: item, size: items.values.length },
    courses: { column: course, size: courses.values.length },
  };

  const cubes = {} as Record<KitchenMetric, Record<CubeKind, CubePart>>;
  for (const metric of KITCHEN_METRICS) {
    const parts = {} as Record<CubeKind, CubePart>;
    for (const kind of ["hours", "items", "courses"] as const) {
      const { column, size } = xColumns[kind];
      parts[kind] = buildCube([level, station, column, behavior, source], [radix[0]!, radix[1]!, size, radix[3]!, radix[4]!], values[metric]);
    }
    cubes[metric] = parts;
  }

  return {
    businessDate,
    recordCount: n,
    levels: [...levelsSeen].sort((a, b) => a - b),
    stations: stations.values,
    behaviors: behaviors.values,
    sources: sources.values,
    items: items.values,
    courses: courses.values,
    cubes,
  };
}

// A cell key and a value share one float64 so one numeric sort groups cells and orders seconds:
// packed = key × 2^25 + (seconds + 1), with 0 in the low part meaning "excluded".
const LOW = 2 ** 25;
const MAX_KEY = 2 ** 28;

function buildCube(dims: Uint32Array[], sizes: number[], values: Float64Array): CubePart {
  const n = values.length;
  let keySpace = 1;
  for (const s of sizes) keySpace *= Math.max(1, s);
  let maxValue = 0;
  for (let i = 0; i < n; i++) if (values[i]! > maxValue) maxValue = values[i]!;

  const keyOf = (i: number) => {
    let k = 0;
    for (let d = 0; d < CELL_WIDTH; d++) k = k * Math.max(1, sizes[d]!) + dims[d]![i]!;
    return k;
  };

  let order: { key: number; low: number }[] | null = null;
  let packed: Float64Array | null = null;
  if (keySpace <= MAX_KEY && maxValue + 1 < LOW) {
    packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = keyOf(i) * LOW + (values[i]! + 1);
    packed.sort();
  } else {
    // Beyond what fits a float64 exactly (a huge menu, a duration of over a year): compare pairs.
    order = Array.from({ length: n }, (_, i) => ({ key: keyOf(i), low: values[i]! + 1 }));
    order.sort((a, b) => a.key - b.key || a.low - b.low);
  }
  const keyAt = (j: number) => (packed ? Math.floor(packed[j]! / LOW) : order![j]!.key);
  const lowAt = (j: number) => (packed ? packed[j]! - Math.floor(packed[j]! / LOW) * LOW : order![j]!.low);

  const cellKeys: number[] = [];
  const excluded: number[] = [];
  const start: number[] = [];
  const seconds: number[] = [];
  const counts: number[] = [];
  let j = 0;
  while (j < n) {
    const key = keyAt(j);
    cellKeys.push(key);
    start.push(seconds.length);
    let excl = 0;
    while (j < n && keyAt(j) === key) {
      const low = lowAt(j);
      let c = 0;
      while (j < n && keyAt(j) === key && lowAt(j) === low) {
        c++;
        j++;
      }
      if (low === 0) excl += c;
      else {
        seconds.push(low - 1);
        counts.push(c);
      }
    }
    excluded.push(excl);
  }
  start.push(seconds.length);

  const keys = new Uint32Array(cellKeys.length * CELL_WIDTH);
  for (let c = 0; c < cellKeys.length; c++) {
    let k = cellKeys[c]!;
    for (let d = CELL_WIDTH - 1; d >= 0; d--) {
      const s = Math.max(1, sizes[d]!);
      keys[c * CELL_WIDTH + d] = k % s;
      k = Math.floor(k / s);
    }
  }
  const part = {
    keys,
    excluded: Uint32Array.from(excluded),
    start: Uint32Array.from(start),
    seconds: Uint32Array.from(seconds),
    counts: Uint32Array.from(counts),
  };
  return { ...part, totals: cellTotals(part.start, part.counts) };
}

export function cellTotals(start: Uint32Array, counts: Uint32Array): Uint32Array {
  const totals = new Uint32Array(start.length - 1);
  for (let c = 0; c < totals.length; c++) {
    let n = 0;
    for (let e = start[c]!; e < start[c + 1]!; e++) n += counts[e]!;
    totals[c] = n;
  }
  return totals;
}
