import { addBusinessDays } from "@/lib/business-date/business-date";
import type { KitchenAnomaly } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { AT_LEVEL, AT_STATION, AT_X, CELL_WIDTH, type DaySummary } from "@/lib/kitchen/ingest/day-summary";

import { nearestRank } from "./nearest-rank";

/**
 * Unusual days (issue 35): a closed day whose exact p90 of a slice (level × prep station ×
 * service, and every prep station together at level 0) lies outside the band of the same slice on
 * the previous LOOKBACK_WEEKS same weekdays. The band is the median of those days' p90 ± BAND_MADS
 * × MAD_SCALE × their median absolute deviation, at least MIN_HALF_WIDTH_S on each side, and
 * exists only where at least MIN_DAYS_WITH_FIGURES of those days have figures (≥ 1 record of the
 * slice). MAD_SCALE makes the MAD estimate a standard deviation for normal data; the floor keeps a
 * steady kitchen (MAD near 0) from being flagged for seconds. The per-day p90 is nearest rank over
 * the day's one-second histograms (serviceCubes, fire to fulfill), so no estimate is involved.
 */

export const LOOKBACK_WEEKS = 8;
const MIN_DAYS_WITH_FIGURES = 6;
const MAD_SCALE = 1.4826;
const BAND_MADS = 3;
const MIN_HALF_WIDTH_S = 60;

interface Band {
  median: number;
  low: number;
  high: number;
}

/** The median of a non-empty list (the mean of the two middle values for an even count). */
export function medianOf(values: readonly number[]): number {
  if (values.length === 0) throw new Error("the median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The band of the previous days' p90 (null: that day had no figures); null with too few days. */
export function bandOf(previous: readonly (number | null)[]): Band | null {
  const figures = previous.filter((v): v is number => v !== null);
  if (figures.length < MIN_DAYS_WITH_FIGURES) return null;
  const median = medianOf(figures);
  const mad = medianOf(figures.map((v) => Math.abs(v - median)));
  const half = Math.max(MIN_HALF_WIDTH_S, BAND_MADS * MAD_SCALE * mad);
  return { median, low: median - half, high: median + half };
}

export const outsideBand = (p90: number, band: Band) => p90 < band.low || p90 > band.high;

/** One slice's p90 on one day. `station` null: every prep station of the level together. */
interface SliceP90 {
  level: KitchenLevel;
  station: { stationGuid: string | null; stationName: string | null } | null;
  service: string | null;
  p90: number;
}

/** A day's p90 per slice, keyed by `sliceKey`. */
export type DayP90s = Map<string, SliceP90>;

const sliceKey = (level: number, station: string | null | undefined, service: string | null) =>
  `${level}|${station === undefined ? "*" : station === null ? "-" : `g:${station}`}|${service === null ? "-" : `s:${service}`}`;

/**
 * A day's p90 of fire to fulfill per slice, from its service cube (cells: level, station, service,
 * behavior, source). `cutSeconds`: records over it (items left on screen) are left out, as the
 * summary's figures leave them. Services are named (a day's own service list), so days summarised
 * under different schedules still meet by name; records in no service form the slice "none" (null).
 */
export function dayP90s(day: DaySummary, cutSeconds?: number): DayP90s {
  const cube = day.serviceCubes.fire_to_fulfill;
  const services = day.dayParts.services;
  const groups = new Map<string, { slice: Omit<SliceP90, "p90">; hist: Map<number, number>; n: number }>();
  const add = (key: string, slice: Omit<SliceP90, "p90">, c: number) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { slice, hist: new Map(), n: 0 }));
    for (let e = cube.start[c]!; e < cube.start[c + 1]!; e++) {
      const s = cube.seconds[e]!;
      if (cutSeconds !== undefined && s > cutSeconds) continue;
      g.hist.set(s, (g.hist.get(s) ?? 0) + cube.counts[e]!);
      g.n += cube.counts[e]!;
    }
  };
  for (let c = 0; c < cube.excluded.length; c++) {
    const k = c * CELL_WIDTH;
    const level = cube.keys[k + AT_LEVEL]! as KitchenLevel;
    const st = day.stations[cube.keys[k + AT_STATION]!]!;
    const service = services[cube.keys[k + AT_X]!]?.name ?? null;
    add(
      sliceKey(level, st.guid, service),
      { level, station: { stationGuid: st.guid, stationName: st.name }, service },
      c,
    );
    // Every prep station together only at level 0: levels 1 and 2 are the expediters themselves.
    if (level === 0) add(sliceKey(level, undefined, service), { level, station: null, service }, c);
  }
  const out: DayP90s = new Map();
  for (const [key, g] of groups) {
    if (g.n === 0) continue; // no record with a value: the slice has no figures that day
    const rank = nearestRank(g.n, 90);
    let seen = 0;
    for (const s of [...g.hist.keys()].sort((a, b) => a - b)) {
      seen += g.hist.get(s)!;
      if (seen >= rank) {
        out.set(key, { ...g.slice, p90: s });
        break;
      }
    }
  }
  return out;
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/**
 * The flagged slices of `dates` (the range's closed dates with stored figures), ascending by date,
 * then level, then the every-station slice first, station name and service. `p90sOf`: a day's
 * slices, null for a date not stored (it counts as a day without figures).
 */
export function findAnomalies(
  dates: readonly string[],
  p90sOf: (date: string) => DayP90s | null,
): KitchenAnomaly[] {
  const out: KitchenAnomaly[] = [];
  for (const date of dates) {
    const today = p90sOf(date);
    if (!today) continue;
    const previous = Array.from({ length: LOOKBACK_WEEKS }, (_, i) =>
      p90sOf(addBusinessDays(date, -7 * (i + 1))),
    );
    for (const [key, slice] of today) {
      const band = bandOf(previous.map((day) => day?.get(key)?.p90 ?? null));
      if (!band || !outsideBand(slice.p90, band)) continue;
      out.push({
        date,
        level: slice.level,
        station: slice.station,
        service: slice.service,
        p90: slice.p90,
        median: oneDecimal(band.median),
        low: oneDecimal(band.low),
        high: oneDecimal(band.high),
      });
    }
  }
  const name = (a: KitchenAnomaly) => (a.station === null ? "" : `~${a.station.stationName ?? ""}`);
  return out.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.level - b.level ||
      name(a).localeCompare(name(b)) ||
      (a.station?.stationGuid ?? "").localeCompare(b.station?.stationGuid ?? "") ||
      (a.service ?? "").localeCompare(b.service ?? ""),
  );
}
