import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Database } from "@/lib/db/database";
import type { KitchenRestaurant } from "@/lib/kitchen/service/kitchen-service";

import { type FixtureServer } from "../contract-fixtures/fixture-server";
import { fixtureKitchenService, startFixtureKitchen } from "./fixture-service-harness";

/**
 * The open business date's refreshes and history have fetch slots of their own: with one slot
 * each, an open date stuck upstream does not hold back a closed date a person asks for, a closed
 * date stuck upstream does not hold back the open one, and a second open date waits for the
 * first open slot (the open queue has its own cap). Real client, real HTTP, real PGlite.
 */

const NOW = Date.parse("2025-03-20T16:00:00Z"); // noon in New York: 20250320 is open
const NY: KitchenRestaurant = {
  guid: "6a1f2c3d-4b5e-4f60-8a7b-9c0d1e2f3a4b",
  name: "NY",
  timeZone: "America/New_York",
  closeoutHour: 4,
};
const LA: KitchenRestaurant = {
  guid: "f0e1d2c3-b4a5-4968-8776-655443322110",
  name: "LA",
  timeZone: "America/Los_Angeles",
  closeoutHour: 4,
};
const OPEN = "20250320";
const loginBody = {
  status: "SUCCESS",
  token: { tokenType: "Bearer", scope: null, expiresIn: 86400, accessToken: "a.eyJ9.b" },
};

describe("the open date's own fetch slots", () => {
  let server: FixtureServer;
  let db: Database;
  let service: ReturnType<typeof fixtureKitchenService>;
  // Exports held upstream until released, by restaurant|date.
  const gates = new Map<string, () => void>();
  const asked = () =>
    server.requests
      .filter((r) => r.path.endsWith("/itemFulfillments"))
      .map(
        (r) =>
          `${r.headers["platform-restaurant-external-id"] === NY.guid ? "ny" : "la"}|${r.query.get("businessDate")}`,
      );

  beforeAll(async () => {
    ({ server, db, service } = await startFixtureKitchen(
      {
        "POST /authentication/v1/authentication/login": () => ({ body: loginBody }),
        "GET /kitchen/v1/export/itemFulfillments": async (req) => {
          const key = `${req.headers["platform-restaurant-external-id"] === NY.guid ? "ny" : "la"}|${req.query.get("businessDate")}`;
          await new Promise<void>((resolve) => gates.set(key, resolve));
          return { body: [] };
        },
      },
      NOW,
      { fetchConcurrency: 1, openFetchConcurrency: 1, readyWaitMs: 0 },
    ));
  });

  afterAll(async () => {
    for (const release of gates.values()) release();
    await db?.close();
    await server?.close();
  });

  const ask = (r: KitchenRestaurant, from: string, to = from) =>
    void service.summary(r, { from, to, metric: "fire_to_fulfill" });

  it("fetches a closed date while the open one is stuck upstream, and the open one while history is stuck", async () => {
    ask(NY, OPEN);
    await vi.waitFor(() => expect(asked()).toEqual([`ny|${OPEN}`]));
    // The one history slot is free: a closed date goes out at once, and stays stuck in turn.
    ask(NY, "20250310", "20250311");
    await vi.waitFor(() => expect(asked()).toEqual([`ny|${OPEN}`, "ny|20250310"]));
    // The second closed date waits for the history slot, not for the open date.
    await new Promise((r) => setTimeout(r, 200));
    expect(asked()).not.toContain("ny|20250311");
    gates.get("ny|20250310")!();
    await vi.waitFor(() => expect(asked()).toContain("ny|20250311"));
    // Another open date waits for the one open slot, however free history is.
    ask(LA, OPEN);
    await new Promise((r) => setTimeout(r, 200));
    expect(asked()).not.toContain(`la|${OPEN}`);
    gates.get(`ny|${OPEN}`)!();
    await vi.waitFor(() => expect(asked()).toContain(`la|${OPEN}`));
    // History (20250311, still stuck upstream) did not hold the open date back.
    expect(server.requests.filter((r) => r.query.get("businessDate") === "20250311")).toHaveLength(1);
  });
});
