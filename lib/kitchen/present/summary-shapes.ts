import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import {
  type KitchenSummary,
  type StationRef,
  type Stats,
  type TicketItem,
} from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";

/**
 * Pure reshaping of a KitchenSummary into what the charts and tables draw: one row per station
 * (or date, behavior, source, item) with its stats per level side by side.
 */
export type ByLevel = Partial<Record<KitchenLevel, Stats>>;

export interface PivotRow {
  key: string;
  label: string;
  byLevel: ByLevel;
}

export const NO_STATION_LABEL = "No station";

/**
 * A row's station. The real export sends expediter rows (levels 1 and 2) without a prep station:
 * those are the expediter's own figures, so they get a key and a name of their level, never a
 * "No station" row among the prep stations. Level-0 records without a station keep that row.
 */
export function stationKey(ref: StationRef & { level?: KitchenLevel }): string {
  const expediter = expediterOnly(ref);
  if (expediter !== undefined) return `(level ${expediter})`;
  return ref.stationGuid ?? ref.stationName ?? "(none)";
}

export function stationLabel(ref: StationRef & { level?: KitchenLevel }): string {
  const expediter = expediterOnly(ref);
  if (expediter !== undefined) return LEVEL_LABELS[expediter];
  return ref.stationName ?? (ref.stationGuid ? `Station ${ref.stationGuid.slice(0, 8)}` : NO_STATION_LABEL);
}

function expediterOnly(ref: StationRef & { level?: KitchenLevel }): KitchenLevel | undefined {
  return ref.stationGuid === null && ref.stationName === null && ref.level !== undefined && ref.level > 0
    ? ref.level
    : undefined;
}

/** Levels the summary has items at, in order; the filter's level alone when one is chosen. */
export function levelsPresent(summary: Pick<KitchenSummary, "levels" | "filters">): KitchenLevel[] {
  if (summary.filters.level !== null) return [summary.filters.level];
  return KITCHEN_LEVELS.filter((level) => summary.levels.some((l) => l.level === level && l.stats.count > 0));
}

export function pivot<T extends { level: KitchenLevel; stats: Stats }>(
  rows: readonly T[],
  key: (row: T) => string,
  label: (row: T) => string,
): PivotRow[] {
  const out = new Map<string, PivotRow>();
  for (const row of rows) {
    const k = key(row);
    let entry = out.get(k);
    if (!entry) {
      entry = { key: k, label: label(row), byLevel: {} };
      out.set(k, entry);
    }
    entry.byLevel[row.level] = row.stats;
  }
  return [...out.values()];
}

/** Slowest first: by p90 at the first of `levels` the row has, then by name. */
export function sortSlowestFirst(rows: PivotRow[], levels: readonly KitchenLevel[]): PivotRow[] {
  const rank = (row: PivotRow) => {
    for (const level of levels) {
      const p90 = row.byLevel[level]?.p90;
      if (p90 !== null && p90 !== undefined) return p90;
    }
    return -1;
  };
  return [...rows].sort((a, b) => rank(b) - rank(a) || a.label.localeCompare(b.label));
}

export function stationRows(summary: Pick<KitchenSummary, "stations" | "levels" | "filters">): PivotRow[] {
  const rows = pivot(summary.stations, stationKey, stationLabel).filter((row) =>
    Object.values(row.byLevel).some((s) => s.count > 0),
  );
  return sortSlowestFirst(rows, levelsPresent(summary));
}

/** Every date of the range, with nothing where a date has no items, so a gap shows as a gap. */
export function dayRows(summary: Pick<KitchenSummary, "days" | "from" | "to">): PivotRow[] {
  const byDate = new Map(
    pivot(
      summary.days,
      (d) => d.businessDate,
      (d) => d.businessDate,
    ).map((row) => [row.key, row]),
  );
  return enumerateBusinessDates(summary.from, summary.to).map(
    (date) => byDate.get(date) ?? { key: date, label: date, byLevel: {} },
  );
}

export function behaviorRows(
  summary: Pick<KitchenSummary, "behaviors" | "levels" | "filters">,
  labels: (value: string | null) => string,
): PivotRow[] {
  return sortSlowestFirst(
    pivot(
      summary.behaviors,
      (r) => r.behavior ?? "(none)",
      (r) => labels(r.behavior),
    ),
    levelsPresent(summary),
  );
}

export function sourceRows(summary: Pick<KitchenSummary, "sources" | "levels" | "filters">): PivotRow[] {
  return sortSlowestFirst(
    pivot(
      summary.sources,
      (r) => r.source ?? "(none)",
      (r) => r.source ?? "No source",
    ),
    levelsPresent(summary),
  );
}

export function itemRows(summary: Pick<KitchenSummary, "items" | "levels" | "filters">): PivotRow[] {
  return sortSlowestFirst(
    pivot(
      summary.items,
      (r) => r.itemGuid ?? r.itemName ?? "(none)",
      (r) => r.itemName ?? "Unnamed item",
    ),
    levelsPresent(summary),
  );
}

