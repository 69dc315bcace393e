import { TZDate } from "@date-fns/tz";

import { businessDateFromUtcMs, businessDateToUtcMs } from "./business-date";
import { isValidTimeZone } from "./time-zone";

/**
 * When a business date ends, and which one is in progress. A restaurant's business date D runs
 * until its closeout hour (restaurant time) on the calendar day after D; the kitchen keeps
 * fulfilling late orders until then, so at 01:30 in a restaurant that closes out at 04:00 it is
 * still yesterday's business date. We call D closed once that moment plus a grace period has
 * passed (exports can lag the closeout): a closed date is fetched once and kept; an open one is
 * refreshed. `currentBusinessDate` is the one "today" of the app: the pages, the overview and
 * the server's checks all ask it.
 */
export interface CloseoutRules {
  timeZone: string;
  /** Hour of day, 0-23, restaurant time. */
  closeoutHour: number;
}

export type DatePhase = "closed" | "open" | "future";

/**
 * Closeout instants already computed, by zone, hour and date: a pure function of the three, and
 * TZDate's zone arithmetic (tens of microseconds) was most of the Overview's CPU at 500
 * restaurants × 60 dates, several times over. Bounded: cleared when full.
 */
const closeouts = new Map<string, number>();
const CLOSEOUTS_KEPT = 100_000;

/** The instant (epoch ms) business date `date` closes out. */
export function closeoutInstant(date: string, rules: CloseoutRules): number {
  const key = `${rules.timeZone}|${rules.closeoutHour}|${date}`;
  let at = closeouts.get(key);
  if (at === undefined) {
    if (closeouts.size >= CLOSEOUTS_KEPT) closeouts.clear();
    closeouts.set(key, (at = computeCloseoutInstant(date, rules)));
  }
  return at;
}

function computeCloseoutInstant(date: string, rules: CloseoutRules): number {
  const next = new Date(businessDateToUtcMs(date) + 86_400_000);
  return new TZDate(
    next.getUTCFullYear(),
    next.getUTCMonth(),
    next.getUTCDate(),
    rules.closeoutHour,
    0,
    0,
    rules.timeZone,
  ).getTime();
}

/** The business date in progress at `nowMs`, by default now ("today"). Throws RangeError on an unknown zone. */
export function currentBusinessDate(rules: CloseoutRules, nowMs: number = Date.now()): string {
  // TZDate reads an unknown zone as an invalid date, which would turn into "NaNNaNNaN".
  if (!isValidTimeZone(rules.timeZone)) throw new RangeError(`unknown time zone "${rules.timeZone}"`);
  const local = new TZDate(nowMs, rules.timeZone);
  const calendar = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  return businessDateFromUtcMs(local.getHours() < rules.closeoutHour ? calendar - 86_400_000 : calendar);
}

/**
 * The earliest business date any restaurant can be on at `nowMs`: the last zone to start a day
 * (UTC-12). The group's "today" for a change that applies to every restaurant (each from its own).
 */
export function earliestBusinessDateAnywhere(nowMs: number = Date.now()): string {
  return currentBusinessDate({ timeZone: "Etc/GMT+12", closeoutHour: 0 }, nowMs);
}

/** As currentBusinessDate, or null for a zone this runtime does not know (the page flags it). */
export function currentBusinessDateOrNull(rules: CloseoutRules, nowMs: number = Date.now()): string | null {
  return isValidTimeZone(rules.timeZone) ? currentBusinessDate(rules, nowMs) : null;
}

export function datePhase(
  date: string,
  rules: CloseoutRules,
  nowMs: number,
  graceMinutes: number,
  /** currentBusinessDate(rules, nowMs), when the caller has it already (many dates at one instant). */
  today: string = currentBusinessDate(rules, nowMs),
): DatePhase {
  if (date > today) return "future";
  return nowMs >= closeoutInstant(date, rules) + graceMinutes * 60_000 ? "closed" : "open";
}
