import { describe, expect, it } from "vitest";

import { itemMarkers } from "@/lib/annotations/item-markers";
import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { DataCache } from "@/lib/sandbox/data-cache";

import { world } from "./contract-harness";
import {
  databasePerTest,
  kitchenService,
  newLog,
  NOW,
  sandboxForSuite,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * What the item markers read: the items each stored closed day sold, from the kitchen store alone
 * (no fetch), against an oracle made from the sandbox's own records of each date; a date with no
 * stored day is null (unknown), never an empty day.
 */
const mesa = worldRestaurant("Mesa Verde Cantina");
const clock = { now: NOW };
const sandbox = sandboxForSuite(clock);

describe("the stored days' items", () => {
  const t = databasePerTest("pglite", clock);

  it("are each stored closed day's items sold, and null for a date not stored; nothing is fetched", async () => {
    const log = newLog();
    const service = kitchenService(t.db, sandbox.url, log, clock);
    const coverage = await service.prepare(mesa, { from: "20250303", to: "20250306" });
    expect(coverage.complete).toHaveLength(4);
    const fetched = log.fulfillmentRequests.length;

    const days = await service.storedItemDays(mesa.guid, "20250301", "20250306");
    expect(log.fulfillmentRequests.length).toBe(fetched);
    expect([...days.keys()].sort()).toEqual(enumerateBusinessDates("20250303", "20250306"));

    const data = new DataCache(world, "Platform", NOW);
    const restaurant = world.restaurants.find((r) => r.guid === mesa.guid)!;
    const sizes: number[] = [];
    for (const date of enumerateBusinessDates("20250303", "20250306")) {
      const sold = new Map<string, string>();
      for (const r of data.itemFulfillments(restaurant, date, NOW)) {
        if (![0, 1, 2].includes(r.itemFulfillmentLevel ?? -1)) continue;
        const key = r.selectionMenuItemGuid ?? r.selectionMenuItemName;
        if (key && !sold.has(key)) sold.set(key, r.selectionMenuItemName ?? key);
      }
      const stored = days.get(date);
      expect(stored, date).not.toBeNull();
      expect(new Set(stored!.keys()), date).toEqual(new Set(sold.keys()));
      sizes.push(sold.size);
    }
    // Mesa is closed on Mondays: 3 March is a stored day that sold nothing (empty, not unknown).
    expect(sizes[0]).toBe(0);
    expect(sizes.slice(1).every((n) => n > 5)).toBe(true);
    // Four days are no history to tell a first or last sale from.
    expect(itemMarkers(days, "20250303", "20250306")).toEqual([]);
  });
});
