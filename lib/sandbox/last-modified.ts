import { SandboxError } from "./errors";

/**
 * The lastModified query parameter (4.3): a timestamp with milliseconds and a numeric offset,
 * `2026-01-05T10:00:00.000+0000` or `...+00:00`. Strict on purpose: the real service wants this
 * exact form, so a client that sends `Z` or forgets to encode '+' as %2B should fail here too.
 */
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})([+-])(\d{2}):?(\d{2})$/;
const EXAMPLE = "2026-01-05T10:00:00.000+0000";

/** Epoch ms of a lastModified value; throws a 400 SandboxError explaining what is wrong. */
export function parseLastModified(value: string): number {
  // URL decoding turns an unencoded '+' into a space: the commonest mistake, so name it.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)? \d{2}:?\d{2}$/.test(value)) {
    throw invalid(`lastModified '${value}' has a space where the offset sign belongs: encode '+' as %2B in the query string.`);
  }
  const m = PATTERN.exec(value);
  if (!m) {
    throw invalid(`lastModified '${value}' must be a timestamp with milliseconds and a numeric offset, e.g. ${EXAMPLE} (send '+' as %2B).`);
  }
  const [year, month, day, hour, minute, second, ms] = m.slice(1, 8).map(Number) as [number, number, number, number, number, number, number];
  const sign = m[8] === "-" ? -1 : 1;
  const offH = Number(m[9]);
  const offM = Number(m[10]);
  const valid =
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59 && offH <= 23 && offM <= 59;
  if (!valid) throw invalid(`lastModified '${value}' is not a real date and time.`);
  const utc = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  utc.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  return utc.getTime() - sign * (offH * 60 + offM) * 60_000;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function invalid(message: string): SandboxError {
  return new SandboxError(400, "INVALID_LAST_MODIFIED", message);
}
