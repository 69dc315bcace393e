import { businessDateWeekday } from "@/lib/business-date/business-date";
import type { DayPartsSummary } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { NO_SERVICE, serviceName } from "@/lib/kitchen/ingest/day-parts";
import { UNKNOWN_HOUR, type CubePart, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { DenseHistograms } from "@/lib/kitchen/query/dense-histograms";
import {
  addCellsInto,
  cutCube,
  cutSecondsOf,
  dayFilter,
  type SummaryFilters,
} from "@/lib/kitchen/query/range-summary";
import { WEEKDAYS } from "@/lib/platform/schemas";
import { weekdayOf } from "@/lib/restaurants/schedule";

/**
 * The day parts of a range, merged exactly from its days: per service and level from each day's
 * service cubes (services matched by name across days), and per weekday × hour × level from each
 * day's hours cube, grouped by the business date's weekday. Both read days, never rollups: a
 * rollup sums its days' weekdays together and keeps no service cube. The filters and the outlier
 * cut apply as to every other figure (range-summary.ts).
 */

const L = KITCHEN_LEVELS.length;
/** Seconds held densely per group; longer ones go to the exact overflow maps. */
const SPAN = 1800;

export function mergeDayParts(
  days: readonly DaySummary[],
  metric: KitchenMetric,
  filters: SummaryFilters,
  businessDayStartHour: number,
): DayPartsSummary {
  const seconds = cutSecondsOf(metric, filters);
  const cut = (cube: CubePart) => (seconds === undefined ? cube : cutCube(cube, seconds));
  // Services: a global slot per name, ordered by where the service starts in the business day.
  const slots = new Map<string, { slot: number; at: number }>();
  const slotOf = (name: string, at: number) => {
    let s = slots.get(name);
    if (!s) slots.set(name, (s = { slot: slots.size, at }));
    s.at = Math.min(s.at, at);
    return s.slot;
  };
  const closeout = businessDayStartHour * 60;
  // Every day's services, whatever the filters: they are the service filter's options too.
  const withFilter = days.map((day) => ({
    day,
    f: dayFilter(day, filters),
    slots: Array.from({ length: day.dayParts.services.length + 1 }, (_, i) => {
      const s = day.dayParts.services[i];
      return slotOf(serviceName(day.dayParts, i), s ? (s.startMinutes - closeout + 1440) % 1440 : Infinity);
    }),
  }));
  const services = new DenseHistograms(slots.size * L, SPAN);
  for (const { day, f, slots: local } of withFilter) {
    if (f)
      addCellsInto(
        cut(day.serviceCubes[metric]),
        f,
        services,
        (keys, k) => local[keys[k + 2]!]! * L + keys[k]!,
      );
  }

  const hours = new DenseHistograms(WEEKDAYS.length * 24 * L, SPAN);
  for (const { day, f } of withFilter) {
    if (!f) continue;
    const weekday = (businessDateWeekday(day.businessDate) + 6) % 7;
    addCellsInto(cut(day.cubes[metric].hours), f, hours, (keys, k) =>
      keys[k + 2] === UNKNOWN_HOUR ? -1 : (weekday * 24 + keys[k + 2]!) * L + keys[k]!,
    );
  }

  const order = [...slots.entries()].sort(
    ([a, x], [b, y]) =>
      (a === NO_SERVICE ? 1 : 0) - (b === NO_SERVICE ? 1 : 0) || x.at - y.at || (a < b ? -1 : a > b ? 1 : 0),
  );
  const levels = KITCHEN_LEVELS.filter((l) => filters.level === undefined || filters.level === l);
  const serviceRows: DayPartsSummary["services"] = [];
  for (const [service, { slot }] of order) {
    for (const level of levels)
      if (services.touched[slot * L + level])
        serviceRows.push({ service, level, stats: services.stats(slot * L + level) });
  }
  const weekdayHours: DayPartsSummary["weekdayHours"] = [];
  for (let w = 0; w < WEEKDAYS.length; w++) {
    for (let h = 0; h < 24; h++) {
      for (const level of levels) {
        const g = (w * 24 + h) * L + level;
        if (hours.touched[g])
          weekdayHours.push({
            weekday: weekdayOf((w + 1) % 7),
            hour: h,
            level: level as KitchenLevel,
            stats: hours.stats(g),
          });
      }
    }
  }
  return { services: serviceRows, weekdayHours, businessDayStartHour, options: order.map(([name]) => name) };
}
