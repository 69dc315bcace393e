import {
  addBusinessDays as addDays,
  businessDateWeekday,
  businessDaysInRange as daysInRange,
} from "@/lib/business-date/business-date";

/**
 * The range presets of the Kitchen page. "Last N days" are the N business dates that END
 * YESTERDAY: complete days only, so the default view never mixes a half-served today into a
 * week's percentiles and its numbers do not move while the manager reads them.
 */
export const RANGE_PRESETS = ["today", "yesterday", "lastweek", "7d", "30d", "90d", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  lastweek: "Last week (Mon–Sun)",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  custom: "Custom",
};

export interface DateRange {
  from: string;
  to: string;
}

const TRAILING_DAYS: Partial<Record<RangePreset, number>> = { "7d": 7, "30d": 30, "90d": 90 };

/** The dates a preset covers, given today's business date in the restaurant's zone. */
export function presetRange(preset: Exclude<RangePreset, "custom">, today: string): DateRange {
  if (preset === "today") return { from: today, to: today };
  const yesterday = addDays(today, -1);
  if (preset === "yesterday") return { from: yesterday, to: yesterday };
  if (preset === "lastweek") return lastFullWeek(today);
  const days = TRAILING_DAYS[preset] ?? 7;
  return { from: addDays(yesterday, -(days - 1)), to: yesterday };
}

/**
 * The last full Monday-Sunday week of business dates before today's: on a Monday, the seven dates
 * that just ended; on a Sunday, the week before (today's week is not over). The weekday is that of
 * the business date's own calendar day, so it is the restaurant's week, whatever the server's zone.
 */
function lastFullWeek(today: string): DateRange {
  // 0 = Sunday ... 6 = Saturday: days since this week's Monday, 0 on a Monday.
  const sinceMonday = (businessDateWeekday(today) + 6) % 7;
  const monday = addDays(today, -sinceMonday - 7);
  return { from: monday, to: addDays(monday, 6) };
}

/** The period of the same length that ends the day before `range` starts. */
export function previousPeriod(range: DateRange): DateRange {
  const days = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** True when the range contains today's business date, which is still open and still growing. */
export function includesToday(range: DateRange, today: string): boolean {
  return range.from <= today && today <= range.to;
}
