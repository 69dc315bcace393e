import type { ItemStationFigures, KitchenSummary, LateCounts } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { stationKey, stationLabel } from "@/lib/kitchen/present/summary-shapes";

/**
 * The summary's late counts reshaped for the tables and charts: keyed like their rows
 * (`${rowKey}|${level}`, as toLevelRows keys them), so a row finds its target and counts.
 */

export interface RowLate extends LateCounts {
  /** The target that applies to the row (a station's own, or its level's). */
  targetSeconds: number;
  /** Records with a value: late / count is the share late. */
  count: number;
}

/** Per station row and level: its applicable target and late counts. */
export function stationLate(summary: Pick<KitchenSummary, "stations">): Map<string, RowLate> {
  return new Map(
    summary.stations.map((s) => [
      `${stationKey(s)}|${s.level}`,
      { targetSeconds: s.targetSeconds, late: s.late, veryLate: s.veryLate, count: s.stats.count },
    ]),
  );
}

/** Per business date and level: late counts (each station against its own target). */
export function dayLate(summary: Pick<KitchenSummary, "days" | "withinTarget">): Map<string, RowLate> {
  const levelTarget = new Map(summary.withinTarget.map((w) => [w.level, w.targetSeconds]));
  return new Map(
    summary.days.map((d) => [
      `${d.businessDate}|${d.level}`,
      {
        targetSeconds: levelTarget.get(d.level) ?? 0,
        late: d.late,
        veryLate: d.veryLate,
        count: d.stats.count,
      },
    ]),
  );
}

export interface ItemStationRow extends ItemStationFigures {
  key: string;
  label: string;
  station: string;
}

/** The items per station at one level, most time over target first (the server's order). */
export function itemStationsAt(
  summary: Pick<KitchenSummary, "itemStations">,
  level: KitchenLevel,
): ItemStationRow[] {
  return summary.itemStations
    .filter((r) => r.level === level && r.stats.count > 0)
    .map((r) => ({
      ...r,
      key: `${r.itemGuid ?? r.itemName ?? "(none)"}|${stationKey(r)}|${r.level}`,
      label: r.itemName ?? "Unnamed item",
      station: stationLabel(r),
    }));
}

/** Per item (the items table's key) at one level: the names of the stations that made it, busiest first. */
export function itemStationNames(
  summary: Pick<KitchenSummary, "itemStations">,
  level: KitchenLevel,
): Map<string, string> {
  const per = new Map<string, { name: string; count: number }[]>();
  for (const r of summary.itemStations) {
    if (r.level !== level || r.stats.count === 0) continue;
    const key = r.itemGuid ?? r.itemName ?? "(none)";
    per.set(key, [...(per.get(key) ?? []), { name: stationLabel(r), count: r.stats.count }]);
  }
  return new Map(
    [...per].map(([k, list]) => [
      k,
      list
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
        .map((x) => x.name)
        .join(", "),
    ]),
  );
}
