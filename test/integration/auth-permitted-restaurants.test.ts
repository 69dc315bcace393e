import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { getPermittedRestaurant, getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { defaultWorld } from "@/lib/sandbox/world";

import { appOnSandboxForFile } from "./contract-harness";

/**
 * The access layer against the sandbox over real HTTP, through the real Platform client: names,
 * zones and closeouts come from the Platform's restaurant information (archived included), and
 * the kitchen entitlement from one itemFulfillments probe.
 */
const world = defaultWorld();
const byName = (name: string) => world.restaurants.find((r) => r.name === name)!;
/** Cleared and set for the file besides the Platform target (test/support/app-env.ts). */
const VARS = ["ACCOUNTS_FILE", "DATA_DIR"] as const;
appOnSandboxForFile(VARS, () => ({
  // The kitchen store, where entitlement is learnt, starts empty.
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-access-")),
}));

describe("getPermittedRestaurants", () => {
  it("names ana's two restaurants as the Platform does", async () => {
    const list = await getPermittedRestaurants({ email: "ana@kitchen.test", name: null });
    expect(list.map(({ kitchenEntitled: _k, ...identity }) => identity)).toEqual(
      ["Harbor Street Kitchen", "Mesa Verde Cantina"].map((name) => {
        const r = byName(name);
        return {
          guid: r.guid,
          name: r.name,
          locationName: r.locationName,
          timeZone: r.timeZone,
          archived: false,
          closeoutHour: r.closeoutHour,
          firstBusinessDate: String(r.firstBusinessDate),
        };
      }),
    );
  });

  it("includes the archived restaurant for admin, marked archived", async () => {
    const list = await getPermittedRestaurants({ email: "admin@kitchen.test", name: null });
    expect(list).toHaveLength(world.restaurants.length);
    const archived = world.restaurants.find((r) => r.archived)!;
    expect(list.find((r) => r.guid === archived.guid)).toMatchObject({ name: archived.name, archived: true });
  });

  it("learns the kitchen entitlement by probing: the basic tier has none", async () => {
    const list = await getPermittedRestaurants(
      { email: "ben@kitchen.test", name: null },
      { probeKitchenMs: 30_000 },
    );
    const entitlement = Object.fromEntries(list.map((r) => [r.name, r.kitchenEntitled]));
    expect(entitlement).toEqual({ "Lakeside Diner": true, "Pier 9 Pizza": false });
    // Learnt through the kitchen pipeline's own fetch: the probed days are stored, the 204 too,
    // so the next request (and every other instance) reads the answer instead of probing.
    const kitchen = await getKitchenService();
    const known = await kitchen.entitlement.known([
      byName("Pier 9 Pizza").guid,
      byName("Lakeside Diner").guid,
    ]);
    expect(Object.fromEntries(known)).toEqual({
      [byName("Pier 9 Pizza").guid]: false,
      [byName("Lakeside Diner").guid]: true,
    });
    const lakesideDays = await kitchen.store.dayRows(byName("Lakeside Diner").guid, "19700101", "99991231");
    // One probed day, stored with its data: "complete", or "open" in the hours after the closeout
    // when the probe's date is still inside its grace period (the test runs on the real clock).
    const statuses = [...lakesideDays.values()].map((d) => d.status);
    expect(statuses).toHaveLength(1);
    expect(["complete", "open"]).toContain(statuses[0]);
    await expect(
      getPermittedRestaurant({ email: "ben@kitchen.test", name: null }, byName("Pier 9 Pizza").guid),
    ).resolves.toMatchObject({
      kitchenEntitled: false,
    });
  });

  it("refuses a restaurant outside the account's set before asking the Platform", async () => {
    await expect(
      getPermittedRestaurant({ email: "ben@kitchen.test", name: null }, byName("Harbor Street Kitchen").guid),
    ).resolves.toBeNull();
  });
});
