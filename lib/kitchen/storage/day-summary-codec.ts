import {
  KITCHEN_METRICS,
  metricRecord,
  recordOf,
  type KitchenMetric,
} from "@/lib/kitchen/contract/vocabulary";
import type { DayParts } from "@/lib/kitchen/ingest/day-parts";
import {
  CELL_WIDTH,
  cellTotals,
  CUBE_KINDS,
  type CubeKind,
  type CubePart,
  type DayDictionaries,
  type DaySummary,
  type DimensionValue,
} from "@/lib/kitchen/ingest/day-summary";
import type { DayQuote } from "@/lib/kitchen/ingest/quote-tickets";
import { ByteReader, ByteWriter } from "@/lib/kitchen/storage/byte-codec";
import { readDaySlots, writeDaySlots } from "@/lib/kitchen/storage/day-slots-codec";

/**
 * The stored form of a DaySummary: varints, seconds delta-coded within each cell (ascending, so
 * the gaps are small). The metrics share their cells (a record without a value still has
 * its cell, as an exclusion), so each kind's cell keys are written once. Decoding checks the
 * version and that every array is whole, so a damaged row fails loudly instead of merging into
 * wrong numbers.
 */
// 3: the selections cubes. 4: the items' multi-location ids, the ticket-time cubes and the day
// parts (services and their cubes). 5: the guest's quote and its tickets (DaySummary.quote). 6: the
// pass_wait and ticket_spread metrics (their cubes after the three others', in KITCHEN_METRICS's
// order). 7: the day parts' dining channels (the flagged dining options, ingest/channels.ts), and
// dining keys in the behaviors dictionary. 8: the capacity slots (day-slots.ts), after the quote.
// 9: the stations' multi-location ids (written last). A day stored in an older format reads as
// unreadable and is fetched again.
const FORMAT_VERSION = 9;

export function encodeDaySummary(day: DaySummary): Uint8Array {
  const w = new ByteWriter();
  w.uint(FORMAT_VERSION);
  w.string(day.businessDate);
  w.uint(day.recordCount);
  w.uints(day.levels);
  writeDictionaries(w, day);
  writeStrings(w, day.itemMultiLocationIds);
  for (const kind of CUBE_KINDS) {
    if (METRIC_FREE.has(kind)) writeCubePart(w, day.cubes.fire_to_fulfill[kind]);
    else writeSharedCells(w, metricsOf(day.cubes, kind), kind);
  }
  writeDayParts(w, day.dayParts);
  writeSharedCells(w, day.serviceCubes, "services");
  writeQuote(w, day.quote);
  writeDaySlots(w, day.slots);
  writeStrings(w, day.stationMultiLocationIds);
  return w.bytes();
}

/** Kinds whose cubes are the same under every metric (ticket times are always fire to fulfill): stored once. */
const METRIC_FREE: ReadonlySet<CubeKind> = new Set(["tickets", "ticketsAnyStation"]);

const metricsOf = (cubes: DaySummary["cubes"], kind: CubeKind): Record<KitchenMetric, CubePart> =>
  metricRecord((metric) => cubes[metric][kind]);

/** One kind's cells for every metric, their keys written once (they must be the same). */
function writeSharedCells(w: ByteWriter, parts: Record<KitchenMetric, CubePart>, what: string): void {
  const keys = parts.fire_to_fulfill.keys;
  for (const metric of KITCHEN_METRICS) {
    const other = parts[metric].keys;
    if (other !== keys && (other.length !== keys.length || other.some((k, i) => k !== keys[i]))) {
      throw new Error(`the ${what} cells of ${metric} differ from those of fire_to_fulfill`);
    }
  }
  w.uint(keys.length / CELL_WIDTH);
  for (let i = 0; i < keys.length; i++) w.uint(keys[i]!);
  for (const metric of KITCHEN_METRICS) writeCells(w, parts[metric]);
}

