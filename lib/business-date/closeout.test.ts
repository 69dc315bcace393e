import { describe, expect, it } from "vitest";

import { closeoutInstant, currentBusinessDate, datePhase } from "@/lib/business-date/closeout";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { localHourResolver } from "@/lib/kitchen/ingest/local-hour";
import { mergeDays } from "@/lib/kitchen/query/range-summary";
import type { ItemFulfillment } from "@/lib/platform/schemas";

const at = (iso: string) => Date.parse(iso);
const GRACE = 120;
const boston = { timeZone: "America/New_York", closeoutHour: 4 };
const la = { timeZone: "America/Los_Angeles", closeoutHour: 3 };

describe("business date closeout", () => {
  it("closes a date at the closeout hour of the next day, restaurant time, plus the grace period (New York)", () => {
    // 20250301 ends 2025-03-02 04:00 EST = 09:00Z; closed from 11:00Z with 120 min of grace.
    expect(closeoutInstant("20250301", boston)).toBe(at("2025-03-02T09:00:00Z"));
    expect(datePhase("20250301", boston, at("2025-03-02T10:59:59Z"), GRACE)).toBe("open");
    expect(datePhase("20250301", boston, at("2025-03-02T11:00:00Z"), GRACE)).toBe("closed");
    expect(datePhase("20250301", boston, at("2025-03-02T09:00:00Z"), 0)).toBe("closed");
  });

  it("closes the same date later in Los Angeles, where the restaurant's clock is behind", () => {
    // 20250301 ends 2025-03-02 03:00 PST = 11:00Z; closed from 13:00Z.
    expect(closeoutInstant("20250301", la)).toBe(at("2025-03-02T11:00:00Z"));
    expect(datePhase("20250301", la, at("2025-03-02T11:00:00Z"), GRACE)).toBe("open");
    expect(datePhase("20250301", la, at("2025-03-02T12:59:59Z"), GRACE)).toBe("open");
    expect(datePhase("20250301", la, at("2025-03-02T13:00:00Z"), GRACE)).toBe("closed");
    // At 11:30Z New York's 20250301 is already closed while Los Angeles's is still open.
    expect(datePhase("20250301", boston, at("2025-03-02T11:30:00Z"), GRACE)).toBe("closed");
    expect(datePhase("20250301", la, at("2025-03-02T11:30:00Z"), GRACE)).toBe("open");
  });

  it("moves to the next business date at the closeout hour, and calls later dates future", () => {
    expect(currentBusinessDate(boston, at("2025-03-02T08:59:59Z"))).toBe("20250301"); // 03:59 local
    expect(currentBusinessDate(boston, at("2025-03-02T09:00:00Z"))).toBe("20250302"); // 04:00 local
    expect(currentBusinessDate(la, at("2025-03-02T09:00:00Z"))).toBe("20250301"); // 01:00 local
    expect(datePhase("20250302", boston, at("2025-03-02T08:59:59Z"), GRACE)).toBe("future");
    expect(datePhase("20250302", boston, at("2025-03-02T09:00:00Z"), GRACE)).toBe("open");
    expect(datePhase("20250302", la, at("2025-03-02T09:00:00Z"), GRACE)).toBe("future");
  });

  it("uses the daylight-saving offset in force at the closeout", () => {
    // Clocks go forward at 02:00 on 2025-03-09: 20250308 ends at 04:00 EDT = 08:00Z, not 09:00Z.
    expect(closeoutInstant("20250308", boston)).toBe(at("2025-03-09T08:00:00Z"));
    // Clocks go back at 02:00 on 2025-11-02: 20251101 ends at 04:00 EST = 09:00Z.
    expect(closeoutInstant("20251101", boston)).toBe(at("2025-11-02T09:00:00Z"));
    expect(closeoutInstant("20251031", boston)).toBe(at("2025-11-01T08:00:00Z"));
  });
});

describe("hours of day in the restaurant's time zone", () => {
  const hour = localHourResolver("America/New_York");

  it("skips 02:00 on the spring-forward day and repeats 01:00 on the fall-back day", () => {
    expect(hour(at("2025-03-09T06:30:00Z"))).toBe(1); // 01:30 EST
    expect(hour(at("2025-03-09T07:00:00Z"))).toBe(3); // 03:00 EDT: 02:xx never happens
    expect(hour(at("2025-03-09T07:59:59Z"))).toBe(3);
    expect(hour(at("2025-11-02T05:30:00Z"))).toBe(1); // 01:30 EDT
    expect(hour(at("2025-11-02T06:30:00Z"))).toBe(1); // 01:30 EST, the hour again
    expect(hour(at("2025-11-02T07:30:00Z"))).toBe(2);
  });

  it("works in zones with half-hour offsets", () => {
    expect(localHourResolver("Asia/Kolkata")(at("2025-03-01T00:29:59Z"))).toBe(5);
    expect(localHourResolver("Asia/Kolkata")(at("2025-03-01T00:30:00Z"))).toBe(6);
  });

  it("places a daylight-saving day's records in local hours in the summary", () => {
    const record = (fired: string, fulfilled: string): ItemFulfillment => ({
      restaurantGuid: "r",
      orderGuid: "o",
      selectionGuid: `s-${fired}`,
      ticketGuid: `t-${fired}`,
      ticketFiredAt: fired,
      itemStartedAt: fired,
      itemFulfilledAt: fulfilled,
      itemFulfillmentLevel: 0,
      prepStationGuid: "grill",
      prepStationName: "Grill",
    });
    const day = summariseDay(
      [
        record("2025-03-09T06:10:00Z", "2025-03-09T06:15:00Z"), // 01:10 EST, 300 s
        record("2025-03-09T07:10:00Z", "2025-03-09T07:12:00Z"), // 03:10 EDT, 120 s
        record("2025-03-09T07:20:00Z", "2025-03-09T07:30:00Z"), // 03:20 EDT, 600 s
        record("2025-03-09T16:00:00Z", "2025-03-09T16:01:00Z"), // 12:00 EDT, 60 s
      ],
      "20250308",
      "America/New_York",
    );
    const merged = mergeDays([day], "fire_to_fulfill", {}, { 0: 600, 1: 720, 2: 840 });
    expect(merged.hours.map((h) => [h.hour, h.stats.count, h.stats.max])).toEqual([
      [1, 1, 300],
      [3, 2, 600],
      [12, 1, 60],
    ]);
  });
});
