import { SandboxError } from "./errors";
import { daysInMonth } from "./last-modified";

/**
 * The businessDate query parameter of itemFulfillments (4.2): required, `YYYYMMDD`, and a date
 * that exists (20260230 is refused rather than rolled over to March).
 */
export function readBusinessDateParam(raw: string | null): string {
  if (raw === null || raw === "") {
    throw new SandboxError(400, "INVALID_BUSINESS_DATE", "businessDate is required (format YYYYMMDD).");
  }
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (!m)
    throw new SandboxError(
      400,
      "INVALID_BUSINESS_DATE",
      `businessDate '${raw}' must have the format YYYYMMDD.`,
    );
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new SandboxError(400, "INVALID_BUSINESS_DATE", `businessDate '${raw}' is not a calendar date.`);
  }
  return raw;
}