/** "DINE_IN" -> "Dine in". */
export function behaviorLabel(value: string | null): string {
  if (!value) return "No dining option";
  const words = value.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  "dine-in": "Dine-in",
  "take-out": "Take-out",
  curbside: "Curbside",
  "drive-thru": "Drive-thru",
  delivery: "Delivery",
};

/** "drive-thru" -> "Drive-thru"; an unknown behavior as behaviorLabel words it; none as "No dining option". */
export function channelLabel(value: string | null): string {
  if (!value) return "No dining option";
  return CHANNEL_LABELS[value] ?? behaviorLabel(value);
}

/**
 * Hours of the business day in order, starting at the closeout hour (a restaurant that closes out
 * at 4 runs 4 AM .. 3 AM), trimmed to the first and last hour that has items.
 */
export function businessHours(hoursWithItems: Iterable<number>, closeoutHour: number): number[] {
  const present = new Set(hoursWithItems);
  const ordered = Array.from({ length: 24 }, (_, i) => (closeoutHour + i) % 24);
  const first = ordered.findIndex((h) => present.has(h));
  if (first === -1) return [];
  let last = ordered.length - 1;
  while (!present.has(ordered[last] as number)) last -= 1;
  return ordered.slice(first, last + 1);
}

export interface HeatData {
  hours: number[];
  stations: { key: string; label: string }[];
  cell: (stationKey: string, hour: number) => Stats | null;
}

/** The hour-by-station grid of one level. */
export function heatData(
  summary: Pick<KitchenSummary, "hourStations" | "stations" | "levels" | "filters">,
  level: KitchenLevel,
  closeoutHour: number,
): HeatData {
  const cells = new Map<string, Stats>();
  const stations = new Map<string, string>();
  const hours: number[] = [];
  for (const row of summary.hourStations) {
    if (row.level !== level || row.stats.count === 0) continue;
    const key = stationKey(row);
    cells.set(`${key}|${row.hour}`, row.stats);
    stations.set(key, stationLabel(row));
    hours.push(row.hour);
  }
  const order = stationRows(summary).map((r) => r.key);
  const stationList = [...stations.entries()]
    .map(([key, label]) => ({ key, label }))
    .sort((a, b) => {
      const ia = order.indexOf(a.key);
      const ib = order.indexOf(b.key);
      return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib) || a.label.localeCompare(b.label);
    });
  return {
    hours: businessHours(hours, closeoutHour),
    stations: stationList,
    cell: (key, hour) => cells.get(`${key}|${hour}`) ?? null,
  };
}

/**
 * The hour with the most station fulfillments in a heat grid (the earliest of the business day on
 * a tie), or null for an empty grid: where the grid opens on a screen too narrow for every hour.
 */
export function busiestHour(data: HeatData): number | null {
  let best: number | null = null;
  let bestCount = 0;
  for (const hour of data.hours) {
    const count = data.stations.reduce((sum, s) => sum + (data.cell(s.key, hour)?.count ?? 0), 0);
    if (count > bestCount) {
      best = hour;
      bestCount = count;
    }
  }
  return best;
}

/** Total items at a level (records with a value for the metric). */
export function levelStats(summary: Pick<KitchenSummary, "levels">, level: KitchenLevel): Stats | null {
  return summary.levels.find((l) => l.level === level)?.stats ?? null;
}

/** Distinct items (order selections) at a level; 0 when the level is absent. */
export function levelItems(summary: Pick<KitchenSummary, "levels">, level: KitchenLevel): number {
  return summary.levels.find((l) => l.level === level)?.items ?? 0;
}

/** Distinct items of a ticket's records (a record without a selection GUID is one of its own). */
export function distinctItems(records: readonly Pick<TicketItem, "selectionGuid">[]): number {
  let own = 0;
  const seen = new Set<string>();
  for (const r of records) {
    if (r.selectionGuid) seen.add(r.selectionGuid);
    else own++;
  }
  return seen.size + own;
}

/** True when the range has no item with a value at any level. */
export function isEmptySummary(summary: Pick<KitchenSummary, "levels">): boolean {
  return summary.levels.every((l) => l.stats.count === 0);
}

export interface HistogramRow {
  from: number;
  to: number | null;
  count: number;
  /** count / total, 0..1. */
  share: number;
  /** Share of items in this bin or an earlier one. */
  cumulative: number;
}

/** Bins with their share and running share, for the distribution's table. */
export function histogramRows(
  bins: readonly { from: number; to: number | null; count: number }[],
): HistogramRow[] {
  const total = bins.reduce((sum, b) => sum + b.count, 0);
  const out: HistogramRow[] = [];
  let running = 0;
  for (const bin of bins) {
    running += bin.count;
    out.push({
      from: bin.from,
      to: bin.to,
      count: bin.count,
      share: total ? bin.count / total : 0,
      cumulative: total ? running / total : 0,
    });
  }
  return out;
}
