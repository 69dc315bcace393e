import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PlatformForbiddenError } from "@/lib/platform";
import { discoveryReport, runDiscovery } from "@/lib/restaurants/discovery";
import type { DiscoveryReportLocation } from "@/lib/restaurants/discovery-contract";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { UNADDED_LOCATION, withUnaddedLocation } from "@/lib/sandbox/unadded-location";
import { defaultWorld } from "@/lib/sandbox/world";

import { clientFor, FAST_SANDBOX, HARBOR, MESA, PIER9, wire } from "./contract-harness";
import { openTestDatabase, type TestDatabase } from "./kitchen-harness";

/**
 * Discovery over real HTTP against the sandbox (the partners and management group listings as the
 * published definitions describe them), stored in a real PGlite: the states of each location, a
 * location that loses access, and a failed listing recorded without touching what was found.
 */

// The world the sandbox serves, kept here so a test can take a grant away while it runs.
const world = withUnaddedLocation(structuredClone(defaultWorld()));
const HARBOR_GROUP = "fb6c4a43-9c77-5150-99b4-3d950db53634";
// The demo deployment's added restaurants: the accounts file's six, in its order.
const ADDED = defaultWorld().restaurants.map((r) => r.guid);
const RIVERSIDE = UNADDED_LOCATION.guid;

let sandbox: SandboxServer;
beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0, world });
});
afterAll(async () => {
  await sandbox?.close();
});

const stateOf = (locations: DiscoveryReportLocation[], guid: string) =>
  locations.find((l) => l.guid === guid);

describe("the listings in the client, against the sandbox", () => {
  it("a partner client is told PARTNER and lists every location that granted it access, with names", async () => {
    const client = clientFor(sandbox.url, "kp-partner");
    expect(await client.clientIdentity()).toMatchObject({ type: "PARTNER", managementGroupGuid: null });
    const listed = await client.partners.restaurants();
    expect(listed.map((r) => r.restaurantGuid).sort()).toEqual([...ADDED, RIVERSIDE].sort());
    const pier = listed.find((r) => r.restaurantGuid === PIER9)!;
    expect(pier).toMatchObject({ restaurantName: "Pier 9 Pizza", locationName: "Fisherman's Wharf" });
    expect(pier.managementGroupGuid).not.toBe(HARBOR_GROUP);
  });

  it("lastModified keeps only the connections created or edited after it", async () => {
    const listed = await clientFor(sandbox.url, "kp-partner").partners.restaurants({
      lastModified: new Date("2021-06-01T00:00:00Z"),
    });
    // Connections dated by each location's first business date: Northside 2021, Pier 9 2022, Riverside 2024.
    expect(listed.map((r) => r.restaurantName).sort()).toEqual([
      "Northside Noodle Bar",
      "Pier 9 Pizza",
      "Riverside Bistro",
    ]);
  });

  it("a management group client is told CUSTOMER with its group, and lists the group's GUIDs", async () => {
    const client = clientFor(sandbox.url, "kp-harbor-group");
    expect(await client.clientIdentity()).toMatchObject({
      type: "CUSTOMER",
      managementGroupGuid: HARBOR_GROUP,
    });
    const guids = (await client.restaurants.inGroup(HARBOR_GROUP, HARBOR)).map((r) => r.guid);
    expect(guids.sort()).toEqual([...ADDED.filter((g) => g !== PIER9), RIVERSIDE].sort());
  });

  it("refuses the partners API to a management group client (403), and the group listing without its header", async () => {
    const group = clientFor(sandbox.url, "kp-harbor-group", { maxRetries: 0 });
    await expect(group.partners.restaurants()).rejects.toBeInstanceOf(PlatformForbiddenError);
    await expect(group.restaurants.inGroup(HARBOR_GROUP, undefined)).rejects.toMatchObject({ status: 400 });
    // A header naming a location the client does not reach.
    await expect(group.restaurants.inGroup(HARBOR_GROUP, PIER9)).rejects.toMatchObject({ status: 403 });
  });
});

