import { TZDate, tzOffset } from "@date-fns/tz";

import { businessDateToUtcMs } from "./business-date";
import type { CloseoutRules } from "./closeout";

/**
 * The business-day clock: a time of day read the way the restaurant's day runs, from the closeout
 * hour to the next one. At a restaurant that closes out at 04:00, 01:30 belongs to the business
 * date before the calendar date (its late orders), so "until 0130" on business date D means
 * 01:30 on the calendar day after D. A clip `until` is HHMM or HHMMSS, restaurant time.
 */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3])([0-5]\d)([0-5]\d)?$/;

function parts(until: string): [number, number, number] {
  const m = CLOCK_TIME_PATTERN.exec(until);
  if (!m) throw new RangeError(`not a time of day: "${until}"`);
  return [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
}

/**
 * The instant (epoch ms) `until` falls on business date `date`: the same wall-clock time on the
 * calendar day of the date, or on the next one when the time is before the closeout hour. A
 * wall-clock time a daylight-saving change skips is read as the instant just after the change.
 */
export function clipInstant(date: string, until: string, rules: CloseoutRules): number {
  const [h, m, s] = parts(until);
  const day = new Date(businessDateToUtcMs(date) + (h < rules.closeoutHour ? 86_400_000 : 0));
  const candidate = new TZDate(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate(),
    h,
    m,
    s,
    rules.timeZone,
  ).getTime();
  if (clockTimeAt(candidate, rules.timeZone) === `${until}00`.slice(0, 6)) return candidate;
  // The time was skipped (02:30 on a spring-forward night reads as 03:30): the clip is the change
  // itself, the first instant whose wall clock is past `until`. Zones change on quarter hours.
  const offset = tzOffset(rules.timeZone, new Date(candidate));
  let t = Math.floor(candidate / QUARTER_MS) * QUARTER_MS;
  for (let i = 0; i < 12 && tzOffset(rules.timeZone, new Date(t - QUARTER_MS)) === offset; i++)
    t -= QUARTER_MS;
  return t;
}

const QUARTER_MS = 15 * 60_000;

/** The restaurant's wall-clock time at an instant, as HHMMSS (the `until` of "up to now"). */
export function clockTimeAt(epochMs: number, timeZone: string): string {
  const local = new Date(epochMs + tzOffset(timeZone, new Date(epochMs)) * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`;
}

/** A clip's time in words: "2:24 PM" (seconds, when a clip has them, are left out of the words). */
export function formatClockTimeOfDay(until: string): string {
  const [h, m] = parts(until);
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}
