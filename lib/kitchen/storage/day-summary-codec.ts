import { KITCHEN_METRICS } from "@/lib/kitchen/contract/vocabulary";
import { ByteReader, ByteWriter } from "@/lib/kitchen/storage/byte-codec";
import { CELL_WIDTH, cellTotals, CUBE_KINDS, type CubePart, type DaySummary, type DimensionValue } from "@/lib/kitchen/ingest/day-summary";

/**
 * The stored form of a DaySummary: varints, seconds delta-coded within each cell (ascending, so
 * the gaps are small). The three metrics share their cells (a record without a value still has
 * its cell, as an exclusion), so each kind's cell keys are written once. Decoding checks the
 * version and that every array is whole, so a damaged row fails loudly instead of merging into
 * wrong numbers.
 */
const FORMAT_VERSION = 2;

export function encodeDaySummary(day: DaySummary): Uint8Array {
  const w = new ByteWriter();
  w.uint(FORMAT_VERSION);
  w.string(day.businessDate);
  w.uint(day.recordCount);
  w.uints(day.levels);
  writeDimensions(w, day.stations);
  writeStrings(w, day.behaviors);
  writeStrings(w, day.sources);
  writeDimensions(w, day.items);
  writeDimensions(w, day.courses);
  for (const kind of CUBE_KINDS) {
    const keys = day.cubes.fire_to_fulfill[kind].keys;
    for (const metric of KITCHEN_METRICS) {
      const other = day.cubes[metric][kind].keys;
      if (other !== keys && (other.length !== keys.length || other.some((k, i) => k !== keys[i]))) {
        throw new Error(`the ${kind} cells of ${metric} differ from those of fire_to_fulfill`);
      }
    }
    w.uint(keys.length / CELL_WIDTH);
    for (let i = 0; i < keys.length; i++) w.uint(keys[i]!);
    for (const metric of KITCHEN_METRICS) writeCells(w, day.cubes[metric][kind]);
  }
  return w.bytes();
}

export function decodeDaySummary(bytes: Uint8Array): DaySummary {
  const r = new ByteReader(bytes);
  const version = r.uint();
  if (version !== FORMAT_VERSION) throw new Error(`day summary format ${version} is not ${FORMAT_VERSION}`);
  const businessDate = r.string();
  const recordCount = r.uint();
  const levels = Array.from(r.uints());
  const stations = readDimensions(r);
  const behaviors = readStrings(r);
  const sources = readStrings(r);
  const items = readDimensions(r);
  const courses = readDimensions(r);
  const cubes = { fire_to_fulfill: {}, start_to_fulfill: {}, wait_to_start: {} } as DaySummary["cubes"];
  for (const kind of CUBE_KINDS) {
    const cells = r.uint();
    const keys = new Uint32Array(cells * CELL_WIDTH);
    for (let i = 0; i < keys.length; i++) keys[i] = r.uint();
    for (const metric of KITCHEN_METRICS) cubes[metric][kind] = readCells(r, keys, cells);
  }
  if (!r.done) throw new Error("day summary has trailing bytes");
  return { businessDate, recordCount, levels, stations, behaviors, sources, items, courses, cubes };
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
  return { keys, excluded, start, seconds: seconds.slice(0, e), counts: finalCounts, totals: cellTotals(start, finalCounts) };
}
