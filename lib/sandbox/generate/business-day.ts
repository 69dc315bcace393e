import { TZDate } from "@date-fns/tz";

import { WEEKDAYS, type Weekday } from "@/lib/platform/schemas";

import type { WorldRestaurant } from "../world";
import { minutesOf, type ScheduleSpec } from "./schedule";

/** A business date (YYYYMMDD) as calendar parts. Its weekday is the calendar date's, wherever the restaurant is. */
export interface BusinessDate {
  value: string;
  year: number;
  month: number;
  day: number;
  weekday: Weekday;
}

export function splitBusinessDate(value: string): BusinessDate {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) throw new Error(`businessDate must be YYYYMMDD, got "${value}"`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) {
    throw new Error(`businessDate "${value}" is not a calendar date`);
  }
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  const weekday = WEEKDAYS[(utc.getUTCDay() + 6) % 7] as Weekday;
  return { value, year, month, day, weekday };
}

/** The instant of a wall-clock time in the restaurant's zone; `dayOffset` 1 is the next calendar day. */
export function localInstant(timeZone: string, date: BusinessDate, minutes: number, dayOffset = 0): number {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + dayOffset));
  return new TZDate(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    Math.floor(minutes / 60),
    minutes % 60,
    0,
    timeZone,
  ).getTime();
}

/**
 * A business date runs from closeoutHour on its calendar date to closeoutHour on the next, in the
 * restaurant's zone: 23 or 25 hours long on daylight-saving change nights.
 */
export function businessDayBounds(
  restaurant: Pick<WorldRestaurant, "timeZone" | "closeoutHour">,
  date: BusinessDate,
): { start: number; end: number } {
  const minutes = restaurant.closeoutHour * 60;
  return {
    start: localInstant(restaurant.timeZone, date, minutes),
    end: localInstant(restaurant.timeZone, date, minutes, 1),
  };
}

export interface ServiceWindow {
  name: string;
  start: number;
  end: number;
  weight: number;
  peak: number;
}

/** The day's services as instants, clipped to the business day (an overnight service ends on the next calendar day). */
export function serviceWindows(
  timeZone: string,
  date: BusinessDate,
  schedule: ScheduleSpec,
  bounds: { start: number; end: number },
): ServiceWindow[] {
  const windows: ServiceWindow[] = [];
  for (const s of schedule.services) {
    const startMin = minutesOf(s.start);
    let start = localInstant(timeZone, date, startMin);
    let end = localInstant(timeZone, date, minutesOf(s.end), s.overnight ? 1 : 0);
    // A service starting after midnight but before closeout belongs to the next calendar morning.
    if (start < bounds.start) {
      start = localInstant(timeZone, date, startMin, 1);
      end = localInstant(timeZone, date, minutesOf(s.end), 1);
    }
    start = Math.max(start, bounds.start);
    end = Math.min(end, bounds.end);
    if (end > start) windows.push({ name: s.name, start, end, weight: s.weight, peak: s.peak });
  }
  return windows;
}
