import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { listStoredAnnotations } from "@/lib/annotations/annotation-store";
import { watchConfig, type ConfigWatchDeps } from "@/lib/annotations/config-watch";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { serviceWeekOf } from "@/lib/restaurants/schedule";
import { stationChangeOf } from "@/lib/sandbox/generate/station-change";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import { clientFor, FAST_SANDBOX, world } from "./contract-harness";
import { openTestDatabase, STORE_KINDS, type TestDatabase } from "./kitchen-harness";

/**
 * The configuration markers against the sandbox over HTTP, with the sandbox's dated prep-station
 * change (lib/sandbox/generate/station-change.ts: Harbor's grill gains a connection to the fry
 * station 20 business dates before the sandbox started) and the app's own store. The sandbox's
 * clock and the watch's are one: a read before the change, then one after it, must record the
 * routing change on the change's business date (found by the lastModified bisection), not on the
 * date of the read; a first read after it finds it through lastModified alone.
 */
const harbor = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
const STARTED = Date.UTC(2026, 10, 27, 15); // 10:00 in New York, business date 20261127
const change = stationChangeOf(harbor, STARTED)!;
const clock = { now: STARTED };
let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0, now: () => clock.now });
});
afterAll(async () => {
  await sandbox?.close();
});

/** Deps over a fresh client (the sandbox's tokens expire by its clock, which the tests move by days). */
function deps(db: TestDatabase["db"], reads: { count: number }): ConfigWatchDeps {
  const client = clientFor(sandbox.url);
  return {
    db,
    read: async (guid) => {
      reads.count++;
      const [stations, menuItems, menuGroups, info] = await Promise.all([
        client.kitchen.prepStations(guid),
        client.config.list("menuItems", guid),
        client.config.list("menuGroups", guid),
        client.restaurants.get(guid),
      ]);
      return { stations, menuItems, menuGroups, serviceWeek: serviceWeekOf(info.schedules) };
    },
    stationsModifiedSince: async (guid, since) =>
      new Set((await client.kitchen.prepStations(guid, { lastModified: since })).map((s) => s.guid)),
    lookbackDays: 90,
    now: () => clock.now,
  };
}

describe.each(STORE_KINDS)("configuration markers (%s)", (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await t.drop();
  });
  const markers = () => listStoredAnnotations(t.db, harbor.guid, "20260101", "20261231");

  it("record the routing change between two reads on the date the station was modified, once", async () => {
    expect(change.businessDate).toBe("20261107");
    const reads = { count: 0 };
    clock.now = change.at - 3 * 86_400_000;
    await watchConfig(deps(t.db, reads), harbor);
    // The first read, before the change: nothing modified within the 90 days before it.
    expect(await markers()).toEqual([]);

    clock.now = STARTED;
    await watchConfig(deps(t.db, reads), harbor);
    const found = await markers();
    expect(found).toEqual([
      {
        id: expect.any(String),
        date: "20261107",
        kind: "routing",
        text: "Routing of prep station “Grill” changed",
      },
    ]);
    expect(reads.count).toBe(2);

    // Read once a business date: the same day asks nothing again and records nothing again.
    await watchConfig(deps(t.db, reads), harbor);
    expect(reads.count).toBe(2);
    // The next day's read finds the same configuration: no marker.
    clock.now = STARTED + 86_400_000;
    await watchConfig(deps(t.db, reads), harbor);
    expect(reads.count).toBe(3);
    expect(await markers()).toEqual(found);
  });

  it("find a change inside the history on the first read, from the stations' lastModified", async () => {
    clock.now = STARTED;
    await watchConfig(deps(t.db, { count: 0 }), harbor);
    expect(await markers()).toEqual([
      {
        id: expect.any(String),
        date: change.businessDate,
        kind: "prep-station",
        text: "Prep station “Grill” changed (its configuration was modified)",
      },
    ]);
    // A restaurant without the change: a first read records nothing.
    const mesa = world.restaurants.find((r) => r.name === "Mesa Verde Cantina")!;
    await watchConfig(deps(t.db, { count: 0 }), mesa);
    expect(await listStoredAnnotations(t.db, mesa.guid, "20260101", "20261231")).toEqual([]);
    expect(addBusinessDays(change.businessDate, 20)).toBe("20261127");
  });
});
