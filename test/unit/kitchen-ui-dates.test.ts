import { describe, expect, it } from "vitest";

import {
  businessDateFromIso,
  businessDateToIso,
  businessDaysInRange as daysInRange,
} from "@/lib/business-date/business-date";
import { formatBusinessDate, formatDateRange } from "@/lib/business-date/format";
import { includesToday, presetRange, previousPeriod } from "@/lib/kitchen/contract/date-range";

describe("business dates", () => {
  it("converts to and from date-input values", () => {
    expect(businessDateToIso("20250309")).toBe("2025-03-09");
    expect(businessDateFromIso("2025-03-09")).toBe("20250309");
    expect(businessDateFromIso("2025-02-30")).toBeNull();
    expect(businessDateFromIso("")).toBeNull();
  });

  it("labels a business date as the calendar day it names, whatever the viewer's zone", () => {
    expect(formatBusinessDate("20250309")).toBe("Sun, Mar 9, 2025");
    expect(formatDateRange("20250303", "20250309")).toBe("Mar 3 – Mar 9, 2025");
    expect(formatDateRange("20241230", "20250105")).toBe("Dec 30, 2024 – Jan 5, 2025");
  });
});

describe("range presets", () => {
  const today = "20250310";

  it("ends trailing ranges yesterday, so they hold complete days only", () => {
    expect(presetRange("7d", today)).toEqual({ from: "20250303", to: "20250309" });
    expect(presetRange("30d", today)).toEqual({ from: "20250208", to: "20250309" });
    expect(daysInRange(presetRange("90d", today).from, presetRange("90d", today).to)).toBe(90);
    expect(presetRange("yesterday", today)).toEqual({ from: "20250309", to: "20250309" });
    expect(presetRange("today", today)).toEqual({ from: today, to: today });
  });

  it("compares with the period of the same length just before", () => {
    expect(previousPeriod({ from: "20250303", to: "20250309" })).toEqual({
      from: "20250224",
      to: "20250302",
    });
    expect(previousPeriod({ from: "20250310", to: "20250310" })).toEqual({
      from: "20250309",
      to: "20250309",
    });
  });

  it("knows when a range holds the open business date", () => {
    expect(includesToday(presetRange("today", today), today)).toBe(true);
    expect(includesToday(presetRange("7d", today), today)).toBe(false);
  });
});
