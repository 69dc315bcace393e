import { describe, expect, it } from "vitest";

import type { AlertRule } from "@/lib/alerts/alert-contract";
import { alertMessage, decide, measure } from "@/lib/alerts/alert-decision";
import type { KitchenNowWindow } from "@/lib/kitchen/contract/kitchen-now";

/** A rule's measure, its decision over time, and its words, without a clock or a database. */

const rule = (over: Partial<AlertRule>): AlertRule => ({
  id: "1",
  restaurantGuid: "r",
  kind: "late_share",
  stationGuid: null,
  level: 0,
  threshold: 40,
  quietMinutes: 30,
  emailTo: [],
  webhookUrl: null,
  enabled: true,
  createdBy: "a@b.test",
  createdAt: "",
  updatedAt: "",
  ...over,
});

const figures = (items: number, lateItems: number, p90Seconds: number | null) => ({
  items,
  lateItems,
  p90Seconds,
  tickets: items,
  lateTickets: lateItems,
  excluded: 0,
});

const window: KitchenNowWindow = {
  from: "",
  to: "",
  levels: [{ level: 0, targetSeconds: 600, ...figures(20, 9, 900) }],
  stations: [
    { stationGuid: "grill", stationName: "Grill", level: 0, targetSeconds: 420, ...figures(4, 4, 1000) },
    { stationGuid: "fry", stationName: "Fry", level: 0, targetSeconds: 600, ...figures(16, 5, 700) },
  ],
};

describe("measure", () => {
  it("reads a level's late share and a station's p90 over its own target", () => {
    expect(measure(rule({}), window)).toEqual({
      subject: "Prep stations",
      value: 45,
      items: 20,
      breached: true,
    });
    expect(measure(rule({ threshold: 45 }), window).breached).toBe(false);
    const p90 = measure(
      rule({ kind: "p90_over_target", stationGuid: "grill", level: null, threshold: 9 }),
      window,
    );
    expect(p90).toEqual({ subject: "Grill", value: 580, items: 4, breached: true });
    expect(
      measure(rule({ kind: "p90_over_target", stationGuid: "grill", level: null, threshold: 10 }), window)
        .breached,
    ).toBe(false);
  });

  it("never calls a handful of items a late share, and has nothing to judge with no item", () => {
    // 4 of 4 late at the grill is 100 %, but under MIN_ALERT_ITEMS.
    expect(measure(rule({ stationGuid: "grill", level: null, threshold: 10 }), window).breached).toBe(false);
    expect(measure(rule({ level: 2 }), window)).toEqual({
      subject: "Second expediters",
      value: null,
      items: 0,
      breached: false,
    });
  });
});

describe("decide", () => {
  const base = {
    breached: true,
    inService: true,
    lastKind: null,
    lastFiredAt: null,
    now: 10_000_000,
    quietMinutes: 30,
  };
  it("fires in a service, stays quiet for the quiet period, reminds after it, and clears", () => {
    expect(decide(base)).toBe("fire");
    expect(decide({ ...base, lastKind: "fired", lastFiredAt: base.now - 29 * 60_000 })).toBeNull();
    expect(decide({ ...base, lastKind: "fired", lastFiredAt: base.now - 30 * 60_000 })).toBe("fire");
    expect(decide({ ...base, breached: false, lastKind: "fired", lastFiredAt: base.now - 60_000 })).toBe(
      "clear",
    );
    // Cleared and breached again within the quiet period: nobody is nagged.
    expect(decide({ ...base, lastKind: "cleared", lastFiredAt: base.now - 10 * 60_000 })).toBeNull();
    expect(decide({ ...base, breached: false, lastKind: "cleared", lastFiredAt: 0 })).toBeNull();
  });

  it("never fires outside services, and closes a firing when the service ends", () => {
    expect(decide({ ...base, inService: false })).toBeNull();
    expect(decide({ ...base, inService: false, lastKind: "fired", lastFiredAt: base.now - 60_000 })).toBe(
      "clear",
    );
  });
});

describe("alertMessage", () => {
  it("says what is late, by how much, and against which rule; and when it is over, why", () => {
    const m = measure(rule({}), window);
    expect(alertMessage("Harbor", rule({}), m, "fire", { stillFiring: false, serviceEnded: false })).toBe(
      "Harbor: Prep stations running late: 45% of 20 items late over the last 30 minutes (alert when more than 40% late).",
    );
    expect(alertMessage("Harbor", rule({}), m, "fire", { stillFiring: true, serviceEnded: false })).toContain(
      "still running late",
    );
    expect(alertMessage("Harbor", rule({}), m, "clear", { stillFiring: true, serviceEnded: true })).toContain(
      "the service has ended",
    );
    const calm = measure(rule({ threshold: 60 }), window);
    expect(
      alertMessage("Harbor", rule({ threshold: 60 }), calm, "clear", {
        stillFiring: true,
        serviceEnded: false,
      }),
    ).toBe("Harbor: Prep stations back to normal: 45% of 20 items late over the last 30 minutes.");
  });
});
