import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import {
  CONFIG_RESOURCES,
  configResources,
  itemFulfillmentList,
  prepStation,
  restaurantInfo,
  tipWithholding,
} from "@/lib/platform/schemas";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { accessToken } from "../support/sandbox-login";

/**
 * Every endpoint of 4.1-4.4 over real HTTP answers with data the shared schemas accept, and
 * itemFulfillments follows the clock: past dates complete, the open day partial, the future empty.
 */
const world = defaultWorld();
// 13:00 in Boston on Thursday 15 January 2026: business date 20260115 is open at Harbor.
const NOW = Date.UTC(2026, 0, 15, 18, 0, 0);
const HARBOR = "c98e3b32-060d-5d78-bec6-0f715bff58b3";
const MESA = "bdf4a898-cff5-51ee-a01a-5f6bebeac94f";
const PIER9 = "f95d8028-8839-568c-8825-a481d66fbd4b";

let clock = NOW;
let server: SandboxServer;
let token: string;

beforeAll(async () => {
  // A day-long token: one test moves the clock hours ahead.
  // These tests send raw requests back to back; the rate limits have tests of their own (sandbox-rate-limit).
  server = await startSandboxServer({
    world,
    now: () => clock,
    tokenLifetimeS: 86_400,
    rateLimit: false,
    exportLatency: false,
  });
  token = await accessToken(
    server.url,
    world.clients.find((c) => c.clientId === "kp-partner")!,
  );
});
afterEach(() => {
  clock = NOW;
});
afterAll(async () => {
  await server.close();
});

function get(path: string, restaurant: string | null = HARBOR) {
  return fetch(`${server.url}${path}`, {
    headers: {
      Authorization: `Bearer ${token}`,
      ...(restaurant ? { "Platform-Restaurant-External-ID": restaurant } : {}),
    },
  });
}

async function json(path: string, restaurant: string | null = HARBOR): Promise<unknown> {
  const response = await get(path, restaurant);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return response.json();
}

describe("configuration API", () => {
  it.each(CONFIG_RESOURCES)("lists and gets one %s, schema-valid and typed", async (resource) => {
    const { schema, entity } = configResources[resource];
    const list = z.array(schema).parse(await json(`/config/v2/${resource}`, MESA));
    expect(list.length, `${resource} at Mesa Verde`).toBeGreaterThan(0);
    for (const item of list) expect(item.entityType).toBe(entity);
    const first = list[0]!;
    const one = schema.parse(await json(`/config/v2/${resource}/${encodeURIComponent(first.guid)}`, MESA));
    expect(one).toEqual(first);
  });

  it("404s a guid that is not in the list", async () => {
    const response = await get("/config/v2/menus/00000000-0000-5000-8000-000000000000");
    expect(response.status).toBe(404);
    expect((await response.json()).message).toMatch(/No menus object/);
  });

  it("serves tipWithholding as one object", async () => {
    const body = tipWithholding.parse(await json("/config/v2/tipWithholding"));
    expect(body.entityType).toBe("TipWithholding");
  });
});

describe("kitchen API", () => {
  it("lists prep stations and gets each by guid", async () => {
    const list = z.array(prepStation).parse(await json("/kitchen/v1/published/prepStations"));
    expect(list.length).toBeGreaterThan(0);
    for (const station of list) {
      expect(station.entityType).toBe("PrepStation");
      expect(prepStation.parse(await json(`/kitchen/v1/published/prepStations/${station.guid}`))).toEqual(
        station,
      );
    }
    expect((await get("/kitchen/v1/published/prepStations/no-such-station")).status).toBe(404);
  });

  it("exports a past business date of schema-valid fulfillments for the restaurant", async () => {
    const records = itemFulfillmentList.parse(
      await json("/kitchen/v1/export/itemFulfillments?businessDate=20260110"),
    );
    expect(records.length).toBeGreaterThan(100);
    expect(new Set(records.map((r) => r.restaurantGuid))).toEqual(new Set([HARBOR]));
  });

  it("grows the open business date with the clock and returns [] for a future one", async () => {
    const path = "/kitchen/v1/export/itemFulfillments?businessDate=20260115";
    const atOne = itemFulfillmentList.parse(await json(path));
    clock = NOW + 4 * 3600_000;
    const atFive = itemFulfillmentList.parse(await json(path));
    expect(atFive.length).toBeGreaterThan(atOne.length);
    for (const r of atOne) expect(Date.parse(r.ticketFiredAt!)).toBeLessThanOrEqual(NOW);
    expect(await json("/kitchen/v1/export/itemFulfillments?businessDate=20260120")).toEqual([]);
  });

  it("answers 204 with no body for a restaurant on the basic tier", async () => {
    const response = await get("/kitchen/v1/export/itemFulfillments?businessDate=20260110", PIER9);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it.each([
    ["", /required/],
    ["?businessDate=", /required/],
    ["?businessDate=2026-01-10", /YYYYMMDD/],
    ["?businessDate=20260230", /not a calendar date/],
    ["?businessDate=20261301", /not a calendar date/],
  ])("400s businessDate %j", async (query, message) => {
    const response = await get(`/kitchen/v1/export/itemFulfillments${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
  });
});

describe("restaurant information", () => {
  it("returns schema-valid info for every non-archived restaurant the client may see", async () => {
    for (const restaurant of world.restaurants.filter((r) => !r.archived)) {
      const info = restaurantInfo.parse(
        await json(`/restaurants/v1/restaurants/${restaurant.guid}`, restaurant.guid),
      );
      expect(info.guid).toBe(restaurant.guid);
      expect(info.general?.name).toBe(restaurant.name);
      expect(info.general?.timeZone).toBe(restaurant.timeZone);
      expect(info.general?.archived).toBe(false);
    }
  });
});
