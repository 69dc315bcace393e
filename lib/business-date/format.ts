import { businessDateToUtcMs, isBusinessDate } from "@/lib/business-date/business-date";

/**
 * How the kitchen pages show business dates (`YYYYMMDD`). The arithmetic lives in
 * lib/kitchen/business-date.ts; a business date is a calendar label, so it is formatted in UTC
 * and reads the same in every viewer's zone.
 */

/** `YYYYMMDD` <-> `YYYY-MM-DD`, the value of an `<input type="date">`. */
export function toIsoDate(date: string): string {
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
}

export function fromIsoDate(value: string): string | null {
  const compact = value.replaceAll("-", "");
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isBusinessDate(compact) ? compact : null;
}

const longFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", year: "numeric" });
const mediumFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
const shortFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/** "Sun, Mar 9, 2025". */
export function formatBusinessDate(date: string): string {
  return longFormat.format(new Date(businessDateToUtcMs(date)));
}

/** "Mar 9": for chart axes. */
export function formatBusinessDateShort(date: string): string {
  return shortFormat.format(new Date(businessDateToUtcMs(date)));
}

/** "Mar 3 – Mar 9, 2025", or the one date when the range is a single day. */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return formatBusinessDate(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = (sameYear ? shortFormat : mediumFormat).format(new Date(businessDateToUtcMs(from)));
  return `${start} – ${mediumFormat.format(new Date(businessDateToUtcMs(to)))}`;
}
