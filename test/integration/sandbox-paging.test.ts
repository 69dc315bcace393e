import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { menuItem, prepStation } from "@/lib/platform/schemas";
import { generateRestaurantConfig } from "@/lib/sandbox/generate";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { accessToken } from "../support/sandbox-login";

/**
 * Paging (4.5) and lastModified (4.3) over real HTTP, against Harbor Street Kitchen's 5000-item
 * menu. The generator itself is the oracle for which objects a lastModified filter keeps.
 */
const world = defaultWorld();
const HARBOR = "c98e3b32-060d-5d78-bec6-0f715bff58b3";
const MESA = "bdf4a898-cff5-51ee-a01a-5f6bebeac94f";
const NEXT = "platform-next-page-token";
const harborWorld = world.restaurants.find((r) => r.guid === HARBOR)!;
const harborConfig = generateRestaurantConfig({ world, restaurant: harborWorld, brand: "Platform" });

let server: SandboxServer;
let smallPages: SandboxServer;
let token: string;

beforeAll(async () => {
  // These tests send raw requests back to back; the rate limits have tests of their own (sandbox-rate-limit).
  // One signing secret for both, so the token below is good at either (the default is random per sandbox).
  const signingSecret = "sandbox-paging-test-signing-secret";
  server = await startSandboxServer({ world, signingSecret, rateLimit: false });
  // Prep stations page at 1000; no world restaurant has that many, so shrink the page to see paging.
  smallPages = await startSandboxServer({
    world,
    signingSecret,
    pageSize: { prepStations: 2 },
    rateLimit: false,
  });
  token = await accessToken(
    server.url,
    world.clients.find((c) => c.clientId === "kp-partner")!,
  );
});
afterAll(async () => {
  await Promise.all([server.close(), smallPages.close()]);
});

function get(base: string, path: string, params: Record<string, string> = {}, restaurant = HARBOR) {
  const query = new URLSearchParams(params).toString();
  return fetch(`${base}${path}${query ? `?${query}` : ""}`, {
    headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": restaurant },
  });
}

/** Follows Platform-Next-Page-Token to the end; returns every page. */
async function allPages<T>(
  base: string,
  path: string,
  schema: z.ZodType<T>,
  params: Record<string, string> = {},
) {
  const pages: T[][] = [];
  let pageToken: string | null = null;
  do {
    const response = await get(base, path, pageToken ? { ...params, pageToken } : params);
    expect(response.status).toBe(200);
    pages.push(z.array(schema).parse(await response.json()));
    pageToken = response.headers.get(NEXT);
    expect(pages.length).toBeLessThan(100);
  } while (pageToken);
  return pages;
}

/** `2026-01-05T15:30:00.123+05:30`: the contract's format, in a zone that is not UTC. */
function formatWithOffset(ms: number, offsetMin = 330): string {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 23);
  const sign = offsetMin >= 0 ? "+" : "-";
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

