import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loginResponse } from "@/lib/platform/schemas";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

/** Faults on demand (header Sandbox-Fault) and at random (faultRate), over real HTTP. */
const world = defaultWorld();
const HARBOR = "c98e3b32-060d-5d78-bec6-0f715bff58b3";
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const loginBody = JSON.stringify({
  clientId: partner.clientId,
  clientSecret: partner.clientSecret,
  userAccessType: "PLATFORM_MACHINE_CLIENT",
});

// One secret for every sandbox here, so the token of the first is good at the others (the default is random per sandbox).
const signingSecret = "sandbox-faults-test-signing-secret";
let server: SandboxServer;
let token: string;

async function login(base: string, fault?: string) {
  return fetch(`${base}/authentication/v1/authentication/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(fault ? { "Sandbox-Fault": fault } : {}) },
    body: loginBody,
  });
}

beforeAll(async () => {
  // These tests send raw requests back to back; the rate limits have tests of their own (sandbox-rate-limit).
  server = await startSandboxServer({
    world,
    signingSecret,
    hangMs: 1_500,
    rateLimit: false,
    exportLatency: false,
    faultHeaders: true,
  });
  token = loginResponse.parse(await (await login(server.url)).json()).token.accessToken;
});
afterAll(async () => {
  await server.close();
});

function get(path: string, fault?: string, init: RequestInit = {}, base = server.url) {
  return fetch(`${base}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      "Platform-Restaurant-External-ID": HARBOR,
      ...(fault ? { "Sandbox-Fault": fault } : {}),
    },
  });
}

const MENUS = "/config/v2/menus";

describe("Sandbox-Fault", () => {
  it("409 refuses a follow-up page as if the configuration had been republished, and leaves a first page alone", async () => {
    const first = await get("/config/v2/menuItems", "409");
    expect(first.status).toBe(200);
    const next = first.headers.get("platform-next-page-token");
    expect(next).toBeTruthy();
    const followUp = await get(`/config/v2/menuItems?pageToken=${encodeURIComponent(next!)}`, "409");
    expect(followUp.status).toBe(409);
    expect(await followUp.json()).toMatchObject({
      status: 409,
      code: 40900,
      message: expect.stringMatching(/republished while paging; re-submit .* without the pageToken/),
    });
    // Without the header the same token still pages on.
    expect((await get(`/config/v2/menuItems?pageToken=${encodeURIComponent(next!)}`)).status).toBe(200);
  });

  it.each([
    ["429", 429, 42900, "1"],
    ["429=7", 429, 42900, "7"],
    ["500", 500, 50000, null],
    ["503", 503, 50300, null],
    ["503=3", 503, 50300, "3"],
    ["401", 401, 40102, null],
  ])("%s answers %i with the JSON error shape", async (fault, status, code, retryAfter) => {
    const response = await get(MENUS, fault);
    expect(response.status).toBe(status);
    expect(response.headers.get("retry-after")).toBe(retryAfter);
    const body = await response.json();
    expect(body).toMatchObject({ status, code, message: expect.stringContaining("Injected fault") });
    expect(body.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("applies to login too, before credentials are looked at", async () => {
    const response = await login(server.url, "503");
    expect(response.status).toBe(503);
  });

  it("truncated: 200 with the normal body cut off half-way", async () => {
    const full = await (await get(MENUS)).text();
    const response = await get(MENUS, "truncated");
    expect(response.status).toBe(200);
    const cut = await response.text();
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(full.length);
    expect(full.startsWith(cut)).toBe(true);
    expect(() => JSON.parse(cut)).toThrow();
  });

  it("slow=<ms>: the normal answer, not before the delay", async () => {
    const started = performance.now();
    const response = await get(MENUS, "slow=300");
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await response.text()).toBe(await (await get(MENUS)).text());
  });

  it("timeout: no answer while the caller waits, and the request ends when the caller gives up", async () => {
    const started = performance.now();
    await expect(get(MENUS, "timeout", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    // The disconnect reaches the handler: the request leaves long before hangMs (1.5 s) would end it.
    for (let i = 0; i < 50 && server.inFlight() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.inFlight()).toBe(0);
  });

  it("timeout: a caller that outwaits the bound gets a 504", async () => {
    const response = await get(MENUS, "timeout");
    expect(response.status).toBe(504);
    expect((await response.json()).code).toBe(50400);
  });

  it("400s an unknown fault value and ignores faults on unknown paths", async () => {
    const bad = await get(MENUS, "teapot");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/slow=<ms>/);
    expect((await get("/config/v2/nothing", "500")).status).toBe(404);
  });
});

describe("Sandbox-Fault without faultHeaders (the default)", () => {
  it("is ignored: no injected status, no hold, not even a 400 for a bad value", async () => {
    const plain = await startSandboxServer({ world, signingSecret, rateLimit: false, exportLatency: false });
    try {
      for (const fault of ["429=9999", "503=9999", "500", "401", "slow=120000", "timeout", "teapot"]) {
        const response = await get(MENUS, fault, {}, plain.url);
        expect(response.status, fault).toBe(200);
        expect(response.headers.get("retry-after"), fault).toBeNull();
      }
      expect((await login(plain.url, "429=9999")).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe("random faults", () => {
  it("at rate 1 every request fails with a retryable status; at rate 0 none does", async () => {
    const always = await startSandboxServer({ world, signingSecret, faultRate: 1, rateLimit: false });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 30; i++) statuses.add((await get(MENUS, undefined, {}, always.url)).status);
      expect([...statuses].every((s) => s === 429 || s === 500 || s === 503)).toBe(true);
      expect(statuses.size).toBeGreaterThan(1);
      expect((await login(always.url)).status).not.toBe(200);
    } finally {
      await always.close();
    }
    for (let i = 0; i < 20; i++) expect((await get(MENUS)).status).toBe(200);
  });

  it("at rate 0.5 some requests fail and some succeed", async () => {
    const half = await startSandboxServer({ world, signingSecret, faultRate: 0.5, rateLimit: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await get(MENUS, undefined, {}, half.url)).status);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(5);
      expect(statuses.filter((s) => s !== 200).length).toBeGreaterThan(5);
    } finally {
      await half.close();
    }
  });
});
