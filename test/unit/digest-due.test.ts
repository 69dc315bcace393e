import { describe, expect, it } from "vitest";

import { digestPeriod } from "@/lib/digests/digest";
import { dueDigest } from "@/lib/digests/digest-sender";

/**
 * Which digest is due when: the newest business date closed (closeout plus the grace) at every one
 * of a person's restaurants; a weekly one only once that date is a Sunday, for Monday to Sunday.
 */
const newYork = { guid: "ny", name: "NY", timeZone: "America/New_York", closeoutHour: 4 };
const losAngeles = { guid: "la", name: "LA", timeZone: "America/Los_Angeles", closeoutHour: 3 };
const GRACE = 120;

describe("the digest due", () => {
  it("waits for the last of a person's restaurants to close the date", () => {
    // Monday 24 March 2025, 06:00 in New York (04:00 closeout + 2 h): Sunday has closed there, not in LA (until 05:00 PDT).
    const at = Date.parse("2025-03-24T10:00:00Z");
    expect(dueDigest([newYork], "daily", at, GRACE)).toBe("20250323");
    expect(dueDigest([newYork, losAngeles], "daily", at, GRACE)).toBe("20250322");
    expect(dueDigest([newYork], "daily", at - 1, GRACE)).toBe("20250322");
    expect(dueDigest([newYork, losAngeles], "weekly", at, GRACE)).toBeNull();
    expect(dueDigest([newYork, losAngeles], "weekly", Date.parse("2025-03-24T12:00:00Z"), GRACE)).toBe(
      "20250323",
    );
    // Tuesday: Monday has closed, so no weekly digest (it went on Monday).
    expect(dueDigest([newYork], "weekly", Date.parse("2025-03-25T12:00:00Z"), GRACE)).toBeNull();
    expect(dueDigest([], "daily", at, GRACE)).toBeNull();
  });

  it("covers the day, or Monday to Sunday, and refuses a weekly digest not ending on a Sunday", () => {
    expect(digestPeriod("daily", "20250319")).toEqual({ from: "20250319", to: "20250319" });
    expect(digestPeriod("weekly", "20250323")).toEqual({ from: "20250317", to: "20250323" });
    expect(() => digestPeriod("weekly", "20250319")).toThrow("a weekly digest ends on a Sunday");
  });
});
