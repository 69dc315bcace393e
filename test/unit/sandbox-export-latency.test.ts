import { describe, expect, it } from "vitest";

import { createSandbox } from "@/lib/sandbox";
import { parseFault } from "@/lib/sandbox/faults";
import { exportLatencyMs } from "@/lib/sandbox/handlers/kitchen";
import { DEFAULT_EXPORT_LATENCY, type SandboxOptions } from "@/lib/sandbox/options";
import { defaultWorld } from "@/lib/sandbox/world";

import { accessToken } from "../support/sandbox-login";

/** The export waits before its first byte, by record count, unless turned off; `slow` reaches past a minute. */
const world = defaultWorld();
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const mesa = world.restaurants.find((r) => r.name === "Mesa Verde Cantina")!;
const NOW = Date.UTC(2026, 0, 15, 18, 0, 0);
const BASE = "http://sandbox.test";

async function exportTimed(options: SandboxOptions, signal?: AbortSignal) {
  const sandbox = createSandbox({ world, now: () => NOW, rateLimit: false, ...options });
  const token = await accessToken(BASE, partner, sandbox);
  const request = () =>
    sandbox(
      new Request(`${BASE}/kitchen/v1/export/itemFulfillments?businessDate=20260110`, {
        headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": mesa.guid },
        signal,
      }),
    );
  await request(); // generate and cache the day, so the timing below is the latency alone
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

describe("export latency", () => {
  it("grows with the day's records, up to the cap", () => {
    expect(exportLatencyMs(DEFAULT_EXPORT_LATENCY, 0)).toBe(DEFAULT_EXPORT_LATENCY.baseMs);
    expect(exportLatencyMs(DEFAULT_EXPORT_LATENCY, 7000)).toBeGreaterThan(5000);
    expect(exportLatencyMs(DEFAULT_EXPORT_LATENCY, 10_000_000)).toBe(DEFAULT_EXPORT_LATENCY.maxMs);
    expect(exportLatencyMs({ baseMs: 100, perRecordMs: 0.5, maxMs: 1000 }, 600)).toBe(400);
    expect(exportLatencyMs(null, 7000)).toBe(0);
  });

  it("holds the export back before answering, and not at all when off", async () => {
    const slow = await exportTimed({ exportLatency: { baseMs: 400, perRecordMs: 0 } });
    expect(slow.response.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(390);
    const records = (await slow.response.json()) as unknown[];
    expect(records.length).toBeGreaterThan(100);

    const fast = await exportTimed({ exportLatency: false });
    expect(fast.ms).toBeLessThan(300);
    expect(((await fast.response.json()) as unknown[]).length).toBe(records.length);
  });

  it("stops waiting when the caller goes away", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 600);
    const started = performance.now();
    await exportTimed({ exportLatency: { baseMs: 20_000, perRecordMs: 0 } }, controller.signal).catch(
      () => undefined,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("slow fault", () => {
  it("waits past a minute when asked, up to ten", () => {
    expect(parseFault("slow=90000")).toEqual({ kind: "slow", ms: 90_000 });
    expect(parseFault("slow=600000")).toEqual({ kind: "slow", ms: 600_000 });
    expect(() => parseFault("slow=600001")).toThrow(/at most 600000/);
  });
});
