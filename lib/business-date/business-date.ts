/**
 * Business dates as the Platform writes them, `YYYYMMDD`. A business date is a calendar label,
 * not an instant, so its arithmetic runs in UTC where every day has 24 hours and DST never
 * shifts a day. Safe on the client. When a business date starts and ends (the closeout), and
 * which one is "today" for a restaurant, is in closeout.ts; how it reads, in format.ts.
 */
const YMD = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_MS = 86_400_000;

/** Splits a `YYYYMMDD` string; throws RangeError on anything else, impossible dates (20240230) included. */
export function parseBusinessDate(date: string): { year: number; month: number; day: number } {
  const m = YMD.exec(date);
  if (!m) throw new RangeError(`business date must be YYYYMMDD, got "${date}"`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Before 1970 no restaurant had a business date on the Platform; such input is a typo.
  if (
    year < 1970 ||
    utc.getUTCFullYear() !== year ||
    utc.getUTCMonth() !== month - 1 ||
    utc.getUTCDate() !== day
  ) {
    throw new RangeError(`business date ${date} does not exist`);
  }
  return { year, month, day };
}

export function isBusinessDate(value: string): boolean {
  try {
    parseBusinessDate(value);
    return true;
  } catch {
    return false;
  }
}

export function toBusinessDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

/** Midnight UTC of the label, for arithmetic only. */
export function businessDateToUtcMs(value: string): number {
  const { year, month, day } = parseBusinessDate(value);
  return Date.UTC(year, month - 1, day);
}

export function businessDateFromUtcMs(ms: number): string {
  const d = new Date(ms);
  return toBusinessDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The business date `days` calendar days after (or before, when negative) `date`. */
export function addBusinessDays(date: string, days: number): string {
  return businessDateFromUtcMs(businessDateToUtcMs(date) + days * DAY_MS);
}

/** Days from `from` to `to`, both included: 20250301..20250307 is 7. */
export function businessDaysInRange(from: string, to: string): number {
  return Math.round((businessDateToUtcMs(to) - businessDateToUtcMs(from)) / DAY_MS) + 1;
}

/** Every date of the range, in order. */
export function enumerateBusinessDates(from: string, to: string): string[] {
  const out: string[] = [];
  const end = businessDateToUtcMs(to);
  for (let ms = businessDateToUtcMs(from); ms <= end; ms += DAY_MS) out.push(businessDateFromUtcMs(ms));
  return out;
}

/** 0 = Sunday ... 6 = Saturday, of the calendar day the business date is named after. */
export function businessDateWeekday(date: string): number {
  return new Date(businessDateToUtcMs(date)).getUTCDay();
}

/** `YYYYMMDD` -> `YYYY-MM-DD`, the value of an `<input type="date">`. */
export function businessDateToIso(date: string): string {
  const { year, month, day } = parseBusinessDate(date);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** `YYYY-MM-DD` -> `YYYYMMDD`, or null when it is not a date. */
export function businessDateFromIso(value: string): string | null {
  const compact = value.replaceAll("-", "");
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isBusinessDate(compact) ? compact : null;
}
