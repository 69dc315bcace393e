/**
 * Arithmetic on business dates written as the Platform writes them, `YYYYMMDD`. A business date
 * is a calendar label, not an instant, so it is computed in UTC where every day has 24 hours;
 * which label is "today" depends on the restaurant's zone and closeout hour and comes from the
 * server (lib/restaurants/business-date.ts).
 */
const YMD = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_MS = 86_400_000;

export function isBusinessDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function toUtcMs(value: string): number {
  const m = YMD.exec(value);
  if (!m || !isBusinessDate(value)) throw new Error(`Not a business date (YYYYMMDD): ${value}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtcMs(ms: number): string {
  const d = new Date(ms);
  const y = String(d.getUTCFullYear()).padStart(4, "0");
  const mo = String(d.getUTCMonth() + 1).padStart(2, "0");
  const day = String(d.getUTCDate()).padStart(2, "0");
  return `${y}${mo}${day}`;
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Days from `from` to `to`, both included: 20250301..20250307 is 7. */
export function daysInRange(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS) + 1;
}

/** `YYYYMMDD` <-> `YYYY-MM-DD`, the value of an `<input type="date">`. */
export function toIsoDate(date: string): string {
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
}

export function fromIsoDate(value: string): string | null {
  const compact = value.replaceAll("-", "");
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isBusinessDate(compact) ? compact : null;
}

const longFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const mediumFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
const shortFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/** "Mon, Mar 3, 2025": the label is the business date itself, so it is formatted in UTC. */
export function formatBusinessDate(date: string): string {
  return longFormat.format(new Date(toUtcMs(date)));
}

/** "Mar 3": for chart axes. */
export function formatBusinessDateShort(date: string): string {
  return shortFormat.format(new Date(toUtcMs(date)));
}

/** "Mar 3 – Mar 9, 2025", or one date when the range is a single day. */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return formatBusinessDate(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = (sameYear ? shortFormat : mediumFormat).format(new Date(toUtcMs(from)));
  return `${start} – ${mediumFormat.format(new Date(toUtcMs(to)))}`;
}
