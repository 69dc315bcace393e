import type { KitchenSummary, Stats } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { WEEKDAYS } from "@/lib/platform/schemas/weekdays";
import { WEEKDAY_LABELS, type Weekday } from "@/lib/restaurants/schedule";

import { businessHours, type PivotRow } from "./summary-shapes";

/**
 * The Kitchen page's shapes of the day parts (KitchenSummary.dayParts): the "By service" rows in
 * the order the business day runs, and the weekday × hour grid of one level.
 */

/** The service filter's and the API's word for "outside every service". */
const OUTSIDE = "(none)";

export function serviceLabel(service: string): string {
  return service === OUTSIDE ? "Outside every service" : service;
}

/** Per service, its stats per level, in the business day's order (outside every service last). */
export function serviceRows(summary: Pick<KitchenSummary, "dayParts">): PivotRow[] {
  const out = new Map<string, PivotRow>();
  for (const row of summary.dayParts?.services ?? []) {
    let entry = out.get(row.service);
    if (!entry)
      out.set(row.service, (entry = { key: row.service, label: serviceLabel(row.service), byLevel: {} }));
    entry.byLevel[row.level] = row.stats;
  }
  return [...out.values()];
}

export interface WeekdayHourData {
  /** Hours of the business day with records, from the closeout hour on. */
  hours: number[];
  weekdays: { key: Weekday; label: string }[];
  cell: (weekday: string, hour: number) => Stats | null;
}

/** The weekday × hour grid of one level: weekdays Monday to Sunday that have records. */
export function weekdayHourData(
  summary: Pick<KitchenSummary, "dayParts">,
  level: KitchenLevel,
): WeekdayHourData {
  const cells = new Map<string, Stats>();
  const hours: number[] = [];
  const weekdays = new Set<Weekday>();
  for (const row of summary.dayParts?.weekdayHours ?? []) {
    if (row.level !== level || row.stats.count === 0) continue;
    cells.set(`${row.weekday}|${row.hour}`, row.stats);
    hours.push(row.hour);
    weekdays.add(row.weekday);
  }
  return {
    hours: businessHours(hours, summary.dayParts?.businessDayStartHour ?? 0),
    weekdays: WEEKDAYS.filter((w) => weekdays.has(w)).map((key) => ({ key, label: WEEKDAY_LABELS[key] })),
    cell: (weekday, hour) => cells.get(`${weekday}|${hour}`) ?? null,
  };
}
