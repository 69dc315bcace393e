import { Interner } from "@/lib/interning/interner";
import { isStuck } from "@/lib/kitchen/contract/stuck-items";
import {
  KITCHEN_METRICS,
  metricRecord,
  recordOf,
  type KitchenLevel,
  type KitchenMetric,
} from "@/lib/kitchen/contract/vocabulary";
import { diningKeyResolver } from "@/lib/kitchen/ingest/channels";
import { serviceResolver, type DayParts } from "@/lib/kitchen/ingest/day-parts";
import { summariseSlots, type DaySlots } from "@/lib/kitchen/ingest/day-slots";
import { recordInstants, writeDurations } from "@/lib/kitchen/ingest/durations";
import { isKitchenLevel } from "@/lib/kitchen/ingest/ingest";
import { localHourResolver } from "@/lib/kitchen/ingest/local-hour";
import { NOT_COUNTED, writePassAndSpread } from "@/lib/kitchen/ingest/pass-and-spread";
import { dayQuote, type DayQuote } from "@/lib/kitchen/ingest/quote-tickets";
import { ticketTimeRows } from "@/lib/kitchen/ingest/ticket-times";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import type { RestaurantQuote } from "@/lib/restaurants/quote";

/**
 * The summary of one business date, in a form that merges exactly: for each metric, three cubes
 * of sparse one-second histograms. Every cell is keyed by
 *   (level, prep station, X, dining option behavior, order source)
 * where X is the hour of day in the "hours" cube, the menu item in "items" and the course in
 * "courses". Because the filters (level, station, behavior, source) are dimensions of every cube,
 * any filter combines exactly with any breakdown, and a range is answered by adding the cells of
 * its days: never by re-reading raw records.
 *
 * Two more cubes count order selections (menu items as ordered) instead of records: an item
 * fulfilled at two stations is two records but one selection. In "selections" an entry is one
 * selection within a cell (level, station, item, behavior, source); in "selectionsAnyStation" the
 * station is summed out before the selections are made distinct (its station is always 0), so a
 * level's distinct items add up across cells without counting a selection once per station. An
 * entry's value is the smallest of its records' values, or none (an exclusion) when one of its
 * records has none: the selection keeps a record under any "longer than N" cut exactly then.
 * A selection belongs to one order, hence one business date; its item, behavior and source are
 * the first each of its records names (selectionAttributes), so cells and days add.
 *
 * Two more count tickets (ticket-times.ts): an entry is one ticket's time at a level within a cell
 * (level, station, hour of fire, behavior, source), "ticketsAnyStation" with the station summed
 * out. A ticket time is always fire to fulfill, so these cubes are the same under every metric.
 *
 * Beside the cubes, `serviceCubes` has the same cells with X the record's service (day-parts.ts:
 * index into `dayParts.services`, its length for none), with the services the day was summarised
 * with, so a range's day parts add up exactly whatever the schedule says today.
 */

export const CUBE_KINDS = [
  "hours",
  "items",
  "courses",
  "selections",
  "selectionsAnyStation",
  "tickets",
  "ticketsAnyStation",
] as const;
export type CubeKind = (typeof CUBE_KINDS)[number];

/** Dimensions per cell, in this order: level, prep station, X, dining option behavior, order source. */
export const CELL_WIDTH = 5;
/** Where each dimension sits among a cell's CELL_WIDTH keys: the cell at `k` has its station at `keys[k + AT_STATION]`. */
export const AT_LEVEL = 0;
export const AT_STATION = 1;
/** The cube's own dimension: the hour, the item, the course, or the service (CubeKind). */
export const AT_X = 2;
export const AT_BEHAVIOR = 3;
export const AT_SOURCE = 4;

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

/** The dictionaries a cube's cells number into: a day's, or a rollup's (lib/kitchen/query/rollup.ts). */
export type DayDictionaries = Pick<DaySummary, "stations" | "behaviors" | "sources" | "items" | "courses">;

