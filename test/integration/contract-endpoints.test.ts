import { describe, expect, it } from "vitest";

import { CONFIG_RESOURCES, configResources } from "@/lib/platform/schemas";
import { startSandboxServer } from "@/lib/sandbox/node-server";

import {
  clientFor,
  FAST_SANDBOX,
  HARBOR,
  LOGIN_PATH,
  MESA,
  OLD_TOWN,
  PAST_DATE,
  sandboxForFile,
  wire,
} from "./contract-harness";

/** Every endpoint of the contract, driven through the client against the sandbox over HTTP. */
const server = sandboxForFile();

describe("login", () => {
  it("logs in with the machine-client access type and uses the token on the first request", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    const info = await client.restaurants.get(MESA);
    expect(info.guid).toBe(MESA);
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${LOGIN_PATH}`,
      `GET /restaurants/v1/restaurants/${MESA}`,
    ]);
    expect(client.stats()).toEqual({ logins: 1, requests: 2 });
  });

  it("speaks the brand's header names when the service is branded", async () => {
    const branded = await startSandboxServer({ ...FAST_SANDBOX, port: 0, brand: "Acme" });
    try {
      const client = clientFor(branded.url, "kp-partner", { brand: "Acme" });
      const pages = [];
      for await (const page of client.config.pages("menuItems", HARBOR)) pages.push(page);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect((await client.kitchen.itemFulfillments(HARBOR, PAST_DATE)).kind).toBe("data");
    } finally {
      await branded.close();
    }
  });
});

describe("kitchen", () => {
  it("exports the item fulfillments of one business date of one restaurant", async () => {
    const client = clientFor(server.url);
    const result = await client.kitchen.itemFulfillments(HARBOR, PAST_DATE);
    expect(result.kind).toBe("data");
    if (result.kind !== "data") return;
    expect(result.records.length).toBeGreaterThan(0);
    expect(new Set(result.records.map((r) => r.restaurantGuid))).toEqual(new Set([HARBOR]));
    expect(result.records.every((r) => [0, 1, 2].includes(r.itemFulfillmentLevel ?? -1))).toBe(true);
  });

  it("lists prep stations and reads each one by GUID", async () => {
    const client = clientFor(server.url);
    const stations = await client.kitchen.prepStations(HARBOR);
    expect(stations.length).toBeGreaterThan(0);
    expect(stations.every((s) => s.entityType === "PrepStation")).toBe(true);
    for (const station of stations.slice(0, 3)) {
      expect(await client.kitchen.prepStation(HARBOR, station.guid)).toEqual(station);
    }
  });
});

describe("configuration", () => {
  it.each(CONFIG_RESOURCES)("lists %s and reads one of them by GUID", async (resource) => {
    const client = clientFor(server.url);
    const list = await client.config.list(resource, MESA);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.entityType === configResources[resource].entity)).toBe(true);
    expect(new Set(list.map((e) => e.guid)).size).toBe(list.length);
    const sample = list[Math.floor(list.length / 2)]!;
    expect(await client.config.get(resource, MESA, sample.guid)).toEqual(sample);
  });

  it("reads the tip withholding setting", async () => {
    const client = clientFor(server.url);
    const tip = await client.config.tipWithholding(MESA);
    expect(tip.entityType).toBe("TipWithholding");
    expect(typeof tip.enabled === "boolean" || tip.enabled == null).toBe(true);
  });

  it("pages through 5000 menu items in pages of up to 300, one request per page, never taking a short page for the last", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    const sizes: number[] = [];
    const guids = new Set<string>();
    for await (const page of client.config.pages("menuItems", HARBOR)) {
      sizes.push(page.length);
      for (const item of page) guids.add(item.guid);
    }
    expect(sizes.length).toBeGreaterThanOrEqual(17);
    // The sandbox, like the real service, sends pages short of the limit before the last one.
    expect(sizes.every((n) => n <= 300)).toBe(true);
    expect(sizes.slice(0, -1).some((n) => n < 300)).toBe(true);
    expect(sizes.at(-1)).toBeGreaterThan(0);
    expect(guids.size).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(guids.size).toBeGreaterThanOrEqual(5000);
    const listCalls = net.requestsTo("/config/v2/menuItems");
    expect(listCalls).toHaveLength(sizes.length);
    expect(listCalls[0]!.query.has("pageToken")).toBe(false);
    expect(listCalls.slice(1).every((c) => c.query.get("pageToken"))).toBe(true);
  });

  it("stops fetching when the consumer stops reading pages", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    let pages = 0;
    for await (const page of client.config.pages("menuItems", HARBOR)) {
      expect(page.length).toBeGreaterThan(0);
      if (++pages === 2) break;
    }
    expect(net.requestsTo("/config/v2/menuItems")).toHaveLength(2);
  });

  it("returns only objects modified after lastModified, sent with '+' as %2B", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    const all = await client.config.list("menuItems", MESA);
    const none = await client.config.list("menuItems", MESA, {
      lastModified: new Date("2999-01-01T00:00:00Z"),
    });
    const sinceEpoch = await client.config.list("menuItems", MESA, { lastModified: new Date(0) });
    expect(none).toEqual([]);
    expect(sinceEpoch).toHaveLength(all.length);

    // Some instant between the oldest and newest change splits the list into a strict subset.
    let subset: number | undefined;
    for (const year of [2019, 2020, 2021, 2022, 2023, 2024, 2025]) {
      const n = (
        await client.config.list("menuItems", MESA, { lastModified: new Date(`${year}-06-01T00:00:00.000Z`) })
      ).length;
      if (n > 0 && n < all.length) subset = n;
    }
    expect(subset).toBeDefined();

    const sent = net
      .requestsTo("/config/v2/menuItems")
      .map((c) => c.rawQuery)
      .filter((q) => q.includes("lastModified"));
    expect(sent[0]).toBe("lastModified=2999-01-01T00%3A00%3A00.000%2B0000");
  });
});

describe("restaurant information", () => {
  it("reads a restaurant's general information", async () => {
    const client = clientFor(server.url);
    const info = await client.restaurants.get(HARBOR);
    expect(info.guid).toBe(HARBOR);
    expect(info.general?.name).toBe("Harbor Street Kitchen");
    expect(info.general?.archived).toBe(false);
  });

  it("reads an archived restaurant only with includeArchived", async () => {
    const client = clientFor(server.url);
    const info = await client.restaurants.get(OLD_TOWN, { includeArchived: true });
    expect(info.general?.archived).toBe(true);
  });
});
