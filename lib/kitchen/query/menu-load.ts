import type {
  MenuLoadItem,
  MenuLoadItemStation,
  MenuLoadQuadrant,
  MenuLoadStation,
} from "@/lib/kitchen/contract/menu-load";
import { hasFewRecords } from "@/lib/kitchen/contract/ranking";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import {
  AT_STATION,
  AT_X,
  CELL_WIDTH,
  type CubePart,
  type DaySummary,
} from "@/lib/kitchen/ingest/day-summary";
import { nearestRank } from "@/lib/kitchen/query/nearest-rank";
import { cellMatches, cutCube, dayFilter } from "@/lib/kitchen/query/range-summary";

/**
 * The menu's load, computed from the days' items cubes of fire to fulfill: each cell's one-second
 * histogram is added into its item's, so p50 and p90 are nearest rank over the union of the
 * records (never an average of days' percentiles), and the seconds are Σ second × count, the
 * exact sum, which is count × mean without the mean's rounding. Selections come from the
 * selections cubes (per station when a station is asked, else with the station summed out, so an
 * item made at two stations is one selection).
 */

export interface MenuLoadOptions {
  level: KitchenLevel;
  /** A station GUID, or `(none)`; unset for every station. */
  station?: string;
  /** Records over this many seconds count nowhere (the items left on screen: range-summary.ts cutSecondsOf). */
  cutSeconds?: number;
}

export interface MenuLoadFigures {
  records: number;
  seconds: number;
  medians: { selections: number | null; p90: number | null; rankedItems: number };
  stations: MenuLoadStation[];
  items: MenuLoadItem[];
}

interface StationSum {
  guid: string | null;
  name: string | null;
  records: number;
  seconds: number;
}

interface ItemSum {
  guid: string | null;
  names: Map<string, number>;
  selections: number;
  records: number;
  excluded: number;
  seconds: number;
  histogram: Map<number, number>;
  stations: Map<string, StationSum>;
}

// Keys: a GUID, or the empty string for records that name none (GUIDs are never empty).
const keyOf = (guid: string | null) => guid ?? "";

function sumOf<T>(map: Map<string, T>, key: string, make: () => T): T {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

const newItem = (guid: string | null): ItemSum => ({
  guid,
  names: new Map(),
  selections: 0,
  records: 0,
  excluded: 0,
  seconds: 0,
  histogram: new Map(),
  stations: new Map(),
});

/** p50 and p90 of a sparse histogram of `n` records, by nearest rank; null without records. */
function percentiles(histogram: Map<number, number>, n: number): { p50: number | null; p90: number | null } {
  if (n === 0) return { p50: null, p90: null };
  const sorted = [...histogram].sort((a, b) => a[0] - b[0]);
  const at = (rank: number) => {
    let seen = 0;
    for (const [s, count] of sorted) {
      seen += count;
      if (seen >= rank) return s;
    }
    return sorted[sorted.length - 1]![0];
  };
  return { p50: at(nearestRank(n, 50)), p90: at(nearestRank(n, 90)) };
}

const compareText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

function commonestName(names: Map<string, number>): string | null {
  let best: [string, number] | null = null;
  for (const [name, n] of names)
    if (!best || n > best[1] || (n === best[1] && name < best[0])) best = [name, n];
  return best?.[0] ?? null;
}

/** Adds one day's items cube (records, seconds, histograms) into the sums. */
function addRecords(
  day: DaySummary,
  cube: CubePart,
  filter: NonNullable<ReturnType<typeof dayFilter>>,
  items: Map<string, ItemSum>,
  stations: Map<string, StationSum>,
): void {
  const { keys, excluded, start, seconds, counts, totals } = cube;
  for (let c = 0; c < excluded.length; c++) {
    const k = c * CELL_WIDTH;
    if (!cellMatches(keys, k, filter)) continue;
    const itemValue = day.items[keys[k + AT_X]!]!;
    const stationValue = day.stations[keys[k + AT_STATION]!]!;
    const item = sumOf(items, keyOf(itemValue.guid), () => newItem(itemValue.guid));
    const stationKey = keyOf(stationValue.guid);
    const station = sumOf(stations, stationKey, () => ({ ...stationValue, records: 0, seconds: 0 }));
    const itemStation = sumOf(item.stations, stationKey, () => ({ ...stationValue, records: 0, seconds: 0 }));
    // A record now and then lacks the station's name: the first name given is the station's.
    station.name ??= stationValue.name;
    itemStation.name ??= stationValue.name;
    let s = 0;
    for (let e = start[c]!; e < start[c + 1]!; e++) {
      s += seconds[e]! * counts[e]!;
      item.histogram.set(seconds[e]!, (item.histogram.get(seconds[e]!) ?? 0) + counts[e]!);
    }
    const n = totals[c]!;
    if (itemValue.name !== null) item.names.set(itemValue.name, (item.names.get(itemValue.name) ?? 0) + n);
    item.records += n;
    item.excluded += excluded[c]!;
    item.seconds += s;
    itemStation.records += n;
    itemStation.seconds += s;
    station.records += n;
    station.seconds += s;
  }
}

/** Adds one day's selections cube: every selection in a matching cell, with a time or without. */
function addSelections(
  day: DaySummary,
  cube: CubePart,
  filter: NonNullable<ReturnType<typeof dayFilter>>,
  items: Map<string, ItemSum>,
): void {
  const { keys, excluded, totals } = cube;
  for (let c = 0; c < excluded.length; c++) {
    const k = c * CELL_WIDTH;
    if (!cellMatches(keys, k, filter)) continue;
    const itemValue = day.items[keys[k + AT_X]!]!;
    sumOf(items, keyOf(itemValue.guid), () => newItem(itemValue.guid)).selections +=
      totals[c]! + excluded[c]!;
  }
}

/** The median by nearest rank of a list (null when empty). */
function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[nearestRank(sorted.length, 50) - 1]!;
}