export interface DaySummary {
  businessDate: string;
  recordCount: number;
  /** Levels present in the day, ascending. */
  levels: number[];
  stations: DimensionValue[];
  behaviors: (string | null)[];
  sources: (string | null)[];
  items: DimensionValue[];
  /**
   * Per entry of `items`, the multi-location id its records carry (selectionMenuItemMultiLocationId,
   * which consolidates versions of one menu item across restaurants), or null. An item entry is
   * one (GUID, multi-location id) pair, so a cube cell's records all share the id: the items
   * matrix (lib/kitchen/query/items-matrix.ts) groups them exactly.
   */
  itemMultiLocationIds: (string | null)[];
  /**
   * Per entry of `stations` (keyed by the station's GUID), the multi-location id its records carry
   * (prepStationMultiLocationId: the versions of one prep station across restaurants, and across a
   * station re-created under a new GUID), the first one seen, or null. The stations matrix
   * (lib/kitchen/query/stations-matrix.ts) lines stations up across restaurants by it.
   */
  stationMultiLocationIds: (string | null)[];
  courses: DimensionValue[];
  cubes: Record<KitchenMetric, Record<CubeKind, CubePart>>;
  /** The services the day's records were assigned to, and the business day's start. */
  dayParts: DayParts;
  /** Cells (level, station, service, behavior, source). */
  serviceCubes: Record<KitchenMetric, CubePart>;
  /** The guest's quote of the day and its take-out and delivery tickets against it (quote-tickets.ts); absent when not read. */
  quote?: DayQuote;
  /** Per (level, station, 15-minute slot): the load and its fire to fulfill, items in progress (day-slots.ts). */
  slots: DaySlots;
}

const NO_DAY_PARTS: DayParts = { closeoutHour: 0, services: [] };

// One dictionary per dimension of a day: GUID-keyed values keep the first name seen (a record
// that lacks it borrows another's); the plain ones are the string itself.
const dimension = (guid: string | null, name: string | null | undefined): DimensionValue => ({
  guid,
  name: name ?? null,
});
const fillName = (value: DimensionValue, name: string | null | undefined) => {
  if (name && value.name === null) value.name = name;
};
// An item is keyed by its GUID and its multi-location id together (NUL never occurs in either).
const itemKey = (r: ItemFulfillment) =>
  `${r.selectionMenuItemGuid ?? ""}\u0000${r.selectionMenuItemMultiLocationId ?? ""}`;
const itemValue = (
  _key: string | null,
  r: ItemFulfillment,
): DimensionValue & { multiLocationId: string | null } => ({
  guid: r.selectionMenuItemGuid ?? null,
  name: r.selectionMenuItemName ?? null,
  multiLocationId: r.selectionMenuItemMultiLocationId ?? null,
});
const fillItemName = (value: DimensionValue, r: ItemFulfillment) => fillName(value, r.selectionMenuItemName);

/**
 * Summarises the records of one business date. `timeZone` places hours of day. Records without a
 * level of 0, 1 or 2 are not summarised: lib/kitchen/ingest.ts counts them, with their reason.
 */
