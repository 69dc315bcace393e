import { describe, expect, it } from "vitest";

import { clipInstant, clockTimeAt, formatClockTimeOfDay } from "./business-clock";

const la = { timeZone: "America/Los_Angeles", closeoutHour: 3 };

describe("the business-day clock", () => {
  it("places a clip on the business date, or on the next calendar day before the closeout", () => {
    expect(new Date(clipInstant("20250310", "1424", la)).toISOString()).toBe("2025-03-10T21:24:00.000Z");
    expect(new Date(clipInstant("20250310", "0100", la)).toISOString()).toBe("2025-03-11T08:00:00.000Z");
    expect(new Date(clipInstant("20250310", "142415", la)).toISOString()).toBe("2025-03-10T21:24:15.000Z");
    // 03:00 is the closeout: the start of the business date, not its end.
    expect(new Date(clipInstant("20250310", "0300", la)).toISOString()).toBe("2025-03-10T10:00:00.000Z");
  });

  it("reads a time the spring-forward night skips as the change itself, and a repeated one as its first occurrence", () => {
    // 2025-03-09 02:00 PST became 03:00 PDT (10:00Z): 02:30 never happened on the wall clock.
    expect(new Date(clipInstant("20250308", "0230", la)).toISOString()).toBe("2025-03-09T10:00:00.000Z");
    expect(new Date(clipInstant("20250308", "0159", la)).toISOString()).toBe("2025-03-09T09:59:00.000Z");
    // 2025-11-02 01:30 happened twice: PDT (08:30Z) first.
    expect(new Date(clipInstant("20251101", "0130", la)).toISOString()).toBe("2025-11-02T08:30:00.000Z");
  });

  it("reads the wall clock of an instant and says a clip in words", () => {
    expect(clockTimeAt(Date.parse("2025-03-10T21:24:37Z"), la.timeZone)).toBe("142437");
    expect(clockTimeAt(Date.parse("2025-03-09T10:00:05Z"), la.timeZone)).toBe("030005");
    expect(formatClockTimeOfDay("1424")).toBe("2:24 PM");
    expect(formatClockTimeOfDay("002459")).toBe("12:24 AM");
    expect(() => clipInstant("20250310", "2400", la)).toThrow(RangeError);
  });
});
