import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startFakeProcess, type FakeProcess } from "../support/fake-platform/processes";

/**
 * The instrument of issue 30's acceptance, checked on its own: the fake real service in its own
 * process answers as configured (per-location limits, the refused location, the 409 once, the
 * wrapped, empty and revised exports, the lower date bound, the outage) and counts what it saw.
 */
let fake: FakeProcess;
let token = "";

async function call(route: string, guid: string | null): Promise<Response> {
  return fetch(`${fake.plan.url}${route}`, {
    headers: {
      Authorization: `Bearer ${token}`,
      ...(guid ? { "Platform-Restaurant-External-ID": guid } : {}),
    },
  });
}
const guid = (i: number) => fake.plan.locations[i]!.guid;
const info = (i: number) => call(`/restaurants/v1/restaurants/${guid(i)}`, guid(i));

describe("the fake real service (test/support/fake-platform)", () => {
  beforeAll(async () => {
    fake = await startFakeProcess(
      {
        locations: 4,
        timeScale: 0.01,
        exportDelayMs: [20_000, 20_000],
        configPageSize: 20,
        refusedLocation: 1,
        firstBusinessDate: { location: 2, daysAgo: 20 },
        revised: { location: 0, daysAgo: 1 },
        conflict: { location: 3, resource: "menuItems", times: 1 },
        wrapped: { location: 2, daysAgo: 2 },
        empty: { location: 2, daysAgo: 3 },
      },
      path.join(mkdtempSync(path.join(tmpdir(), "kp-fake-")), "fake.log"),
    );
    const login = await fetch(`${fake.plan.url}/authentication/v1/authentication/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clientId: fake.plan.clientId,
        clientSecret: fake.plan.clientSecret,
        userAccessType: "PLATFORM_MACHINE_CLIENT",
      }),
    });
    token = ((await login.json()) as { token: { accessToken: string } }).token.accessToken;
  }, 90_000);

  afterAll(async () => {
    await fake?.stop();
  });

  it("limits each location to 20 a second on its own, with Retry-After and the rate-limit headers", async () => {
    // 20 at each of two locations all pass (40 in sum); a third location's burst of 45 spans at
    // most two one-second slices, so at least 5 of it are refused and at most 25.
    const [a, b, c] = await Promise.all(
      [0, 2, 3].map((i, k) => Promise.all(Array.from({ length: k === 2 ? 45 : 20 }, () => info(i)))),
    );
    expect([...a!, ...b!].map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const refused = c!.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeLessThanOrEqual(25);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(a![0]!.headers.get("x-platform-ratelimit-remaining")).not.toBeNull();
    // The other tests use these locations: wait out the slice the fake named, as a client would.
    await new Promise((resolve) =>
      setTimeout(resolve, Number(refused[0]!.headers.get("retry-after")) * 1000 + 50),
    );
  });

  it("refuses the refused location everywhere with 403, and only it", async () => {
    expect((await info(1)).status).toBe(403);
    expect(
      (await call(`/kitchen/v1/export/itemFulfillments?businessDate=${fake.plan.revised!.date}`, guid(1)))
        .status,
    ).toBe(403);
    expect((await call("/config/v2/menus", guid(1))).status).toBe(403);
  });

  it("waits the scaled delay before an export, and serves the wrapped, empty and pre-firstBusinessDate exports", async () => {
    const started = Date.now();
    const plain = await call(
      `/kitchen/v1/export/itemFulfillments?businessDate=${fake.plan.revised!.date}`,
      guid(0),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Array.isArray(await plain.json())).toBe(true);
    const wrapped = (await (
      await call(`/kitchen/v1/export/itemFulfillments?businessDate=${fake.plan.wrapped!.date}`, guid(2))
    ).json()) as { data: unknown[] };
    expect(wrapped.data.length).toBeGreaterThan(0);
    const empty = await call(
      `/kitchen/v1/export/itemFulfillments?businessDate=${fake.plan.empty!.date}`,
      guid(2),
    );
    expect([empty.status, await empty.text()]).toEqual([200, ""]);
    const fbd = fake.plan.firstBusinessDate!;
    const infoBody = (await (await info(2)).json()) as { general: { firstBusinessDate: number } };
    expect(String(infoBody.general.firstBusinessDate)).toBe(fbd.date);
    const early = String(Number(fbd.date) - 1);
    expect(
      await (await call(`/kitchen/v1/export/itemFulfillments?businessDate=${early}`, guid(2))).json(),
    ).toEqual([]);
  });

  it("answers 409 once on a second page of the configured list, then pages normally", async () => {
    const first = await call("/config/v2/menuItems", guid(3));
    const next = first.headers.get("platform-next-page-token");
    expect(next).toBeTruthy();
    const second = `/config/v2/menuItems?pageToken=${encodeURIComponent(next!)}`;
    expect((await call(second, guid(3))).status).toBe(409);
    expect((await call(second, guid(3))).status).toBe(200);
  });

  it("changes the revised date's export once revised", async () => {
    const { guid: g, date } = fake.plan.revised!;
    const before = await fake.exportNow(g, date);
    await fake.revise();
    const after = await fake.exportNow(g, date);
    expect(after.length).toBe(before.length + 5);
    expect(after).not.toEqual(before);
    expect(await (await call(`/kitchen/v1/export/itemFulfillments?businessDate=${date}`, g)).json()).toEqual(
      after,
    );
  });

  it("answers 503 or resets connections during the outage, and counts those calls as the outage's", async () => {
    await fake.outage(true, "503");
    expect((await info(0)).status).toBe(503);
    await fake.outage(true, "reset");
    await expect(info(0)).rejects.toThrow();
    await fake.outage(false);
    expect((await info(0)).status).toBe(200);
    const outage = (await fake.calls()).filter((c) => c.outage);
    expect(outage.map((c) => c.status)).toEqual([503, 0]);
  });

  it("counts per location × endpoint × date and per second", async () => {
    const response = await fetch(`${fake.plan.url}/__admin/counts`);
    const counts = (await response.json()) as {
      byKey: Record<string, number>;
      perSecond: { total: number; maxPerLocation: number; rateLimited: number }[];
    };
    const calls = await fake.calls();
    expect(counts.byKey[`${fake.plan.revised!.guid}|export|${fake.plan.revised!.date}`]).toBe(
      calls.filter((c) => c.location === fake.plan.revised!.guid && c.endpoint === "export").length,
    );
    expect(counts.perSecond.reduce((s, r) => s + r.total, 0)).toBe(calls.length);
    expect(counts.perSecond.reduce((s, r) => s + r.rateLimited, 0)).toBe(
      calls.filter((c) => c.status === 429).length,
    );
  });
});