export function summariseDay(
  all: readonly ItemFulfillment[],
  businessDate: string,
  timeZone: string,
  dayParts: DayParts = NO_DAY_PARTS,
  opts: SummariseOptions = {},
): DaySummary {
  const records = all.every((r) => isKitchenLevel(r.itemFulfillmentLevel))
    ? all
    : all.filter((r) => isKitchenLevel(r.itemFulfillmentLevel));
  const n = records.length;
  const hourOf = localHourResolver(timeZone);
  const serviceOf = serviceResolver(dayParts, businessDate, timeZone);
  // The behavior dimension holds each record's dining key: its behavior, and its channel when a flag moves it.
  const diningKeyOf = diningKeyResolver(dayParts.diningChannels);
  const stations = new Interner<DimensionValue>((v) => v.guid);
  const items = new Interner<DimensionValue & { multiLocationId: string | null }>();
  const courses = new Interner<DimensionValue>((v) => v.guid);
  const behaviors = new Interner<string | null>();
  const sources = new Interner<string | null>();

  const level = new Uint32Array(n);
  const station = new Uint32Array(n);
  const hour = new Uint32Array(n);
  const service = new Uint32Array(n);
  const item = new Uint32Array(n);
  const course = new Uint32Array(n);
  const behavior = new Uint32Array(n);
  const source = new Uint32Array(n);
  // -1 = excluded from the metric; NOT_COUNTED (-2) = no part in it (pass-and-spread.ts).
  const values = metricRecord(() => new Float64Array(n));
  const fulfilledMs = new Float64Array(n);
  const selection = new Int32Array(n);
  const selectionIds = new Interner<string | null>();
  const levelsSeen = new Set<number>();
  const firedMs = new Float64Array(n);
  const stationIds: (string | null)[] = [];

  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    const lv = r.itemFulfillmentLevel as KitchenLevel;
    level[i] = lv;
    levelsSeen.add(lv);
    const s = stations.idWith(r.prepStationGuid ?? null, r.prepStationName, dimension, fillName);
    station[i] = s;
    // A record that lacks the id (a messy export) borrows its station's from another record.
    if (stationIds[s] == null) stationIds[s] = r.prepStationMultiLocationId ?? null;
    item[i] = items.idWith(itemKey(r), r, itemValue, fillItemName);
    course[i] = courses.idWith(r.courseGuid ?? null, r.courseName, dimension, fillName);
    behavior[i] = behaviors.id(diningKeyOf(r.diningOptionGuid, r.diningOptionBehavior));
    source[i] = sources.id(r.orderSource ?? null);
    // A record without a selection GUID cannot be matched with others: it is its own item.
    selection[i] = r.selectionGuid ? selectionIds.id(r.selectionGuid) : -1 - i;
    const instants = recordInstants(r);
    // The hour the ticket reached the kitchen: that is when the load arrived.
    const anchor = instants.firedMs ?? instants.startedMs ?? instants.fulfilledMs;
    hour[i] = anchor === null ? UNKNOWN_HOUR : hourOf(anchor);
    // The service is the one whose hours hold the fire time (the same anchor as the hour).
    service[i] = serviceOf(anchor);
    writeDurations(values, i, instants);
    firedMs[i] = instants.firedMs ?? Number.NaN;
    fulfilledMs[i] = instants.fulfilledMs ?? Number.NaN;
  }
  // With stuck records left out, the relations are made without them, as if never recorded.
  const stuck = opts.stuckSeconds;
  const relatedLevel =
    stuck === undefined
      ? (i: number) => level[i]!
      : (i: number) => (isStuck(values.fire_to_fulfill[i]!, stuck) ? null : level[i]!);
  writePassAndSpread(records, relatedLevel, fulfilledMs, values);
  if (opts.stuckSeconds !== undefined) leaveOutStuck(values, opts.stuckSeconds);

  const sizes = (x: number) => [3, stations.values.length, x, behaviors.values.length, sources.values.length];
  // Per kind, its cubes of every metric; turned into per metric, its cubes of every kind, below.
  const byKind = new Map<CubeKind, Record<KitchenMetric, CubePart>>();
  const perKind: [CubeKind, Uint32Array, number][] = [
    ["hours", hour, UNKNOWN_HOUR + 1],
    ["items", item, items.values.length],
    ["courses", course, courses.values.length],
  ];
  for (const [kind, column, size] of perKind) {
    const parts = buildCubes([level, station, column, behavior, source], sizes(size), values);
    byKind.set(kind, parts);
  }
  const canonical = selectionAttributes(selection, selectionIds.size, [
    [item, (id) => items.values[id]!.guid === null],
    [behavior, (id) => behaviors.values[id] === null],
    [source, (id) => sources.values[id] === null],
  ]);
  const dims = {
    level,
    station,
    item: canonical[0]!,
    behavior: canonical[1]!,
    source: canonical[2]!,
    selection,
  };
  for (const [kind, anyStation] of [
    ["selections", false],
    ["selectionsAnyStation", true],
  ] as const) {
    const distinct = distinctSelections(dims, values, anyStation);
    const parts = buildCubes(distinct.dims, sizes(items.values.length), distinct.values);
    byKind.set(kind, parts);
  }
  const ticketColumns = {
    level,
    station,
    behavior,
    source,
    behaviorAbsent: (id: number) => behaviors.values[id] === null,
    sourceAbsent: (id: number) => sources.values[id] === null,
  };
  for (const [kind, parts] of ticketCubes(records, ticketColumns, hourOf, sizes(UNKNOWN_HOUR + 1))) {
    byKind.set(kind, parts);
  }

  const serviceCubes = buildCubes(
    [level, station, service, behavior, source],
    sizes(dayParts.services.length + 1),
    values,
  );

  return {
    businessDate,
    recordCount: n,
    levels: [...levelsSeen].sort((a, b) => a - b),
    stations: stations.values,
    behaviors: behaviors.values,
    sources: sources.values,
    items: items.values.map(({ guid, name }) => ({ guid, name })),
    itemMultiLocationIds: items.values.map((v) => v.multiLocationId),
    stationMultiLocationIds: stations.values.map((_, s) => stationIds[s] ?? null),
    courses: courses.values,
    cubes: metricRecord((metric) => recordOf(CUBE_KINDS, (kind) => byKind.get(kind)![metric])),
    dayParts,
    serviceCubes,
    ...(opts.quote ? { quote: dayQuote(records, opts.quote, hourOf, serviceOf) } : {}),
    slots: summariseSlots(
      { level, station, firedMs, fulfilledMs, fireToFulfill: values.fire_to_fulfill },
      timeZone,
    ),
  };
}