describe("paging", () => {
  it("pages Harbor's menu items in pages of varying size up to 300, every object exactly once", async () => {
    const pages = await allPages(server.url, "/config/v2/menuItems", menuItem);
    const total = harborConfig.resources.menuItems.length;
    expect(total).toBeGreaterThanOrEqual(5000);
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(total / 300));
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(300);
    for (const page of pages.slice(0, -1)) expect(page.length).toBeGreaterThanOrEqual(150);
    // No client may take a short page for the last one.
    expect(pages.slice(0, -1).some((page) => page.length < 300)).toBe(true);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
    const guids = pages.flat().map((i) => i.guid);
    expect(new Set(guids).size).toBe(total);
    expect(guids).toEqual(harborConfig.resources.menuItems.map((v) => v.entity.guid));
    // The same walk again gives the same pages.
    expect((await allPages(server.url, "/config/v2/menuItems", menuItem)).map((p) => p.length)).toEqual(
      pages.map((p) => p.length),
    );
  });

  it("sends no next-page token when a list fits in one page", async () => {
    const response = await get(server.url, "/config/v2/menus");
    expect(response.status).toBe(200);
    expect(response.headers.get(NEXT)).toBeNull();
  });

  it("pages prep stations up to the configured size", async () => {
    const pages = await allPages(smallPages.url, "/kitchen/v1/published/prepStations", prepStation);
    const all = harborConfig.prepStations.map((v) => v.entity.guid);
    expect(all.length).toBeGreaterThan(2);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(2);
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(all.length / 2));
    expect(pages.flat().map((s) => s.guid)).toEqual(all);
  });

  it("400s a tampered token, and one from another list or restaurant", async () => {
    const first = await get(server.url, "/config/v2/menuItems");
    const pageToken = first.headers.get(NEXT)!;
    expect(pageToken).toBeTruthy();

    const [body, signature] = pageToken.split(".") as [string, string];
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    const edited = `${Buffer.from(JSON.stringify({ ...payload, o: 0 })).toString("base64url")}.${signature}`;
    const cases: [string, Record<string, string>, string][] = [
      ["/config/v2/menuItems", { pageToken: edited }, HARBOR],
      ["/config/v2/menuItems", { pageToken: `${pageToken.slice(0, -3)}abc` }, HARBOR],
      ["/config/v2/menuItems", { pageToken: "garbage" }, HARBOR],
      ["/config/v2/menuGroups", { pageToken }, HARBOR],
      ["/kitchen/v1/published/prepStations", { pageToken }, HARBOR],
      ["/config/v2/menuItems", { pageToken }, MESA],
      ["/config/v2/menuItems", { pageToken, lastModified: "2020-01-01T00:00:00.000+0000" }, HARBOR],
    ];
    for (const [path, params, restaurant] of cases) {
      const response = await get(server.url, path, params, restaurant);
      expect(response.status, `${path} ${JSON.stringify(params)} ${restaurant}`).toBe(400);
      expect((await response.json()).code).toBe(40002);
    }
  });
});

describe("lastModified", () => {
  it("keeps exactly the objects modified strictly after it, across pages", async () => {
    const versions = harborConfig.resources.menuItems;
    const sorted = versions.map((v) => v.modifiedAt).sort((a, b) => a - b);
    // An instant that is some object's modifiedAt, so "strictly after" is put to the test.
    const cutoff = sorted[Math.floor(sorted.length * 0.9)]!;
    const expected = versions.filter((v) => v.modifiedAt > cutoff).map((v) => v.entity.guid);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(versions.length);

    const pages = await allPages(server.url, "/config/v2/menuItems", menuItem, {
      lastModified: formatWithOffset(cutoff),
    });
    expect(pages.flat().map((i) => i.guid)).toEqual(expected);
    // The same instant in the other RFC 3339 spellings filters the same way.
    const utc = await allPages(server.url, "/config/v2/menuItems", menuItem, {
      lastModified: formatWithOffset(cutoff, 0).replace("+00:00", "+0000"),
    });
    expect(utc.flat().map((i) => i.guid)).toEqual(expected);
    const zulu = await allPages(server.url, "/config/v2/menuItems", menuItem, {
      lastModified: new Date(cutoff).toISOString(),
    });
    expect(zulu.flat().map((i) => i.guid)).toEqual(expected);
  });

  it("returns an empty page for an instant after every modification, and everything for one before", async () => {
    const after = await get(server.url, "/config/v2/taxRates", {
      lastModified: "2100-01-01T00:00:00.000+0000",
    });
    expect(await after.json()).toEqual([]);
    expect(after.headers.get(NEXT)).toBeNull();
    const before = await get(server.url, "/config/v2/taxRates", {
      lastModified: "2000-01-01T00:00:00.000-0800",
    });
    expect((await before.json()).length).toBe(harborConfig.resources.taxRates.length);
    const stations = await get(server.url, "/kitchen/v1/published/prepStations", {
      lastModified: "2100-01-01T00:00:00.000+0000",
    });
    expect(await stations.json()).toEqual([]);
  });

  it("400s an unencoded '+', explaining %2B, and other malformed values", async () => {
    const raw = await fetch(`${server.url}/config/v2/menus?lastModified=2026-01-05T10:00:00.000+0000`, {
      headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": HARBOR },
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()).message).toMatch(/%2B/);
    for (const value of ["2026-01-05T10:00:00", "2026-01-05", "2026-02-30T10:00:00.000+0000", "soon"]) {
      const response = await get(server.url, "/config/v2/menus", { lastModified: value });
      expect(response.status, value).toBe(400);
      expect((await response.json()).code).toBe(40003);
    }
    const stations = await get(server.url, "/kitchen/v1/published/prepStations", {
      lastModified: "yesterday",
    });
    expect(stations.status).toBe(400);
  });
});
