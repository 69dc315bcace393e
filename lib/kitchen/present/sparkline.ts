import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import type { LateCounts, LevelStats } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/**
 * The points of a KPI card's sparkline: one per day, scaled into a `width` × `height` box (y grows
 * downwards, as in SVG). A day without a value (no record) breaks the line rather than drawing a
 * zero, so the path is a list of runs; a flat series sits in the middle of the box.
 */
export function sparklineRuns(values: readonly (number | null)[], width: number, height: number): string[] {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length === 0) return [];
  const min = Math.min(...known);
  const max = Math.max(...known);
  const pad = 2;
  const stepX = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const y = (v: number) =>
    max === min ? height / 2 : pad + (height - 2 * pad) * (1 - (v - min) / (max - min));
  const runs: string[] = [];
  let run: string[] = [];
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      if (run.length) runs.push(run.join(" "));
      run = [];
      return;
    }
    const x = values.length > 1 ? pad + i * stepX : width / 2;
    run.push(`${x.toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (run.length) runs.push(run.join(" "));
  return runs;
}

/** One level's figures per business date of the range, for the KPI cards' sparklines; null where a date has no record. */
export interface LevelDaySeries {
  records: (number | null)[];
  p50: (number | null)[];
  p90: (number | null)[];
  onTime: (number | null)[];
  late: (number | null)[];
}

/**
 * The per-day figures of one level over every date of `from`..`to` (the trend section's `days`,
 * which the page reads anyway): a sparkline costs no request of its own. On time is the day's
 * records within their target over its records, as the headline's share.
 */
export function levelDaySeries(
  days: readonly ({ businessDate: string } & LevelStats & LateCounts)[],
  level: KitchenLevel,
  from: string,
  to: string,
): LevelDaySeries {
  const byDate = new Map(days.filter((d) => d.level === level).map((d) => [d.businessDate, d]));
  const series: LevelDaySeries = { records: [], p50: [], p90: [], onTime: [], late: [] };
  for (const date of enumerateBusinessDates(from, to)) {
    const day = byDate.get(date);
    const count = day?.stats.count ?? 0;
    series.records.push(day ? count : null);
    series.p50.push(day?.stats.p50 ?? null);
    series.p90.push(day?.stats.p90 ?? null);
    series.onTime.push(day && count > 0 ? (count - day.late) / count : null);
    series.late.push(day ? day.late : null);
  }
  return series;
}