/** The two ticket-time cubes (ticket-times.ts): per station, and with the station summed out. */
function ticketCubes(
  records: readonly ItemFulfillment[],
  columns: Parameters<typeof ticketTimeRows>[1],
  hourOf: (ms: number) => number,
  sizes: number[],
): [CubeKind, Record<KitchenMetric, CubePart>][] {
  return (
    [
      ["tickets", false],
      ["ticketsAnyStation", true],
    ] as const
  ).map(([kind, anyStation]) => {
    const rows = ticketTimeRows(records, columns, hourOf, UNKNOWN_HOUR, anyStation);
    // The same values under every metric: a ticket time is fire to fulfill whatever is asked.
    return [
      kind,
      buildCubes(
        rows.dims,
        sizes,
        metricRecord(() => rows.values),
      ),
    ];
  });
}

/**
 * `stuckSeconds`: records left on screen (contract/stuck-items.ts: fire to fulfill over it) are
 * left out of the start_to_fulfill, wait_to_start, pass_wait and ticket_spread cubes (a ticket's
 * spread with its carrier record), as if they had never been recorded
 * there: those cubes cannot tell them apart at query time. The fire_to_fulfill and ticket cubes
 * keep them, because the query leaves them out there exactly (range-summary.ts cuts at the limit).
 * Such a day answers a query that leaves stuck items out; it is never stored (the stored cubes of
 * the three metrics share their cells).
 */
interface SummariseOptions {
  stuckSeconds?: number;
  /** The restaurant's quote when the day is fetched: the day keeps it (DaySummary.quote). */
  quote?: RestaurantQuote;
}

/** NaN marks "not in this metric's cubes at all" (-1 is an exclusion, which still counts). */
function leaveOutStuck(values: Record<KitchenMetric, Float64Array>, stuckSeconds: number): void {
  const f2f = values.fire_to_fulfill;
  for (let i = 0; i < f2f.length; i++) {
    if (isStuck(f2f[i]!, stuckSeconds)) {
      values.start_to_fulfill[i] = Number.NaN;
      values.wait_to_start[i] = Number.NaN;
      values.pass_wait[i] = Number.NaN;
      values.ticket_spread[i] = Number.NaN;
    }
  }
}

/**
 * Per record, its selection's value of each column: the first one any record of the selection
 * names (an export now and then lacks a field on one record of an item, or the sandbox's
 * malformed rows do). One value per selection keeps distinct items additive across the cells;
 * a record with no selection keeps its own.
 */
