import { businessDateToUtcMs } from "./business-date";

/**
 * How business dates (`YYYYMMDD`) read, in English, the app's language. A business date is a
 * calendar label, so it is formatted in UTC and reads the same in every viewer's zone.
 */
const shortWeekday = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", year: "numeric" });
const longWeekday = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" });
const medium = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
const short = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/** "Sun, Mar 9, 2025"; "Sunday, March 9, 2025" when long. */
export function formatBusinessDate(date: string, style: "short" | "long" = "short"): string {
  return (style === "long" ? longWeekday : shortWeekday).format(new Date(businessDateToUtcMs(date)));
}

/** "Mar 9": for chart axes. */
export function formatBusinessDateShort(date: string): string {
  return short.format(new Date(businessDateToUtcMs(date)));
}

/** "Mar 3 – Mar 9, 2025", or the one date when the range is a single day. */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return formatBusinessDate(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = (sameYear ? short : medium).format(new Date(businessDateToUtcMs(from)));
  return `${start} – ${medium.format(new Date(businessDateToUtcMs(to)))}`;
}
