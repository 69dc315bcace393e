/**
 * Business dates as the Platform counts them: a restaurant's business date runs from its
 * closeout hour to the next day's closeout hour, in the restaurant's own time zone. At 01:30 in a
 * restaurant that closes out at 04:00 it is still yesterday's business date. Dates are the
 * Platform's `YYYYMMDD` strings; all arithmetic is on calendar dates, so DST changes do not shift
 * a day.
 */

const YYYYMMDD = /^(\d{4})(\d{2})(\d{2})$/;

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local date and time at `instant` in `timeZone`. Throws RangeError on an unknown zone. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const year = get("year");
  const month = get("month");
  const day = get("day");
  return {
    year,
    month,
    day,
    hour: get("hour") % 24,
    minute: get("minute"),
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

export function toBusinessDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

/** Splits a `YYYYMMDD` string; throws on anything else, including impossible dates (20240230). */
export function parseBusinessDate(date: string): { year: number; month: number; day: number } {
  const m = YYYYMMDD.exec(date);
  if (!m) throw new RangeError(`business date must be YYYYMMDD, got "${date}"`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) {
    throw new RangeError(`business date ${date} does not exist`);
  }
  return { year, month, day };
}

export function isBusinessDate(date: string): boolean {
  try {
    parseBusinessDate(date);
    return true;
  } catch {
    return false;
  }
}

/** The business date `days` calendar days after (or before, when negative) `date`. */
export function addBusinessDays(date: string, days: number): string {
  const { year, month, day } = parseBusinessDate(date);
  const utc = new Date(Date.UTC(year, month - 1, day + days));
  return toBusinessDate(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate());
}

/** The restaurant's business date at `instant`. */
export function businessDateAt(instant: Date, timeZone: string, closeoutHour: number): string {
  const local = wallClock(instant, timeZone);
  const today = toBusinessDate(local.year, local.month, local.day);
  return local.hour < closeoutHour ? addBusinessDays(today, -1) : today;
}

/** `2024-03-09` for `20240309`. */
export function businessDateToIso(date: string): string {
  const { year, month, day } = parseBusinessDate(date);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** 0 = Sunday ... 6 = Saturday, of the calendar day the business date is named after. */
export function businessDateWeekday(date: string): number {
  const { year, month, day } = parseBusinessDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** "Sat, Mar 9, 2024" (English, the app's language). */
export function formatBusinessDate(date: string, style: "short" | "long" = "short"): string {
  const { year, month, day } = parseBusinessDate(date);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: style === "long" ? "long" : "short",
    month: style === "long" ? "long" : "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}
