import { businessDaysInRange, enumerateBusinessDates } from "@/lib/business-date/business-date";
import { currentBusinessDate, type CloseoutRules } from "@/lib/business-date/closeout";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";

/**
 * The checks on a requested range that need the restaurant and the clock (the zod schemas in
 * api-types.ts have already checked the format and the order): not too long, not in the future.
 */
export function validateRange(
  range: { from: string; to: string },
  rules: CloseoutRules,
  nowMs: number,
  maxRangeDays: number,
): string[] {
  const days = businessDaysInRange(range.from, range.to);
  if (days > maxRangeDays) {
    throw new InvalidInputError(
      "range_too_long",
      `from ${range.from} to ${range.to} is ${days} days; at most ${maxRangeDays} days may be asked at once`,
    );
  }
  const today = currentBusinessDate(rules, nowMs);
  if (range.to > today) {
    throw new InvalidInputError(
      "future_date",
      `to ${range.to} is in the future: the restaurant's current business date is ${today}`,
    );
  }
  return enumerateBusinessDates(range.from, range.to);
}
