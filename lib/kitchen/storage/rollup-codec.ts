import type { Stats } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, KITCHEN_METRICS } from "@/lib/kitchen/contract/vocabulary";
import { CUBE_KINDS, type CubeKind, type CubePart } from "@/lib/kitchen/ingest/day-summary";
import type {
  PeriodKind,
  Rollup,
  RollupDayParts,
  RollupDetail,
  RollupMarginals,
  RollupService,
} from "@/lib/kitchen/query/rollup";
import { ByteReader, ByteWriter } from "@/lib/kitchen/storage/byte-codec";
import {
  readCubePart,
  readDictionaries,
  writeCubePart,
  writeDictionaries,
} from "@/lib/kitchen/storage/day-summary-codec";

/**
 * The stored form of a rollup (one metric's), in two parts: the head (its period, its days and
 * their versions, the dictionaries, each day's trend points, the marginals) that queries filtered
 * by level at most read, and the detail (cubes and trend cubes), read and decoded only when a
 * filter needs it. Decoding checks the version and every length, like a day's, so a damaged row
 * fails loudly.
 */
// 2: the selections cubes and marginal. 3: the ticket-time cubes, marginal, trend cubes and day
// statistics; the items marginal keeps its station; each day's station cube (dayStations). 4: the
// day parts (services, weekday × hour), marginal in the head and whole in the detail. An older
// rollup reads as unreadable and is built again from its days (by the backfill, or the request
// that finds it: rollup-reader.ts).
const FORMAT_VERSION = 4;
/** The format rollups are built in now: part of each stored rollup's version, so an older row is not even read. */
export const ROLLUP_FORMAT = FORMAT_VERSION;
const PERIOD_KINDS: readonly PeriodKind[] = ["week", "month"];
const MARGINALS: readonly (keyof RollupMarginals)[] = [
  "hourStation",
  "behaviors",
  "sources",
  "items",
  "courses",
  "selections",
  "tickets",
];

export function encodeRollup(rollup: Rollup): { head: Uint8Array; detail: Uint8Array } {
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
  for (const day of rollup.dayStats) for (const level of KITCHEN_LEVELS) writeStats(w, day[level]!);
  for (const day of rollup.ticketDayStats) for (const level of KITCHEN_LEVELS) writeStats(w, day[level]!);
  for (const m of MARGINALS) writeCubePart(w, rollup.marginals[m]);
  for (const d of rollup.dayStations) writeCubePart(w, d);
  w.uint(rollup.services.length);
  for (const s of rollup.services) {
    w.string(s.name);
    w.uints(s.starts);
  }
  writeDayParts(w, rollup.dayPartMarginals);
  if (!rollup.detail) throw new Error("a rollup without its detail cannot be stored");
  const detail = new ByteWriter();
  const { cubes, trends, ticketTrends, dayParts } = rollup.detail();
  for (const kind of CUBE_KINDS) writeCubePart(detail, cubes[kind]);
  for (const trend of trends) writeCubePart(detail, trend);
  for (const t of ticketTrends) {
    writeCubePart(detail, t.tickets);
    writeCubePart(detail, t.ticketsAnyStation);
  }
  writeDayParts(detail, dayParts);
  return { head: w.bytes(), detail: detail.bytes() };
}

/** A stored rollup; its detail, when given, is decoded on first use. */
export function decodeRollup(head: Uint8Array, detailBytes: Uint8Array | null): Rollup {
  const r = new ByteReader(head);
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
  const dayStats = dates.map(() => KITCHEN_LEVELS.map(() => readStats(r)));
  const ticketDayStats = dates.map(() => KITCHEN_LEVELS.map(() => readStats(r)));
  const marginals = Object.fromEntries(
    MARGINALS.map((m) => [m, readCubePart(r)]),
  ) as unknown as RollupMarginals;
  const dayStations = dates.map(() => readCubePart(r));
  const services: RollupService[] = Array.from({ length: r.uint() }, () => ({
    name: r.string(),
    starts: Array.from(r.uints()),
  }));
  const dayPartMarginals = readDayParts(r);
  if (!r.done) throw new Error("rollup has trailing bytes");
  return {
    kind,
    start,
    metric,
    dates,
    versions,
    recordCount,
    levels,
    ...dictionaries,
    dayStats,
    ticketDayStats,
    dayStations,
    services,
    dayPartMarginals,
    marginals,
    // A bound method, not a closure: the bundler may inline this function into its caller, and a
    // closure would then hold the caller's scope (the rollup reader's every rollup of the request:
    // 2 GB retained after three 365-day requests on the production build).
    detail: detailBytes
      ? StoredDetail.prototype.read.bind(new StoredDetail(detailBytes, dates.length))
      : null,
    // About what the detail holds once decoded (the encoded bytes are then let go); the rollup
    // reader counts the exact bytes once it has decoded it.
    detailBytes: (detailBytes?.length ?? 0) * 3,
  };
}

/** A stored rollup's detail, decoded on first use; its encoded bytes are released then. */
class StoredDetail {
  #bytes: Uint8Array | null;
  #decoded: RollupDetail | null = null;

  constructor(
    bytes: Uint8Array,
    private readonly days: number,
  ) {
    this.#bytes = bytes;
  }

  read(): RollupDetail {
    if (!this.#decoded) {
      this.#decoded = decodeDetail(this.#bytes!, this.days);
      this.#bytes = null;
    }
    return this.#decoded;
  }
}

function decodeDetail(bytes: Uint8Array, days: number): RollupDetail {
  const r = new ByteReader(bytes);
  const cubes = {} as Record<CubeKind, CubePart>;
  for (const k of CUBE_KINDS) cubes[k] = readCubePart(r);
  const trends = Array.from({ length: days }, () => readCubePart(r));
  const ticketTrends = Array.from({ length: days }, () => ({
    tickets: readCubePart(r),
    ticketsAnyStation: readCubePart(r),
  }));
  const dayParts = readDayParts(r);
  if (!r.done) throw new Error("rollup detail has trailing bytes");
  return { cubes, trends, ticketTrends, dayParts };
}

function writeDayParts(w: ByteWriter, parts: RollupDayParts): void {
  writeCubePart(w, parts.services);
  writeCubePart(w, parts.weekdayHours);
}

function readDayParts(r: ByteReader): RollupDayParts {
  return { services: readCubePart(r), weekdayHours: readCubePart(r) };
}

// Stats in the exact shape the merge builds them (mean in tenths: it is rounded to one decimal).
function writeStats(w: ByteWriter, s: Stats): void {
  w.uint(s.count);
  w.uint(s.excluded);
  if (s.count === 0) return;
  for (const v of [Math.round(s.mean! * 10), s.p50, s.p75, s.p90, s.p95, s.max]) w.uint(v!);
}

function readStats(r: ByteReader): Stats {
  const count = r.uint();
  const excluded = r.uint();
  if (count === 0)
    return { count, excluded, mean: null, p50: null, p75: null, p90: null, p95: null, max: null };
  return {
    count,
    excluded,
    mean: r.uint() / 10,
    p50: r.uint(),
    p75: r.uint(),
    p90: r.uint(),
    p95: r.uint(),
    max: r.uint(),
  };
}
