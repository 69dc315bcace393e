import { parseBusinessDate } from "./business-date";

/**
 * How business dates (`YYYYMMDD`) read, in English, the app's language: as `Intl.DateTimeFormat`
 * en-US writes them in UTC (a business date is a calendar label, the same in every viewer's zone).
 * Spelled out here rather than asked of Intl: building four Intl formatters when this module loads
 * took about 40 ms of a phone's hydration (issue 16), and English month and weekday names do not
 * change. format.test.ts holds every date of several years against Intl.
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function parts(date: string) {
  const { year, month, day } = parseBusinessDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month: MONTHS[month - 1]!, day, weekday: WEEKDAYS[weekday]! };
}

/** "Sun, Mar 9, 2025"; "Sunday, March 9, 2025" when long. */
export function formatBusinessDate(date: string, style: "short" | "long" = "short"): string {
  const p = parts(date);
  if (style === "long") return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
  return `${p.weekday.slice(0, 3)}, ${p.month.slice(0, 3)} ${p.day}, ${p.year}`;
}

/** "Mar 9": for chart axes. */
export function formatBusinessDateShort(date: string): string {
  const p = parts(date);
  return `${p.month.slice(0, 3)} ${p.day}`;
}

/** "Mar 3 – Mar 9, 2025", or the one date when the range is a single day. */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return formatBusinessDate(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const end = parts(to);
  const start = sameYear
    ? formatBusinessDateShort(from)
    : `${formatBusinessDateShort(from)}, ${parts(from).year}`;
  return `${start} – ${end.month.slice(0, 3)} ${end.day}, ${end.year}`;
}
