import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { exportLatencyMs } from "@/lib/sandbox/handlers/kitchen";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { DEFAULT_EXPORT_LATENCY } from "@/lib/sandbox/options";
import { defaultWorld } from "@/lib/sandbox/world";

import { accessToken, loginRequest } from "../support/sandbox-login";

/**
 * The sandbox's defaults where the contract is silent, over real HTTP: rate limits with their
 * headers, day-long reused tokens, exports that wait and carry duplicates and station-less
 * expediter rows, and restaurant schedules keyed by id.
 */
const world = defaultWorld();
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const byName = (name: string) => world.restaurants.find((r) => r.name === name)!;
const HARBOR = byName("Harbor Street Kitchen").guid;
const MESA = byName("Mesa Verde Cantina").guid;
const LAKESIDE = byName("Lakeside Diner").guid;

let server: SandboxServer;
/** The default limits on a clock that stands still, so a burst surely lands in one slice. */
let frozenSlice: SandboxServer;

beforeAll(async () => {
  // One signing secret for both, so the token of the first is good at the second (the default is random per sandbox).
  const signingSecret = "sandbox-realistic-test-signing-secret";
  server = await startSandboxServer({ port: 0, world, signingSecret });
  const instant = Date.now();
  frozenSlice = await startSandboxServer({
    port: 0,
    world,
    signingSecret,
    rateLimit: { now: () => instant },
  });
});
afterAll(async () => {
  await Promise.all([server.close(), frozenSlice.close()]);
});

async function login(): Promise<Response> {
  return fetch(loginRequest(server.url, partner));
}

async function token(): Promise<string> {
  return accessToken(server.url, partner);
}

async function get(path: string, restaurant: string, accessToken: string, base = server.url) {
  return fetch(`${base}${path}`, {
    headers: { Authorization: `Bearer ${accessToken}`, "Platform-Restaurant-External-ID": restaurant },
  });
}

describe("the sandbox's realistic defaults", () => {
  it("logs in for a day, hands the same token out again, and forbids caching it", async () => {
    const first = await login();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("x-platform-ratelimit-remaining")).toMatch(/^\d+$/);
    const a = ((await first.json()) as { token: { accessToken: string; expiresIn: number } }).token;
    const b = ((await (await login()).json()) as { token: { accessToken: string; expiresIn: number } }).token;
    expect(b.accessToken).toBe(a.accessToken);
    expect(a.expiresIn).toBeGreaterThan(86_390);
    expect(b.expiresIn).toBeLessThanOrEqual(a.expiresIn);
  });

  it("refuses a burst past 20 a second for one restaurant with 429 and Retry-After, and not another restaurant", async () => {
    const accessToken = await token(); // tokens of one signing secret are good on both servers
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        get("/config/v2/diningOptions", LAKESIDE, accessToken, frozenSlice.url),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const response of burst) {
      expect(response.headers.get("x-platform-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(response.headers.get("x-platform-ratelimit-reset")).toMatch(/^\d+$/);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(await response.json()).toMatchObject({
          status: 429,
          code: 42900,
          messageKey: null,
          errors: [],
          canRetry: null,
        });
      } else {
        await response.arrayBuffer();
      }
    }
    expect((await get("/config/v2/diningOptions", MESA, accessToken, frozenSlice.url)).status).toBe(200);
  });

  it("waits before the first byte of an export by its size, and sends duplicates and station-less expediter rows", async () => {
    const accessToken = await token();
    const started = performance.now();
    const response = await get(
      "/kitchen/v1/export/itemFulfillments?businessDate=20260110",
      MESA,
      accessToken,
    );
    const waited = performance.now() - started;
    expect(response.status).toBe(200);
    const text = await response.text();
    const records = JSON.parse(text) as Record<string, unknown>[];
    expect(waited).toBeGreaterThanOrEqual(exportLatencyMs(DEFAULT_EXPORT_LATENCY, records.length) - 50);
    expect(waited).toBeGreaterThan(1000);

    const json = records.map((r) => JSON.stringify(r));
    expect(new Set(json).size).toBeLessThan(records.length);
    const expo = records.filter((r) => r.itemFulfillmentLevel === 1 || r.itemFulfillmentLevel === 2);
    expect(expo.some((r) => r.prepStationGuid == null)).toBe(true);
    expect(expo.some((r) => typeof r.prepStationGuid === "string")).toBe(true);
  }, 30_000);

  it("sends schedules keyed by id, a closed weekday as null, and needs the restaurant header for it", async () => {
    const accessToken = await token();
    const response = await get(`/restaurants/v1/restaurants/${MESA}`, MESA, accessToken);
    expect(response.status).toBe(200);
    const info = (await response.json()) as {
      general: { closeoutHour: number };
      schedules: { daySchedules: Record<string, unknown>; weekSchedule: Record<string, string | null> };
    };
    expect(info.schedules.daySchedules).not.toHaveProperty("identifier");
    expect(Object.values(info.schedules.weekSchedule)).toContain(null);
    for (const id of Object.values(info.schedules.weekSchedule))
      if (id) expect(info.schedules.daySchedules).toHaveProperty(id);
    expect(info.general.closeoutHour).toBeGreaterThanOrEqual(0);
    expect(info.general.closeoutHour).toBeLessThanOrEqual(12);

    const headerless = await fetch(`${server.url}/restaurants/v1/restaurants/${HARBOR}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(headerless.status).toBe(400);
  });
});
