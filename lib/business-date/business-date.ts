/**
 * Business dates as the Platform writes them, `YYYYMMDD`. A business date is a calendar label,
 * not an instant, so its arithmetic runs in UTC where every day has 24 hours. Safe on the client.
 */
const YMD = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_MS = 86_400_000;

export function isBusinessDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Midnight UTC of the label, for arithmetic only. */
export function businessDateToUtcMs(value: string): number {
  const m = YMD.exec(value);
  if (!m || !isBusinessDate(value)) throw new Error(`Not a business date (YYYYMMDD): ${value}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

export function businessDateFromUtcMs(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, "0")}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
}

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
