import { describe, expect, it } from "vitest";

import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { buildTicketFacts, slowestTickets } from "@/lib/kitchen/ingest/ticket-facts";
import { mergeDays } from "@/lib/kitchen/query/range-summary";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * Channels through the cubes: a day summarised with a snapshot of flagged dining options keeps it
 * through the stored encoding, answers `channels` and `channel=` exactly (nearest rank over the
 * records' seconds, counted here by hand), and still answers `behaviors` and `behavior=` as before.
 */

const DATE = "20250310";
const DRIVE = "d0000000-0000-4000-8000-000000000001";
const CURB = "d0000000-0000-4000-8000-000000000002";
const TAKE = "d0000000-0000-4000-8000-000000000003";
const DINE = "d0000000-0000-4000-8000-000000000004";
const FIRE = Date.UTC(2025, 2, 10, 18, 0, 0);

let n = 0;
function record(option: string | null, behavior: string | null, seconds: number): ItemFulfillment {
  n++;
  return {
    restaurantGuid: "r",
    selectionGuid: `sel-${n}`,
    ticketGuid: `ticket-${n}`,
    ticketFiredAt: new Date(FIRE).toISOString(),
    itemStartedAt: new Date(FIRE).toISOString(),
    itemFulfilledAt: new Date(FIRE + seconds * 1000).toISOString(),
    itemFulfillmentLevel: 0,
    prepStationGuid: "station",
    prepStationName: "Grill",
    diningOptionGuid: option,
    diningOptionBehavior: behavior,
    orderSource: "In Store",
  };
}

const records = [
  record(DRIVE, "TAKE_OUT", 100),
  record(DRIVE, "TAKE_OUT", 140),
  record(DRIVE, "TAKE_OUT", 200),
  record(CURB, "TAKE_OUT", 400),
  record(TAKE, "TAKE_OUT", 500),
  record(TAKE, "TAKE_OUT", 700),
  record(DINE, "DINE_IN", 900),
  record(null, null, 60),
  record("catering", "CATERING", 1000),
];
const snapshot = [
  { guid: CURB, channel: "curbside" },
  { guid: DRIVE, channel: "drive-thru" },
];
const parts = { closeoutHour: 4, services: [], diningChannels: snapshot };
const TARGETS = { 0: 600, 1: 600, 2: 600 };

describe("channels in the day cubes", () => {
  const day = decodeDaySummary(encodeDaySummary(summariseDay(records, DATE, "UTC", parts)));

  it("keeps the snapshot through the stored encoding", () => {
    expect(day.dayParts.diningChannels).toEqual(snapshot);
  });

  it("answers each channel with its own records, and the behaviors as before", () => {
    const merged = mergeDays([day], "fire_to_fulfill", {}, TARGETS);
    const byChannel = Object.fromEntries(
      merged.channels!.map((r) => [String(r.channel), [r.stats.count, r.stats.p50, r.stats.max]]),
    );
    expect(byChannel).toEqual({
      "drive-thru": [3, 140, 200],
      curbside: [1, 400, 400],
      "take-out": [2, 500, 700],
      "dine-in": [1, 900, 900],
      CATERING: [1, 1000, 1000],
      null: [1, 60, 60],
    });
    const take = merged.behaviors.find((r) => r.behavior === "TAKE_OUT")!;
    expect([take.stats.count, take.stats.p50, take.stats.max]).toEqual([6, 200, 700]);
    expect(merged.options.behaviors).toEqual(["CATERING", "DINE_IN", "TAKE_OUT", null]);
    expect(merged.options.channels).toEqual([
      "CATERING",
      "curbside",
      "dine-in",
      "drive-thru",
      "take-out",
      null,
    ]);
  });

  it("filters by channel, by behavior (every take-out channel) and by none", () => {
    const count = (f: Parameters<typeof mergeDays>[2]) =>
      mergeDays([day], "fire_to_fulfill", f, TARGETS).levels[0]?.stats.count ?? 0;
    expect(count({ channel: "drive-thru" })).toBe(3);
    expect(count({ channel: "take-out" })).toBe(2);
    expect(count({ behavior: "TAKE_OUT" })).toBe(6);
    expect(count({ behavior: "TAKE_OUT", channel: "curbside" })).toBe(1);
    expect(count({ behavior: "DINE_IN", channel: "curbside" })).toBe(0);
    expect(count({ channel: "(none)" })).toBe(1);
    expect(count({ channel: "CATERING" })).toBe(1);
  });

  it("ranks the slowest tickets within a channel", () => {
    const facts = [buildTicketFacts(records, DATE, snapshot)];
    const ranked = slowestTickets(facts, "fire_to_fulfill", { channel: "drive-thru" }, 5);
    expect(ranked.map((t) => t.seconds)).toEqual([200, 140, 100]);
    expect(slowestTickets(facts, "fire_to_fulfill", { behavior: "TAKE_OUT" }, 1)[0]!.seconds).toBe(700);
  });
});