function readSharedCells(r: ByteReader): Record<KitchenMetric, CubePart> {
  const cells = r.uint();
  const keys = new Uint32Array(cells * CELL_WIDTH);
  for (let i = 0; i < keys.length; i++) keys[i] = r.uint();
  // In KITCHEN_METRICS's order, as writeSharedCells wrote them.
  return metricRecord(() => readCells(r, keys, cells));
}

export function decodeDaySummary(bytes: Uint8Array): DaySummary {
  const r = new ByteReader(bytes);
  const version = r.uint();
  if (version !== FORMAT_VERSION) throw new Error(`day summary format ${version} is not ${FORMAT_VERSION}`);
  const businessDate = r.string();
  const recordCount = r.uint();
  const levels = Array.from(r.uints());
  const { stations, behaviors, sources, items, courses } = readDictionaries(r);
  const itemMultiLocationIds = readStrings(r);
  if (itemMultiLocationIds.length !== items.length)
    throw new Error("day summary's item multi-location ids do not match its items");
  // In CUBE_KINDS's order, as encoded: a kind the same under every metric is read once.
  const byKind = recordOf(CUBE_KINDS, (kind) => {
    if (!METRIC_FREE.has(kind)) return readSharedCells(r);
    const part = readCubePart(r);
    return metricRecord(() => part);
  });
  const cubes = metricRecord((metric) => recordOf(CUBE_KINDS, (kind) => byKind[kind][metric]));
  const dayParts = readDayParts(r);
  const serviceCubes = readSharedCells(r);
  const quote = readQuote(r);
  const slots = readDaySlots(r);
  const stationMultiLocationIds = readStrings(r);
  if (stationMultiLocationIds.length !== stations.length)
    throw new Error("day summary's station multi-location ids do not match its stations");
  if (!r.done) throw new Error("day summary has trailing bytes");
  return {
    businessDate,
    recordCount,
    levels,
    stations,
    behaviors,
    sources,
    items,
    itemMultiLocationIds,
    stationMultiLocationIds,
    courses,
    cubes,
    dayParts,
    serviceCubes,
    ...(quote ? { quote } : {}),
    slots,
  };
}

// A quote's seconds are written one up, so 0 stands for none; a day without a quote read writes 0 cells flag.
function writeQuote(w: ByteWriter, quote: DayQuote | undefined): void {
  w.uint(quote ? 1 : 0);
  if (!quote) return;
  w.uint(quote.quote.takeoutSeconds === null ? 0 : quote.quote.takeoutSeconds + 1);
  w.uint(quote.quote.deliverySeconds === null ? 0 : quote.quote.deliverySeconds + 1);
  w.uint(quote.cells.length);
  for (const c of quote.cells)
    for (const v of [c.channel, c.hour, c.service, c.tickets, c.within, c.unmeasured]) w.uint(v);
}

function readQuote(r: ByteReader): DayQuote | undefined {
  if (r.uint() === 0) return undefined;
  const seconds = (v: number) => (v === 0 ? null : v - 1);
  const quote = { takeoutSeconds: seconds(r.uint()), deliverySeconds: seconds(r.uint()) };
  const cells = Array.from({ length: r.uint() }, () => ({
    channel: r.uint(),
    hour: r.uint(),
    service: r.uint(),
    tickets: r.uint(),
    within: r.uint(),
    unmeasured: r.uint(),
  }));
  return { quote, cells };
}

function writeDayParts(w: ByteWriter, parts: DayParts): void {
  w.uint(parts.closeoutHour);
  w.uint(parts.services.length);
  for (const s of parts.services) {
    w.string(s.name);
    w.uint(s.startMinutes);
    w.uint(s.endMinutes);
    w.uint(s.overnight ? 1 : 0);
  }
  const channels = parts.diningChannels ?? [];
  w.uint(channels.length);
  for (const c of channels) {
    w.string(c.guid);
    w.string(c.channel);
  }
}