/**
 * Popular: selections at least the median; slow: p90 over the median p90 (an item at the median
 * is popular and quick). Items under MIN_RANKED_COUNT records are "few", and the medians are
 * taken over the others only, so a handful of rare items does not move the lines.
 */
function quadrantOf(
  item: { records: number; selections: number; p90: number | null },
  medians: MenuLoadFigures["medians"],
): MenuLoadQuadrant {
  if (hasFewRecords(item.records) || item.p90 === null) return "few";
  const popular = medians.selections === null || item.selections >= medians.selections;
  const slow = medians.p90 !== null && item.p90 > medians.p90;
  return `${popular ? "popular" : "unpopular"}_${slow ? "slow" : "quick"}`;
}

/** The days' menu load at one level (and station); `days` are any range's decoded days. */
export function menuLoadOf(days: readonly DaySummary[], options: MenuLoadOptions): MenuLoadFigures {
  const items = new Map<string, ItemSum>();
  const stations = new Map<string, StationSum>();
  const cut = (cube: CubePart) =>
    options.cutSeconds === undefined ? cube : cutCube(cube, options.cutSeconds);
  for (const day of days) {
    const filter = dayFilter(day, { level: options.level, station: options.station });
    if (filter === null) continue; // the station asked for did not work that day
    const cubes = day.cubes.fire_to_fulfill;
    addRecords(day, cut(cubes.items), filter, items, stations);
    addSelections(
      day,
      cut(options.station === undefined ? cubes.selectionsAnyStation : cubes.selections),
      filter,
      items,
    );
  }
  let records = 0;
  let seconds = 0;
  for (const s of stations.values()) {
    records += s.records;
    seconds += s.seconds;
  }
  const stationSeconds = new Map([...stations].map(([key, s]) => [key, s.seconds]));
  const shaped = [...items.values()].map((item) => {
    const itemStations: MenuLoadItemStation[] = [...item.stations]
      .map(([key, s]) => ({
        stationGuid: s.guid,
        stationName: s.name,
        records: s.records,
        seconds: s.seconds,
        shareOfStation: stationSeconds.get(key)! > 0 ? s.seconds / stationSeconds.get(key)! : 0,
      }))
      .sort((a, b) => b.seconds - a.seconds || compareText(a.stationName, b.stationName));
    return {
      itemGuid: item.guid,
      itemName: commonestName(item.names),
      selections: item.selections,
      records: item.records,
      excluded: item.excluded,
      ...percentiles(item.histogram, item.records),
      seconds: item.seconds,
      minutes: item.seconds / 60,
      share: seconds > 0 ? item.seconds / seconds : 0,
      fewRecords: hasFewRecords(item.records),
      stations: itemStations,
    };
  });
  const ranked = shaped.filter((i) => !i.fewRecords && i.p90 !== null);
  const medians = {
    selections: medianOf(ranked.map((i) => i.selections)),
    p90: medianOf(ranked.map((i) => i.p90!)),
    rankedItems: ranked.length,
  };
  return {
    records,
    seconds,
    medians,
    stations: [...stations.values()]
      .map((s) => ({ stationGuid: s.guid, stationName: s.name, records: s.records, seconds: s.seconds }))
      .sort((a, b) => b.seconds - a.seconds || compareText(a.stationName, b.stationName)),
    items: shaped
      .map((i) => ({ ...i, quadrant: quadrantOf(i, medians) }))
      .sort(
        (a, b) =>
          b.seconds - a.seconds ||
          b.records - a.records ||
          compareText(a.itemName, b.itemName) ||
          compareText(a.itemGuid, b.itemGuid),
      ),
  };
}
