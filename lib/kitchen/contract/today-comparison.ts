import { clockTimeAt, formatClockTimeOfDay } from "@/lib/business-date/business-clock";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { closeoutInstant, type CloseoutRules } from "@/lib/business-date/closeout";
import { formatBusinessDate } from "@/lib/business-date/format";

import { previousPeriod, type DateRange } from "./date-range";

/**
 * What the Kitchen page compares its figures with. A closed range: the previous period of the same
 * length. Today, still open, alone in the range: half a day against a whole one would read as a
 * collapse at lunchtime, so it is compared like for like, with the same weekday a week earlier (or
 * yesterday) up to the time of day today's figures were counted at (the summary's `until`).
 */
export const TODAY_COMPARISONS = ["week", "yesterday"] as const;
export type TodayComparison = (typeof TODAY_COMPARISONS)[number];

export const TODAY_COMPARISON_LABELS: Record<TodayComparison, string> = {
  week: "Same day last week",
  yesterday: "Yesterday",
};

export interface Comparison {
  range: DateRange;
  /** The clip (HHMMSS, business-day clock) the compared dates are cut at; undefined: whole days. */
  until?: string;
  /** Which dates and times are compared, in words; null for the plain previous period. */
  label: string | null;
  /**
   * True while the clip is not known yet (today's figures have not come): the comparison waits
   * rather than compare with a whole day.
   */
  waiting: boolean;
}

/** Today (the open business date) and nothing else is in the range. */
export function isOpenDayOnly(range: DateRange, today: string): boolean {
  return range.from === today && range.to === today;
}

/**
 * The comparison for a view. `countedAt`: when today's stored figures were counted (the summary's
 * coverage.open[].refreshedAt); the compared date is cut at that time of day, to the second, so
 * both sides hold the kitchen's records up to the same moment of their day.
 */
export function comparisonFor(
  range: DateRange,
  today: string,
  compareWith: TodayComparison,
  rules: CloseoutRules,
  countedAt: string | undefined,
): Comparison {
  if (!isOpenDayOnly(range, today)) return { range: previousPeriod(range), label: null, waiting: false };
  const date = addBusinessDays(today, compareWith === "week" ? -7 : -1);
  const other = { from: date, to: date };
  const words = formatBusinessDate(date);
  if (countedAt === undefined) return { range: other, label: null, waiting: true };
  const at = Date.parse(countedAt);
  // Counted after today's closeout (its grace period): today is whole, so compare whole days.
  if (at >= closeoutInstant(today, rules))
    return { range: other, label: `Today vs ${words}, whole days`, waiting: false };
  const until = clockTimeAt(at, rules.timeZone);
  const time = formatClockTimeOfDay(until);
  return { range: other, until, label: `Today until ${time} vs ${words} until ${time}`, waiting: false };
}
