import { describe, expect, it } from "vitest";

import { addBusinessDays, businessDateToUtcMs } from "./business-date";
import { formatBusinessDate, formatBusinessDateShort, formatDateRange } from "./format";

// The oracle: what Intl's en-US formatting writes in UTC, which the spelled-out names must match.
const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options });
  return (date: string) => format.format(new Date(businessDateToUtcMs(date)));
};
const shortWeekday = intl({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
const longWeekday = intl({ weekday: "long", month: "long", day: "numeric", year: "numeric" });
const medium = intl({ month: "short", day: "numeric", year: "numeric" });
const short = intl({ month: "short", day: "numeric" });

const everyDate = (from: string, days: number) =>
  Array.from({ length: days }, (_, i) => addBusinessDays(from, i));

describe("business date formatting", () => {
  it("writes every date of 2023 to 2028 (leap days included) as Intl en-US does", () => {
    const dates = everyDate("20230101", 6 * 366);
    expect(dates).toContain("20240229");
    for (const date of dates) {
      expect(formatBusinessDate(date), date).toBe(shortWeekday(date));
      expect(formatBusinessDate(date, "long"), date).toBe(longWeekday(date));
      expect(formatBusinessDateShort(date), date).toBe(short(date));
    }
  });

  it("writes ranges within a year, across a year end and of one day as before", () => {
    for (const [from, to] of [
      ["20250303", "20250309"],
      ["20241226", "20250108"],
      ["20260101", "20261231"],
    ] as const) {
      const start = from.slice(0, 4) === to.slice(0, 4) ? short(from) : medium(from);
      expect(formatDateRange(from, to)).toBe(`${start} – ${medium(to)}`);
    }
    expect(formatDateRange("20250309", "20250309")).toBe("Sun, Mar 9, 2025");
  });

  it("refuses what is not a business date", () => {
    expect(() => formatBusinessDate("20250230")).toThrow(RangeError);
    expect(() => formatDateRange("2025-03-01", "20250302")).toThrow(RangeError);
  });
});
