import { describe, expect, it } from "vitest";

import { createSandbox } from "@/lib/sandbox";
import { defaultWorld } from "@/lib/sandbox/world";

import { loginRequest } from "../support/sandbox-login";

/**
 * The real service's documented limits: 20 a second and 10,000 per 15 minutes per client and
 * restaurant (per address without the restaurant header), reported on every response.
 */
const world = defaultWorld();
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const [harbor, mesa] = world.restaurants as [
  (typeof world.restaurants)[number],
  (typeof world.restaurants)[number],
];
const BASE = "http://sandbox.test";

function setup(rateLimit?: { perSecond?: number; per15Minutes?: number }) {
  const clock = { now: Date.UTC(2026, 0, 15, 18, 0, 0, 0) };
  const sandbox = createSandbox({ world, rateLimit: { ...rateLimit, now: () => clock.now } });
  let token = "";
  const login = async () => {
    const response = await sandbox(loginRequest(BASE, partner, { "X-Forwarded-For": "203.0.113.7" }));
    if (response.ok)
      token = ((await response.clone().json()) as { token: { accessToken: string } }).token.accessToken;
    return response;
  };
  const get = (restaurant: string, path = "/config/v2/diningOptions") =>
    sandbox(
      new Request(`${BASE}${path}`, {
        headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": restaurant },
      }),
    );
  return { sandbox, clock, login, get };
}

describe("rate limiting", () => {
  it("allows 20 requests in a second for a restaurant, refuses the 21st with Retry-After, and reports on every response", async () => {
    const { clock, login, get } = setup();
    await login();
    clock.now += 100; // 18:00:00.100: the slice ends at 18:00:01
    const remaining: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await get(harbor.guid);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-platform-ratelimit-by")).toBe("GLOBAL");
      expect(response.headers.get("x-platform-ratelimit-reset")).toBe(String(clock.now / 1000 + 0.9));
      expect(response.headers.get("retry-after")).toBeNull();
      remaining.push(response.headers.get("x-platform-ratelimit-remaining")!);
    }
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => String(19 - i)));

    const refused = await get(harbor.guid);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-platform-ratelimit-remaining")).toBe("0");
    const body = (await refused.json()) as { status: number; code: number; errors: unknown[] };
    expect(body).toMatchObject({ status: 429, code: 42900, errors: [] });

    // Another restaurant has its own budget; the next second restores this one.
    expect((await get(mesa.guid)).status).toBe(200);
    clock.now += 900;
    expect((await get(harbor.guid)).status).toBe(200);
  });

  it("keeps a 15-minute budget, reported once it is the tighter one, with Retry-After up to the slice's end", async () => {
    const { clock, login, get } = setup({ perSecond: 1000, per15Minutes: 30 });
    await login();
    const sliceStart = Math.floor(clock.now / 900_000) * 900_000;
    for (let i = 0; i < 30; i++) expect((await get(harbor.guid)).status).toBe(200);
    clock.now += 60_000;
    const refused = await get(harbor.guid);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-platform-ratelimit-reset")).toBe(String((sliceStart + 900_000) / 1000));
    expect(Number(refused.headers.get("retry-after"))).toBe((sliceStart + 900_000 - clock.now) / 1000);
    clock.now = sliceStart + 900_000;
    expect((await get(harbor.guid)).status).toBe(200);
  });

  it("counts requests without the restaurant header (login) per caller address, and reports on errors too", async () => {
    const { login, sandbox } = setup({ perSecond: 3 });
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(200);
    const refused = await login();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    // A 404 from another address still carries the report.
    const missing = await sandbox(
      new Request(`${BASE}/nowhere`, { headers: { "X-Forwarded-For": "198.51.100.1" } }),
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-platform-ratelimit-remaining")).toBe("2");
  });

  it("names the headers after the brand, and sends none when turned off", async () => {
    const branded = createSandbox({ world, brand: "Acme" });
    const response = await branded(new Request(`${BASE}/nowhere`));
    expect(response.headers.get("x-acme-ratelimit-remaining")).not.toBeNull();
    expect(response.headers.get("x-acme-ratelimit-reset")).toMatch(/^\d+$/);

    const off = createSandbox({ world, rateLimit: false });
    for (let i = 0; i < 30; i++) {
      const r = await off(new Request(`${BASE}/nowhere`));
      expect(r.status).toBe(404);
      expect(r.headers.get("x-platform-ratelimit-remaining")).toBeNull();
    }
  });
});
