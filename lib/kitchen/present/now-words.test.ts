import { describe, expect, it } from "vitest";

import { beforeFirstTicketWords, nowDelayWords } from "./now-words";

describe("the Now strip's words", () => {
  const at = "2026-11-19T19:30:00.000Z";
  it("say how far behind live the data can be, from the refresh interval or an older read", () => {
    expect(nowDelayWords({ refreshSeconds: 180, dataAsOf: "2026-11-19T19:29:00.000Z", at })).toBe(
      "Data up to 3 min old: today is read from the Platform again every 3 minutes.",
    );
    expect(nowDelayWords({ refreshSeconds: 900, dataAsOf: "2026-11-19T19:10:00.000Z", at })).toBe(
      "Data up to 20 min old: today is read from the Platform again every 15 minutes.",
    );
    expect(nowDelayWords({ refreshSeconds: 30, dataAsOf: null, at })).toBe(
      "Today's data has not been read from the Platform yet.",
    );
  });

  it("say the restaurant opens later rather than advising a longer range", () => {
    const none = { firstTicketAt: null, inService: null, status: "open" as const };
    expect(beforeFirstTicketWords({ ...none, opensAt: "11:00 AM" })).toBe(
      "Opens at 11:00 AM, no tickets yet.",
    );
    expect(beforeFirstTicketWords({ ...none, opensAt: null, inService: "Lunch" })).toBe(
      "Lunch has started, no tickets yet.",
    );
    expect(beforeFirstTicketWords({ ...none, opensAt: "11:00 AM", firstTicketAt: at })).toBeNull();
  });
});