function readDayParts(r: ByteReader): DayParts {
  const closeoutHour = r.uint();
  const services = Array.from({ length: r.uint() }, () => ({
    name: r.string(),
    startMinutes: r.uint(),
    endMinutes: r.uint(),
    overnight: r.uint() === 1,
  }));
  const diningChannels = Array.from({ length: r.uint() }, () => ({ guid: r.string(), channel: r.string() }));
  // Left out when empty, as a day summarised without a snapshot has it.
  return diningChannels.length > 0 ? { closeoutHour, services, diningChannels } : { closeoutHour, services };
}

/** The five dictionaries, shared with the stored rollups (rollup-codec.ts). */
export function writeDictionaries(w: ByteWriter, d: DayDictionaries): void {
  writeDimensions(w, d.stations);
  writeStrings(w, d.behaviors);
  writeStrings(w, d.sources);
  writeDimensions(w, d.items);
  writeDimensions(w, d.courses);
}

export function readDictionaries(r: ByteReader): DayDictionaries {
  return {
    stations: readDimensions(r),
    behaviors: readStrings(r),
    sources: readStrings(r),
    items: readDimensions(r),
    courses: readDimensions(r),
  };
}

/** One cube of one metric: its cells' keys, then its cells. */
export function writeCubePart(w: ByteWriter, part: CubePart): void {
  w.uint(part.keys.length / CELL_WIDTH);
  for (let i = 0; i < part.keys.length; i++) w.uint(part.keys[i]!);
  writeCells(w, part);
}

export function readCubePart(r: ByteReader): CubePart {
  const cells = r.uint();
  const keys = new Uint32Array(cells * CELL_WIDTH);
  for (let i = 0; i < keys.length; i++) keys[i] = r.uint();
  return readCells(r, keys, cells);
}

function writeDimensions(w: ByteWriter, values: DimensionValue[]): void {
  w.uint(values.length);
  for (const v of values) {
    w.nullableString(v.guid);
    w.nullableString(v.name);
  }
}

function readDimensions(r: ByteReader): DimensionValue[] {
  const n = r.uint();
  const out: DimensionValue[] = [];
  for (let i = 0; i < n; i++) out.push({ guid: r.nullableString(), name: r.nullableString() });
  return out;
}

function writeStrings(w: ByteWriter, values: (string | null)[]): void {
  w.uint(values.length);
  for (const v of values) w.nullableString(v);
}

function readStrings(r: ByteReader): (string | null)[] {
  const n = r.uint();
  const out: (string | null)[] = [];
  for (let i = 0; i < n; i++) out.push(r.nullableString());
  return out;
}

function writeCells(w: ByteWriter, cube: CubePart): void {
  const cells = cube.excluded.length;
  for (let c = 0; c < cells; c++) {
    const from = cube.start[c]!;
    const to = cube.start[c + 1]!;
    w.uint(cube.excluded[c]!);
    w.uint(to - from);
    let previous = 0;
    for (let e = from; e < to; e++) {
      w.uint(cube.seconds[e]! - previous);
      previous = cube.seconds[e]!;
      w.uint(cube.counts[e]!);
    }
  }
}

function readCells(r: ByteReader, keys: Uint32Array, cells: number): CubePart {
  const excluded = new Uint32Array(cells);
  const start = new Uint32Array(cells + 1);
  let seconds = new Uint32Array(Math.max(16, cells * 4));
  let counts = new Uint32Array(seconds.length);
  let e = 0;
  for (let c = 0; c < cells; c++) {
    excluded[c] = r.uint();
    const entries = r.uint();
    start[c] = e;
    if (e + entries > seconds.length) {
      const size = Math.max(seconds.length * 2, e + entries);
      const s2 = new Uint32Array(size);
      s2.set(seconds);
      seconds = s2;
      const c2 = new Uint32Array(size);
      c2.set(counts);
      counts = c2;
    }
    let previous = 0;
    for (let k = 0; k < entries; k++) {
      previous += r.uint();
      seconds[e] = previous;
      counts[e] = r.uint();
      e++;
    }
  }
  start[cells] = e;
  const finalCounts = counts.slice(0, e);
  return {
    keys,
    excluded,
    start,
    seconds: seconds.slice(0, e),
    counts: finalCounts,
    totals: cellTotals(start, finalCounts),
  };
}