describe("runDiscovery and discoveryReport", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("before any listing, every added restaurant is 'unknown'", async () => {
    const report = await discoveryReport(t.db, ADDED);
    expect(report.lastSuccess).toBeNull();
    expect(new Set(report.locations.map((l) => l.state))).toEqual(new Set(["unknown"]));
  });

  it("a partner's listing: the added ones accessible, the unadded one shown to add, since when first seen", async () => {
    const at = Date.parse("2025-03-20T10:00:00Z");
    const outcome = await runDiscovery(t.db, clientFor(sandbox.url, "kp-partner"), ADDED, () => at);
    expect(outcome).toEqual({ ok: true, clientType: "PARTNER", locations: 7 });
    const report = await discoveryReport(t.db, ADDED);
    expect(report.clientType).toBe("PARTNER");
    expect(report.lastSuccess).toBe(new Date(at).toISOString());
    expect(stateOf(report.locations, RIVERSIDE)).toMatchObject({
      name: "Riverside Bistro",
      locationName: "Riverside",
      state: "accessible-not-added",
      added: false,
      since: new Date(at).toISOString(),
    });
    for (const guid of ADDED) expect(stateOf(report.locations, guid)?.state).toBe("added-accessible");
    // Added first, then the one to add.
    expect(report.locations.at(-1)!.guid).toBe(RIVERSIDE);
  });

  it("a location that loses access shows as added-not-accessible from the listing that missed it", async () => {
    const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
    const granted = partner.restaurants;
    partner.restaurants = granted.filter((g) => g !== MESA);
    try {
      const at = Date.parse("2025-03-21T10:00:00Z");
      expect((await runDiscovery(t.db, clientFor(sandbox.url, "kp-partner"), ADDED, () => at)).ok).toBe(true);
      const report = await discoveryReport(t.db, ADDED);
      expect(stateOf(report.locations, MESA)).toMatchObject({
        name: "Mesa Verde Cantina",
        state: "added-not-accessible",
        since: new Date(at).toISOString(),
        lastSeen: "2025-03-20T10:00:00.000Z",
      });
      // The others keep their first-seen date.
      expect(stateOf(report.locations, HARBOR)?.since).toBe("2025-03-20T10:00:00.000Z");
    } finally {
      partner.restaurants = granted;
    }
    // Granted again: accessible from the next listing.
    await runDiscovery(t.db, clientFor(sandbox.url, "kp-partner"), ADDED, () =>
      Date.parse("2025-03-22T10:00:00Z"),
    );
    expect(stateOf((await discoveryReport(t.db, ADDED)).locations, MESA)?.state).toBe("added-accessible");
  });

  it("a failed listing is recorded with its error and when, and leaves the found locations as they were", async () => {
    const before = await discoveryReport(t.db, ADDED);
    const faults = wire([{ match: "/partners/v1/restaurants", fault: "500", times: Infinity }]);
    const client = clientFor(sandbox.url, "kp-partner", { fetch: faults.fetch, maxRetries: 0 });
    const at = Date.parse("2025-03-23T10:00:00Z");
    const outcome = await runDiscovery(t.db, client, ADDED, () => at);
    expect(outcome.ok).toBe(false);
    const report = await discoveryReport(t.db, ADDED);
    expect(report.lastError?.at).toBe(new Date(at).toISOString());
    expect(report.lastError?.message).toMatch(/partners\/v1\/restaurants/);
    expect(report.lastAttempt).toBe(new Date(at).toISOString());
    expect(report.lastSuccess).toBe(before.lastSuccess);
    expect(report.locations).toEqual(before.locations);
  });
});

describe("a management group client's discovery", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("names the group's locations from their information; an added one outside the group is not accessible", async () => {
    const faults = wire();
    const client = clientFor(sandbox.url, "kp-harbor-group", { fetch: faults.fetch });
    // Pier 9 first: the header falls to the next added restaurant when the first is refused.
    const added = [PIER9, ...ADDED.filter((g) => g !== PIER9)];
    const at = Date.parse("2025-03-20T10:00:00Z");
    expect(await runDiscovery(t.db, client, added, () => at)).toEqual({
      ok: true,
      clientType: "CUSTOMER",
      locations: 6,
    });
    const report = await discoveryReport(t.db, added);
    expect(stateOf(report.locations, RIVERSIDE)).toMatchObject({
      name: "Riverside Bistro",
      locationName: "Riverside",
      managementGroupGuid: HARBOR_GROUP,
      state: "accessible-not-added",
    });
    expect(stateOf(report.locations, HARBOR)).toMatchObject({
      name: "Harbor Street Kitchen",
      state: "added-accessible",
    });
    // Never listed by this credential: not accessible, since no known date.
    expect(stateOf(report.locations, PIER9)).toMatchObject({
      state: "added-not-accessible",
      since: null,
      name: null,
    });
    // Names read once: a second listing reads no restaurant information again.
    const infoReads = () =>
      faults.requestsTo("").filter((c) => c.path.includes("/restaurants/v1/restaurants/")).length;
    const first = infoReads();
    expect(first).toBe(6);
    await runDiscovery(t.db, client, added, () => at + 86_400_000);
    expect(infoReads()).toBe(first);
  });
});

describe("a partners listing that comes in pages", () => {
  let server: Server;
  let url: string;
  const seen: string[] = [];
  beforeAll(async () => {
    const token = await new SignJWT({ "https://p.test/type": "PARTNER", scope: "" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a-secret-of-sixteen-plus"));
    const entry = (n: number) => ({ restaurantGuid: `guid-${n}`, restaurantName: `R${n}`, unknownField: n });
    server = createServer((req, res) => {
      const u = new URL(req.url ?? "/", "http://x");
      res.setHeader("Content-Type", "application/json");
      if (u.pathname.endsWith("/login")) {
        res.end(JSON.stringify({ status: "SUCCESS", token: { accessToken: token, expiresIn: 3600 } }));
        return;
      }
      const pageToken = u.searchParams.get("pageToken");
      seen.push(pageToken ?? "");
      if (!pageToken) {
        // The PaginatedResponse wrapper (as connectedRestaurants answers), a next token in the body.
        res.end(
          JSON.stringify({
            currentPageNum: 1,
            results: [entry(1), entry(2)],
            nextPageToken: "p2",
            nextPageNum: 2,
          }),
        );
      } else if (pageToken === "p2") {
        // A bare page whose next token comes in the brand's header.
        res.setHeader("Platform-Next-Page-Token", "p3");
        res.end(JSON.stringify([entry(3)]));
      } else {
        res.end(JSON.stringify({ results: [entry(4)], nextPageToken: null, nextPageNum: null }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("follows the body's nextPageToken and the Next-Page-Token header to the last page", async () => {
    const client = clientFor(url, "kp-partner");
    const listed = await client.partners.restaurants();
    expect(listed.map((r) => r.restaurantGuid)).toEqual(["guid-1", "guid-2", "guid-3", "guid-4"]);
    expect(seen).toEqual(["", "p2", "p3"]);
  });
});