function selectionAttributes(
  selection: Int32Array,
  selections: number,
  columns: [Uint32Array, (id: number) => boolean][],
): Uint32Array[] {
  return columns.map(([column, isAbsent]) => {
    const chosen = new Int32Array(selections).fill(-1);
    for (let i = 0; i < column.length; i++) {
      const s = selection[i]!;
      if (s >= 0 && (chosen[s] === -1 || (isAbsent(chosen[s]!) && !isAbsent(column[i]!))))
        chosen[s] = column[i]!;
    }
    return Uint32Array.from(column, (v, i) => (selection[i]! >= 0 ? chosen[selection[i]!]! : v));
  });
}

/**
 * One row per distinct (level, station, item, behavior, source, selection) (station taken as 0
 * with `anyStation`), with per metric the smallest value of its records, or -1 (none) when one
 * of them has none. Records with no part in a metric (NOT_COUNTED, NaN) are not among "its
 * records"; a selection of such records only stays so.
 */
function distinctSelections(
  d: {
    level: Uint32Array;
    station: Uint32Array;
    item: Uint32Array;
    behavior: Uint32Array;
    source: Uint32Array;
    selection: Int32Array;
  },
  values: Record<KitchenMetric, Float64Array>,
  anyStation: boolean,
): { dims: Uint32Array[]; values: Record<KitchenMetric, Float64Array> } {
  const n = d.level.length;
  const rowOf = new Map<string, number>();
  const first: number[] = [];
  const out = metricRecord(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const key = `${d.level[i]},${anyStation ? 0 : d.station[i]},${d.item[i]},${d.behavior[i]},${d.source[i]},${d.selection[i]}`;
    let row = rowOf.get(key);
    if (row === undefined) {
      row = first.length;
      rowOf.set(key, row);
      first.push(i);
      for (const metric of KITCHEN_METRICS) out[metric][row] = values[metric][i]!;
      continue;
    }
    for (const metric of KITCHEN_METRICS) {
      const was = out[metric][row]!;
      const x = values[metric][i]!;
      // A record left out (NaN) does not take part; a selection of left-out records only stays NaN.
      if (Number.isNaN(x) || x === NOT_COUNTED) continue;
      out[metric][row] =
        Number.isNaN(was) || was === NOT_COUNTED ? x : was < 0 || x < 0 ? -1 : Math.min(was, x);
    }
  }
  const m = first.length;
  const pick = (column: Uint32Array) => Uint32Array.from(first, (i) => column[i]!);
  return {
    dims: [
      pick(d.level),
      anyStation ? new Uint32Array(m) : pick(d.station),
      pick(d.item),
      pick(d.behavior),
      pick(d.source),
    ],
    values: metricRecord((metric) => out[metric].slice(0, m)),
  };
}

/**
 * The cubes of one kind, for all three metrics at once: records are ordered by cell once (one
 * numeric sort of key × 2^21 + record index), then each cell's values are sorted per metric
 * (cells are small) and run-length encoded. The cells are the same for the three metrics: a
 * record with no value still belongs to its cell, as an exclusion.
 */
