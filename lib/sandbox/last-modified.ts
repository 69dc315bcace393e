import { SandboxError } from "./errors";

/**
 * The lastModified query parameter (4.3): any RFC 3339 date-time. The contract's example form has
 * milliseconds and a numeric offset (`2026-01-05T10:00:00.000+0000`), but the real service also
 * takes `Z`, `+00:00`, and no or other fractional digits, so the sandbox does too: a client
 * must not pass here and fail there. An unencoded '+' (decoded to a space) is still a 400 naming
 * %2B, because the instant it meant cannot be known.
 */
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;
const EXAMPLE = "2026-01-05T10:00:00.000+0000";

/** Epoch ms of a lastModified value (fractions below a millisecond dropped); throws a 400 SandboxError explaining what is wrong. */
export function parseLastModified(value: string): number {
  // URL decoding turns an unencoded '+' into a space: the commonest mistake, so name it.
  if (/^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)? \d{2}:?\d{2}$/.test(value)) {
    throw invalid(
      `lastModified '${value}' has a space where the offset sign belongs: encode '+' as %2B in the query string.`,
    );
  }
  const m = PATTERN.exec(value);
  if (!m) {
    throw invalid(
      `lastModified '${value}' must be an RFC 3339 date-time with a zone, e.g. ${EXAMPLE} or 2026-01-05T10:00:00Z (send '+' as %2B).`,
    );
  }
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((m[7] ?? "0").padEnd(3, "0").slice(0, 3));
  const utcZone = m[8] !== undefined;
  const sign = m[9] === "-" ? -1 : 1;
  const offH = utcZone ? 0 : Number(m[10]);
  const offM = utcZone ? 0 : Number(m[11]);
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offH <= 23 &&
    offM <= 59;
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
