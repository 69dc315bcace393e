import { describe, expect, it } from "vitest";

import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { restaurantStations, stationsMatrixRows } from "@/lib/kitchen/query/stations-matrix";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * The stations matrix's rows against the raw records: per restaurant and prep station
 * multi-location id, the level-0 fire-to-fulfill seconds (Date.parse, rounded half up), sorted,
 * nearest rank. On the second day one restaurant's Grill is re-created under a new GUID and a new
 * name with the same multi-location id, and a few of its records lack the id: all of them still
 * land in the Grill's row. The days go through the stored encoding.
 */
const world = defaultWorld();
const restaurants = ["Harbor Street Kitchen", "Lakeside Diner"].map((name) =>
  world.restaurants.find((r) => r.name === name)!,
);
const DATES = ["20250304", "20250305"];
const NEW_GUID = "0a7e57a7-0000-4000-8000-000000000001";

const raw = restaurants.map((restaurant, k) => {
  const ctx = { world, restaurant, brand: "Platform" };
  const config = generateRestaurantConfig(ctx);
  return DATES.map((date, d) =>
    generateItemFulfillments(ctx, config, date).map((r, i): ItemFulfillment => {
      if (k !== 0 || d !== 1 || r.prepStationName !== "Grill") return r;
      const moved = { ...r, prepStationGuid: NEW_GUID, prepStationName: "Char Grill" };
      return i % 13 === 0 ? { ...moved, prepStationMultiLocationId: null } : moved;
    }),
  );
});
const days = raw.map((perDay, k) =>
  perDay.map((records, d) =>
    decodeDaySummary(encodeDaySummary(summariseDay(records, DATES[d]!, restaurants[k]!.timeZone))),
  ),
);

const secondsOf = (r: ItemFulfillment) => {
  if (!r.ticketFiredAt || !r.itemFulfilledAt) return null;
  const ms = Date.parse(r.itemFulfilledAt) - Date.parse(r.ticketFiredAt);
  return Number.isNaN(ms) || ms < 0 ? null : Math.floor(ms / 1000 + 0.5);
};
const rank = (sorted: number[], p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;

describe("stations matrix", () => {
  it("lines stations up by multi-location id across restaurants and across a re-created station, exactly", () => {
    const grillId = raw[0]![0]!.find((r) => r.prepStationName === "Grill")!.prepStationMultiLocationId!;
    // The oracle: per restaurant, id -> seconds; a record without an id takes its station GUID's.
    const idOfGuid = new Map<string, string>();
    for (const r of raw.flat(2))
      if (r.prepStationGuid && r.prepStationMultiLocationId)
        idOfGuid.set(r.prepStationGuid, r.prepStationMultiLocationId);
    const expected = raw.map((perDay) => {
      const byId = new Map<string, number[]>();
      for (const r of perDay.flat()) {
        const s = secondsOf(r);
        const id =
          r.prepStationMultiLocationId ?? (r.prepStationGuid ? idOfGuid.get(r.prepStationGuid) : undefined);
        if (r.itemFulfillmentLevel !== 0 || s === null || !id) continue;
        byId.set(id, [...(byId.get(id) ?? []), s]);
      }
      return byId;
    });
    const rows = stationsMatrixRows(days.map((d) => restaurantStations(d, 0, undefined)));
    const ids = new Set(expected.flatMap((m) => [...m.keys()]));
    expect(new Set(rows.map((r) => r.multiLocationId))).toEqual(ids);
    for (const row of rows) {
      const lists = expected.map((m) => m.get(row.multiLocationId)?.sort((a, b) => a - b));
      expect(row.cells.map((c) => c && [c.records, c.p90])).toEqual(
        lists.map((l) => (l ? [l.length, rank(l, 90)] : null)),
      );
      const union = lists.flatMap((l) => l ?? []).sort((a, b) => a - b);
      expect([row.records, row.p90]).toEqual([union.length, rank(union, 90)]);
    }
    const grill = rows.find((r) => r.multiLocationId === grillId)!;
    // Both restaurants have a Grill; Harbor's two GUIDs and two names are one cell, named by the most records.
    expect(grill.cells.map((c) => c !== null)).toEqual([true, true]);
    expect(grill.stationName).toBe("Grill");
    expect(days[0]![1]!.stations.some((s) => s.guid === NEW_GUID)).toBe(true);
  });
});
