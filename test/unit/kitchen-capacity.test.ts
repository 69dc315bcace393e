import { describe, expect, it } from "vitest";

import type { CapacityLoad } from "@/lib/kitchen/contract/capacity";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { capacityInProgress, capacityKnee, capacityLoads } from "@/lib/kitchen/query/capacity";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * Capacity's rules (lib/kitchen/ingest/day-slots.ts, lib/kitchen/query/capacity.ts) on hand-made
 * records in New York (UTC−5 in January): the slot is local time, the load counts a slot
 * instance's records (untimed ones too), loads group across days, p90 is nearest rank over the
 * group's records, and the knee is where p90 stays over the target.
 */
const TZ = "America/New_York";
let serial = 0;
/** A record fired at local `hhmm` on 2025-01-10 (UTC−5), fulfilled `seconds` later (null: never). */
function rec(hhmm: string, seconds: number | null, station = "grill", level = 0): ItemFulfillment {
  const h = Number(hhmm.slice(0, 2)) + 5;
  const fired = Date.UTC(2025, 0, 10, h, Number(hhmm.slice(2)), 0);
  return {
    selectionGuid: `sel-${serial++}`,
    ticketGuid: `t-${hhmm}`,
    itemFulfillmentLevel: level,
    prepStationGuid: station,
    prepStationName: station.toUpperCase(),
    ticketFiredAt: new Date(fired).toISOString(),
    itemFulfilledAt: seconds === null ? null : new Date(fired + seconds * 1000).toISOString(),
  } as ItemFulfillment;
}
const dayOf = (records: ItemFulfillment[]) =>
  decodeDaySummary(encodeDaySummary(summariseDay(records, "20250110", TZ)));

describe("capacity slots and knee", () => {
  it("slots by local quarter hour, counts untimed records in the load, keeps days apart, stores and reads back", () => {
    // 12:00-12:14: three grill records (one never fulfilled) and one fry; 12:15: one grill record.
    const day = dayOf([
      rec("1200", 300),
      rec("1205", 700),
      rec("1214", null),
      rec("1210", 400, "fry"),
      rec("1215", 200),
    ]);
    const grill = capacityLoads([day], { level: 0, station: "grill" }, 600, undefined);
    expect(grill).toEqual([
      { load: 1, slots: 1, items: 1, timed: 1, p90: 200, fewItems: true, overTarget: false },
      { load: 3, slots: 1, items: 3, timed: 2, p90: 700, fewItems: true, overTarget: true },
    ]);
    // Every station: the 12:00 slot holds 4 records; the same day read twice is two instances of each load.
    const all = capacityLoads([day, day], { level: 0 }, 600, undefined);
    expect(all.map((l) => [l.load, l.slots, l.items, l.timed, l.p90])).toEqual([
      [1, 2, 2, 2, 200],
      [4, 2, 8, 6, 700],
    ]);
    // The stuck cut leaves records over it out of p90, not out of the load.
    const cut = capacityLoads([day], { level: 0 }, 600, 500);
    expect(cut.map((l) => [l.load, l.timed, l.p90])).toEqual([
      [1, 1, 200],
      [4, 2, 400],
    ]);
    expect(capacityLoads([day], { level: 1 }, 600, undefined)).toEqual([]);
  });

  it("p90 is nearest rank over the group's records, never a mean of slot percentiles", () => {
    // Two slot instances of load 10: ten records each, 60..600 s and 610..1060 s.
    const records = [
      ...Array.from({ length: 10 }, (_, i) => rec("1800", 60 * (i + 1))),
      ...Array.from({ length: 10 }, (_, i) => rec("1900", 610 + 50 * i)),
    ];
    const [ten] = capacityLoads([dayOf(records)], { level: 0 }, 600, undefined);
    // 20 values: rank ceil(0.9 × 20) = 18: the 8th of the second slot, 610 + 350.
    expect(ten).toMatchObject({ load: 10, slots: 2, items: 20, timed: 20, p90: 960, fewItems: false });
  });

  it("counts the seconds in progress in each slot, the record split where it crosses a quarter hour", () => {
    // Fired 12:10, fulfilled 12:20 (5 min in each slot); a record over the stuck limit adds nothing.
    const day = dayOf([rec("1210", 600), rec("1300", 5 * 3600)]);
    const [grill] = capacityInProgress([day], { level: 0 }, 1);
    expect(grill!.stationGuid).toBe("grill");
    expect(grill!.slots[48]).toBe(0.33);
    expect(grill!.slots[49]).toBe(0.33);
    expect(grill!.slots.filter((x) => x > 0)).toHaveLength(2);
    expect(grill!.peak).toEqual({ slot: 48, items: 0.33 });
    // Over two days, the mean halves.
    expect(capacityInProgress([day], { level: 0 }, 2)[0]!.slots[48]).toBe(0.17);
  });

  it("puts the knee where p90 stays over the target, skipping loads with few items", () => {
    const load = (l: number, p90: number, items = 40): CapacityLoad => ({
      load: l,
      slots: 1,
      items,
      timed: items,
      p90,
      fewItems: items < 20,
      overTarget: p90 > 600,
    });
    // A load over the target below a load within it does not make the knee.
    expect(
      capacityKnee([load(5, 500), load(8, 650), load(10, 580), load(14, 640), load(15, 700), load(20, 900)]),
    ).toEqual({ knee: 14, capacity: 13, kneeStatus: "knee" });
    // A heavy load resting on few items is shown, not used.
    expect(capacityKnee([load(5, 500), load(10, 550), load(30, 900, 5)])).toEqual({
      knee: null,
      capacity: null,
      kneeStatus: "never_over",
    });
    expect(capacityKnee([load(5, 700), load(9, 800)])).toEqual({
      knee: 5,
      capacity: null,
      kneeStatus: "always_over",
    });
    expect(capacityKnee([load(5, 700, 3)])).toEqual({ knee: null, capacity: null, kneeStatus: "too_few" });
    // p90 equal to the target is within it.
    expect(capacityKnee([load(5, 500), load(9, 600)]).kneeStatus).toBe("never_over");
  });
});
