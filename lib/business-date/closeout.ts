import { TZDate } from "@date-fns/tz";
import { businessDateFromUtcMs, businessDateToUtcMs } from "@/lib/business-date/business-date";

/**
 * When a business date ends. A restaurant's business date D runs until its closeout hour
 * (restaurant time) on the calendar day after D; the kitchen keeps fulfilling late orders until
 * then. We call D closed once that moment plus a grace period has passed (exports can lag the
 * closeout): a closed date is fetched once and kept; an open one is refreshed.
 */
export interface CloseoutRules {
  timeZone: string;
  /** Hour of day, 0-23, restaurant time. */
  closeoutHour: number;
}

export type DatePhase = "closed" | "open" | "future";

/** The instant (epoch ms) business date `date` closes out. */
export function closeoutInstant(date: string, rules: CloseoutRules): number {
  const next = new Date(businessDateToUtcMs(date) + 86_400_000);
  return new TZDate(next.getUTCFullYear(), next.getUTCMonth(), next.getUTCDate(), rules.closeoutHour, 0, 0, rules.timeZone).getTime();
}

/** The business date in progress at `nowMs`. */
export function currentBusinessDate(rules: CloseoutRules, nowMs: number): string {
  const local = new TZDate(nowMs, rules.timeZone);
  const calendar = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  return businessDateFromUtcMs(local.getHours() < rules.closeoutHour ? calendar - 86_400_000 : calendar);
}

export function datePhase(date: string, rules: CloseoutRules, nowMs: number, graceMinutes: number): DatePhase {
  if (date > currentBusinessDate(rules, nowMs)) return "future";
  return nowMs >= closeoutInstant(date, rules) + graceMinutes * 60_000 ? "closed" : "open";
}
