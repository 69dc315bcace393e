import { KITCHEN_METRICS } from "@/lib/kitchen/contract/vocabulary";
import { CUBE_KINDS, type CubeKind, type CubePart } from "@/lib/kitchen/ingest/day-summary";
import type { PeriodKind, Rollup } from "@/lib/kitchen/query/rollup";
import { ByteReader, ByteWriter } from "@/lib/kitchen/storage/byte-codec";
import { readCubePart, readDictionaries, writeCubePart, writeDictionaries } from "@/lib/kitchen/storage/day-summary-codec";

/**
 * The stored form of a rollup (one metric's): its period, its days and their versions, the
 * dictionaries and cubes in a day summary's encoding, then each day's trend cube. Decoding
 * checks the version and the length, like a day's, so a damaged row fails loudly.
 */
const FORMAT_VERSION = 1;
const PERIOD_KINDS: readonly PeriodKind[] = ["week", "month"];

export function encodeRollup(rollup: Rollup): Uint8Array {
  const w = new ByteWriter();
  w.uint(FORMAT_VERSION);
  w.uint(PERIOD_KINDS.indexOf(rollup.kind));
  w.string(rollup.start);
  w.uint(KITCHEN_METRICS.indexOf(rollup.metric));
  w.uint(rollup.dates.length);
  rollup.dates.forEach((date, i) => {
    w.string(date);
    w.uint(rollup.versions[i]!);
  });
  w.uint(rollup.recordCount);
  w.uints(rollup.levels);
  writeDictionaries(w, rollup);
  for (const kind of CUBE_KINDS) writeCubePart(w, rollup.cubes[kind]);
  for (const trend of rollup.trends) writeCubePart(w, trend);
  return w.bytes();
}

export function decodeRollup(bytes: Uint8Array): Rollup {
  const r = new ByteReader(bytes);
  const version = r.uint();
  if (version !== FORMAT_VERSION) throw new Error(`rollup format ${version} is not ${FORMAT_VERSION}`);
  const kind = PERIOD_KINDS[r.uint()];
  const start = r.string();
  const metric = KITCHEN_METRICS[r.uint()];
  if (!kind || !metric) throw new Error("rollup of an unknown period kind or metric");
  const n = r.uint();
  const dates: string[] = [];
  const versions: number[] = [];
  for (let i = 0; i < n; i++) {
    dates.push(r.string());
    versions.push(r.uint());
  }
  const recordCount = r.uint();
  const levels = Array.from(r.uints());
  const dictionaries = readDictionaries(r);
  const cubes = {} as Record<CubeKind, CubePart>;
  for (const k of CUBE_KINDS) cubes[k] = readCubePart(r);
  const trends = dates.map(() => readCubePart(r));
  if (!r.done) throw new Error("rollup has trailing bytes");
  return { kind, start, metric, dates, versions, recordCount, levels, ...dictionaries, cubes, trends };
}
