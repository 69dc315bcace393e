import { businessDateWeekday } from "@/lib/business-date/business-date";
import type { DayPartsSummary } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { NO_SERVICE, serviceName } from "@/lib/kitchen/ingest/day-parts";
import {
  AT_LEVEL,
  AT_X,
  UNKNOWN_HOUR,
  type CubePart,
  type DayDictionaries,
  type DaySummary,
} from "@/lib/kitchen/ingest/day-summary";
import { DenseHistograms } from "@/lib/kitchen/query/dense-histograms";
import {
  addCellsInto,
  cutCube,
  cutSecondsOf,
  dayFilter,
  detailOf,
  marginalsAnswer,
  type RangeParts,
  type SummaryFilters,
} from "@/lib/kitchen/query/range-summary";
import type { Rollup } from "@/lib/kitchen/query/rollup";
import { WEEKDAYS } from "@/lib/platform/schemas";
import { weekdayOf } from "@/lib/restaurants/schedule";

/**
 * The day parts of a range, merged exactly from its days and rollups: per service and level from
 * each day's service cubes (services matched by name across days), and per weekday × hour × level
 * from each day's hours cube, grouped by the business date's weekday. A rollup brings both summed
 * over its days (rollup.ts `RollupDayParts`: services by name, hours by weekday), so a long range
 * decodes only its edge days. The filters and the outlier cut apply as to every other figure
 * (range-summary.ts); as there, a rollup answers from its marginals when the filters allow.
 */

const L = KITCHEN_LEVELS.length;
/** Seconds held densely per group; longer ones go to the exact overflow maps. */
const SPAN = 1800;
const HOURS = UNKNOWN_HOUR + 1;

/** One day's or rollup's day parts: its dictionaries, cubes, and each service slot's name and starts. */
interface DayPartsSource {
  dict: DayDictionaries;
  services: { name: string; starts: readonly number[] }[];
  serviceCube: CubePart;
  /** Hours cube cells, the hour at X; a rollup's weekday × HOURS + hour (`weekday` null). */
  hoursCube: CubePart;
  weekday: number | null;
}

function daySource(day: DaySummary, metric: KitchenMetric): DayPartsSource {
  return {
    dict: day,
    services: Array.from({ length: day.dayParts.services.length + 1 }, (_, i) => {
      const s = day.dayParts.services[i];
      return { name: serviceName(day.dayParts, i), starts: s ? [s.startMinutes] : [] };
    }),
    serviceCube: day.serviceCubes[metric],
    hoursCube: day.cubes[metric].hours,
    weekday: (businessDateWeekday(day.businessDate) + 6) % 7,
  };
}

function rollupSource(r: Rollup, filters: SummaryFilters): DayPartsSource {
  const parts = marginalsAnswer(filters) ? r.dayPartMarginals : detailOf(r).dayParts;
  return {
    dict: r,
    services: r.services,
    serviceCube: parts.services,
    hoursCube: parts.weekdayHours,
    weekday: null,
  };
}

export function mergeDayParts(
  input: readonly DaySummary[] | RangeParts,
  metric: KitchenMetric,
  filters: SummaryFilters,
  businessDayStartHour: number,
): DayPartsSummary {
  const parts: RangeParts =
    "rollups" in input ? input : { days: input as readonly DaySummary[], rollups: [] };
  if (parts.rollups.some((r) => r.metric !== metric))
    throw new Error(`rollups of another metric than ${metric}`);
  const sources = [
    ...parts.days.map((day) => daySource(day, metric)),
    ...parts.rollups.map((r) => rollupSource(r, filters)),
  ];
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
  const withFilter = sources.map((source) => ({
    source,
    f: dayFilter(source.dict, filters),
    slots: source.services.map(({ name, starts }) =>
      slotOf(
        name,
        starts.reduce((at, start) => Math.min(at, (start - closeout + 1440) % 1440), Infinity),
      ),
    ),
  }));
  const services = new DenseHistograms(slots.size * L, SPAN);
  for (const { source, f, slots: local } of withFilter) {
    if (f)
      addCellsInto(
        cut(source.serviceCube),
        f,
        services,
        (keys, k) => local[keys[k + AT_X]!]! * L + keys[k + AT_LEVEL]!,
      );
  }

  const hours = new DenseHistograms(WEEKDAYS.length * 24 * L, SPAN);
  for (const { source, f } of withFilter) {
    if (!f) continue;
    const weekday = source.weekday;
    addCellsInto(cut(source.hoursCube), f, hours, (keys, k) => {
      const x = keys[k + AT_X]!;
      const hour = weekday === null ? x % HOURS : x;
      if (hour === UNKNOWN_HOUR) return -1;
      const w = weekday ?? (x - hour) / HOURS;
      return (w * 24 + hour) * L + keys[k + AT_LEVEL]!;
    });
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
