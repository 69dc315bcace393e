import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signIn } from "@/bench/load/users";
import type { KitchenHistory } from "@/lib/kitchen/contract/responses";
import type { RestaurantsAdminAnswer } from "@/lib/restaurants/discovery-contract";
import { UNADDED_LOCATION } from "@/lib/sandbox/unadded-location";

import { productionBuild, startAppProcess, type AppProcess } from "../support/fake-platform/processes";

/**
 * The Restaurants admin page's API over HTTP on the production build, as a new deployment runs:
 * the app's own sandbox (which reaches one location the demo accounts do not list, "Riverside
 * Bistro"), discovery at start, the history backfill on. Adding the discovered location is one
 * POST; its dates then appear in the backfill's progress (the kitchen history route) within a minute.
 */
const logs = mkdtempSync(path.join(tmpdir(), "kp-admin-restaurants-logs-"));
let app: AppProcess;

async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  withinMs: number,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

describe("the Restaurants admin API over HTTP", () => {
  beforeAll(async () => {
    if (!productionBuild())
      throw new Error("admin-restaurants-http: no production build; run `npx next build` first");
    app = await startAppProcess(
      null,
      { KITCHEN_BACKFILL_DAYS: "2", SANDBOX_RATE_LIMIT: "false", SANDBOX_EXPORT_LATENCY: "false" },
      path.join(logs, "app.log"),
    );
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  }, 30_000);

  it("lists the reachable location not added, adds it with a click's POST, and its dates join the backfill within a minute", async () => {
    const owner = await signIn(app.origin, "admin@kitchen.test");
    const read = async () => {
      const answer = await owner.request("/api/admin/restaurants");
      expect(answer.status).toBe(200);
      return (await answer.json()) as RestaurantsAdminAnswer;
    };
    // Discovery runs 10 s after the start.
    const before = await eventually(read, (a) => a.discovery.lastSuccess !== null, 60_000);
    expect(before.discovery.clientType).toBe("PARTNER");
    const riverside = before.discovery.locations.find((l) => l.guid === UNADDED_LOCATION.guid);
    expect(riverside).toMatchObject({
      name: "Riverside Bistro",
      added: false,
      state: "accessible-not-added",
    });
    expect(before.restaurants.length).toBeGreaterThan(0);
    expect(before.restaurants.every((r) => r.state === "added-accessible")).toBe(true);
    expect(before.restaurants.map((r) => r.guid)).not.toContain(UNADDED_LOCATION.guid);
    // Not yet added: no history to read.
    expect((await owner.request(`/api/restaurants/${UNADDED_LOCATION.guid}/kitchen/history`)).status).toBe(
      404,
    );

    const added = await owner.request("/api/admin/restaurants", {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.origin },
      body: JSON.stringify({ guid: UNADDED_LOCATION.guid }),
    });
    expect(added.status).toBe(201);
    // No label given: the discovered name is the label.
    expect(await added.json()).toMatchObject({
      guid: UNADDED_LOCATION.guid,
      label: "Riverside Bistro (Riverside)",
      addedBy: "admin@kitchen.test",
    });
    const startedAt = Date.now();

    const after = await read();
    expect(after.discovery.locations.find((l) => l.guid === UNADDED_LOCATION.guid)).toMatchObject({
      added: true,
      state: "added-accessible",
    });
    expect(after.restaurants.at(-1)).toMatchObject({
      guid: UNADDED_LOCATION.guid,
      state: "added-accessible",
    });

    const history = await eventually(
      async () => {
        const answer = await owner.request(`/api/restaurants/${UNADDED_LOCATION.guid}/kitchen/history`);
        return answer.ok ? ((await answer.json()) as KitchenHistory) : null;
      },
      (h) => h !== null && h.ready > 0,
      60_000,
    );
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    expect(history).toMatchObject({ restaurantGuid: UNADDED_LOCATION.guid, days: 2 });

    const again = await owner.request("/api/admin/restaurants", {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.origin },
      body: JSON.stringify({ guid: UNADDED_LOCATION.guid }),
    });
    expect(again.status).toBe(409);
    const audit = (await (await owner.request("/api/admin/audit?action=restaurant.add")).json()) as {
      entries: { subjectId: string; actorEmail: string }[];
    };
    expect(audit.entries[0]).toMatchObject({
      subjectId: UNADDED_LOCATION.guid,
      actorEmail: "admin@kitchen.test",
    });
  }, 180_000);
});