function buildCubes(
  dims: Uint32Array[],
  sizes: number[],
  values: Record<KitchenMetric, Float64Array>,
): Record<KitchenMetric, CubePart> {
  const n = values.fire_to_fulfill.length;
  const radix = sizes.map((s) => Math.max(1, s));
  const keyOf = (i: number) => {
    let k = 0;
    for (let d = 0; d < CELL_WIDTH; d++) k = k * radix[d]! + dims[d]![i]!;
    return k;
  };
  let keySpace = 1;
  for (const r of radix) keySpace *= r;

  // Record indices in cell order; within a cell, in record order.
  let order: Uint32Array;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = keyOf(i);
  if (keySpace * INDEX_SPACE <= Number.MAX_SAFE_INTEGER && n < INDEX_SPACE) {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = keys[i]! * INDEX_SPACE + i;
    packed.sort();
    order = new Uint32Array(n);
    for (let j = 0; j < n; j++) order[j] = packed[j]! % INDEX_SPACE;
  } else {
    // Beyond what a float64 holds exactly (an enormous menu or day): compare instead.
    order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
  }

  const cellKeys: number[] = [];
  const cellStarts: number[] = [];
  for (let j = 0; j < n; j++) {
    if (j === 0 || keys[order[j]!] !== keys[order[j - 1]!]) {
      cellKeys.push(keys[order[j]!]!);
      cellStarts.push(j);
    }
  }
  cellStarts.push(n);
  const cells = cellKeys.length;

  const cellDims = new Uint32Array(cells * CELL_WIDTH);
  for (let c = 0; c < cells; c++) {
    let k = cellKeys[c]!;
    for (let d = CELL_WIDTH - 1; d >= 0; d--) {
      cellDims[c * CELL_WIDTH + d] = k % radix[d]!;
      k = Math.floor(k / radix[d]!);
    }
  }

  const out = {} as Record<KitchenMetric, CubePart>;
  const scratch = new Float64Array(n);
  for (const metric of KITCHEN_METRICS) {
    const v = values[metric];
    let leftOut = false;
    // Per cell: a record not left out (a value, an exclusion or NOT_COUNTED) keeps the cell.
    const recorded = new Uint8Array(cells);
    const excluded = new Uint32Array(cells);
    const start = new Uint32Array(cells + 1);
    const seconds = new Uint32Array(n);
    const counts = new Uint32Array(n);
    let e = 0;
    for (let c = 0; c < cells; c++) {
      start[c] = e;
      let m = 0;
      for (let j = cellStarts[c]!; j < cellStarts[c + 1]!; j++) {
        const x = v[order[j]!]!;
        if (Number.isNaN(x)) {
          leftOut = true;
          continue;
        }
        recorded[c] = 1;
        // No part in this metric, yet the cell stays: every metric's cells are the same.
        if (x === NOT_COUNTED) continue;
        if (x < 0) excluded[c]!++;
        else scratch[m++] = x;
      }
      if (m > 16) scratch.subarray(0, m).sort();
      else {
        for (let a = 1; a < m; a++) {
          const x = scratch[a]!;
          let b = a - 1;
          while (b >= 0 && scratch[b]! > x) {
            scratch[b + 1] = scratch[b]!;
            b--;
          }
          scratch[b + 1] = x;
        }
      }
      for (let a = 0; a < m;) {
        const x = scratch[a]!;
        let b = a + 1;
        while (b < m && scratch[b] === x) b++;
        seconds[e] = x;
        counts[e] = b - a;
        e++;
        a = b;
      }
    }
    start[cells] = e;
    const part = {
      keys: cellDims,
      excluded,
      start,
      seconds: seconds.slice(0, e),
      counts: counts.slice(0, e),
    };
    const whole = { ...part, totals: cellTotals(part.start, part.counts) };
    out[metric] = leftOut ? withoutEmptyCells(whole, recorded) : whole;
  }
  return out;
}

/** The cube without its cells whose every record was left out: they were never recorded here. */
function withoutEmptyCells(cube: CubePart, recorded: Uint8Array): CubePart {
  const cells = cube.excluded.length;
  const kept: number[] = [];
  for (let c = 0; c < cells; c++) if (recorded[c] === 1) kept.push(c);
  const keys = new Uint32Array(kept.length * CELL_WIDTH);
  const start = new Uint32Array(kept.length + 1);
  kept.forEach((c, n) => {
    keys.set(cube.keys.subarray(c * CELL_WIDTH, c * CELL_WIDTH + CELL_WIDTH), n * CELL_WIDTH);
    start[n] = cube.start[c]!;
  });
  start[kept.length] = cube.start[cells]!;
  return {
    keys,
    excluded: Uint32Array.from(kept, (c) => cube.excluded[c]!),
    start,
    seconds: cube.seconds,
    counts: cube.counts,
    totals: Uint32Array.from(kept, (c) => cube.totals[c]!),
  };
}

/** Record indices up to 2^21 (two million records a day) share a float64 with the cell key. */
const INDEX_SPACE = 2 ** 21;

export function cellTotals(start: Uint32Array, counts: Uint32Array): Uint32Array {
  const totals = new Uint32Array(start.length - 1);
  for (let c = 0; c < totals.length; c++) {
    let n = 0;
    for (let e = start[c]!; e < start[c + 1]!; e++) n += counts[e]!;
    totals[c] = n;
  }
  return totals;
}
