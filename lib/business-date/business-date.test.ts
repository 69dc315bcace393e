import { describe, expect, it } from "vitest";

import { wallParts } from "../../test/support/wall-clock";
import {
  addBusinessDays,
  businessDateFromIso,
  businessDateToIso,
  businessDateWeekday,
  isBusinessDate,
  parseBusinessDate,
  toBusinessDate,
} from "./business-date";
import { currentBusinessDate } from "./closeout";
import { formatBusinessDate } from "./format";

/** The one "today", called as the pages call it. */
const businessDateAt = (instant: Date, timeZone: string, closeoutHour: number) =>
  currentBusinessDate({ timeZone, closeoutHour }, instant.getTime());

describe("currentBusinessDate (today)", () => {
  it("is still yesterday's business date before the closeout hour", () => {
    // 2024-03-09 06:30Z is 01:30 in New York (EST, UTC-5).
    expect(businessDateAt(new Date("2024-03-09T06:30:00Z"), "America/New_York", 4)).toBe("20240308");
  });

  it("turns to today's business date at the closeout hour exactly", () => {
    // 09:00Z is 04:00 in New York.
    expect(businessDateAt(new Date("2024-03-09T09:00:00Z"), "America/New_York", 4)).toBe("20240309");
    expect(businessDateAt(new Date("2024-03-09T08:59:59Z"), "America/New_York", 4)).toBe("20240308");
  });

  it("uses the restaurant's zone, not the server's", () => {
    const instant = new Date("2024-07-01T05:00:00Z"); // 01:00 New York, 22:00 (Jun 30) Los Angeles
    expect(businessDateAt(instant, "America/New_York", 0)).toBe("20240701");
    expect(businessDateAt(instant, "America/Los_Angeles", 0)).toBe("20240630");
    expect(businessDateAt(instant, "Pacific/Kiritimati", 4)).toBe("20240701"); // 19:00 UTC+14
  });

  it("steps back across month and year boundaries", () => {
    expect(businessDateAt(new Date("2024-01-01T07:00:00Z"), "America/New_York", 4)).toBe("20231231");
    expect(businessDateAt(new Date("2024-03-01T08:00:00Z"), "America/New_York", 4)).toBe("20240229");
  });

  it("keeps calendar days across the spring DST change", () => {
    // 2024-03-10 is the 23-hour day in New York; 03:30 EDT (07:30Z) is before a 04:00 closeout.
    expect(businessDateAt(new Date("2024-03-10T07:30:00Z"), "America/New_York", 4)).toBe("20240309");
    expect(businessDateAt(new Date("2024-03-10T08:00:00Z"), "America/New_York", 4)).toBe("20240310");
  });

  it("with closeout 0 is the calendar date", () => {
    expect(businessDateAt(new Date("2024-05-05T00:00:00Z"), "UTC", 0)).toBe("20240505");
  });

  it("rejects an unknown zone", () => {
    expect(() => businessDateAt(new Date(), "Mars/Olympus_Mons", 4)).toThrow(RangeError);
  });
});

describe("business date arithmetic", () => {
  it("adds and subtracts calendar days", () => {
    expect(addBusinessDays("20240228", 1)).toBe("20240229");
    expect(addBusinessDays("20240229", 1)).toBe("20240301");
    expect(addBusinessDays("20240101", -1)).toBe("20231231");
    expect(addBusinessDays("20240310", 0)).toBe("20240310");
  });

  it("refuses malformed and impossible dates", () => {
    expect(() => parseBusinessDate("2024-03-09")).toThrow(/YYYYMMDD/);
    expect(() => parseBusinessDate("20230229")).toThrow(/does not exist/);
    expect(isBusinessDate("20240229")).toBe(true);
    expect(isBusinessDate("20241301")).toBe(false);
  });

  it("formats for people", () => {
    expect(businessDateToIso("20240309")).toBe("2024-03-09");
    expect(businessDateWeekday("20240309")).toBe(6);
    expect(formatBusinessDate("20240309")).toBe("Sat, Mar 9, 2024");
    expect(formatBusinessDate("20240309", "long")).toBe("Saturday, March 9, 2024");
  });

  it("reads ISO dates from and to date inputs", () => {
    expect(businessDateFromIso("2025-03-09")).toBe("20250309");
    expect(businessDateFromIso("2025-02-30")).toBeNull();
    expect(businessDateFromIso("20250309")).toBeNull();
  });
});

describe("today agrees with an independent wall clock", () => {
  // Intl's formatToParts is a second, independent reading of the local time: the business date is
  // the local calendar date, one day earlier before the closeout hour.
  function byIntl(instant: Date, timeZone: string, closeoutHour: number): string {
    const p = wallParts(timeZone, instant.toISOString());
    const date = toBusinessDate(Number(p.year), Number(p.month), Number(p.day));
    return Number(p.hour) % 24 < closeoutHour ? addBusinessDays(date, -1) : date;
  }

  it("every eleventh hour of two years, in six zones and three closeout hours", () => {
    const zones = [
      "America/New_York",
      "America/Los_Angeles",
      "America/Chicago",
      "Europe/London",
      "Asia/Kolkata",
      "Pacific/Kiritimati",
    ];
    let checked = 0;
    for (
      let t = Date.parse("2024-01-01T00:30:00Z");
      t < Date.parse("2026-01-01T00:00:00Z");
      t += 3_600_000 * 11
    ) {
      for (const zone of zones) {
        for (const closeoutHour of [0, 4, 12]) {
          expect(
            businessDateAt(new Date(t), zone, closeoutHour),
            `${new Date(t).toISOString()} ${zone} ${closeoutHour}`,
          ).toBe(byIntl(new Date(t), zone, closeoutHour));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(25_000);
  });
});
