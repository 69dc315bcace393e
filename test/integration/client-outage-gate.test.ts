import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PlatformUpstreamError } from "@/lib/platform";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import {
  clientFor,
  FAST_SANDBOX,
  HARBOR,
  MESA,
  PIER9,
  recordingSleep,
  UNKNOWN_GUID,
  wire,
} from "./contract-harness";

/**
 * The client's outage gate (lib/platform/service-breaker.ts), counted on the wire against the
 * sandbox: three locations failing service-wide hold every request but one probe at a time, the
 * retries in flight included, until the service answers again.
 */

let server: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
});
afterAll(async () => {
  await server?.close();
});

const INFO = (path: string) => path.startsWith("/restaurants/v1/restaurants/");

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );
}

describe("the client's outage gate", () => {
  it("holds every request after three locations fail, sends one probe per wait, and opens on an answer", async () => {
    // 5 + 5 attempts for the first two locations (retried: one or two failing locations are theirs),
    // 1 for the third (the gate closes on it: no retry), 1 failed probe; then the service answers.
    const net = wire([{ match: ({ path }) => INFO(path), fault: "503", times: 12 }]);
    let clock = Date.parse("2026-03-10T12:00:00Z");
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", {
      fetch: net.fetch,
      sleep,
      now: () => clock,
      maxRetries: 4,
      outage: { locations: 3, initialMs: 60_000, maxMs: 600_000 },
    });
    const infoCalls = () => net.calls.filter((c) => INFO(c.path)).length;

    for (const guid of [HARBOR, MESA]) await failure(client.restaurants.get(guid));
    expect(infoCalls()).toBe(10);
    expect((await client.budgets()).outage?.held).toBe(false);

    await failure(client.restaurants.get(PIER9));
    expect(infoCalls(), "the third location's retries are refused").toBe(11);
    const report = (await client.budgets()).outage!;
    expect(report.held).toBe(true);
    expect(Date.parse(report.retryAt!)).toBe(clock + 60_000);

    const held = await failure(client.restaurants.get(UNKNOWN_GUID));
    expect(held).toBeInstanceOf(PlatformUpstreamError);
    expect(held).toMatchObject({ kind: "held", code: "service_held" });
    expect(infoCalls(), "nothing sent while held").toBe(11);

    // The wait ran out: one probe goes, fails, and doubles the wait; the next caller is held.
    clock += 60_000;
    const [probe, other] = await Promise.all([
      failure(client.restaurants.get(HARBOR)),
      failure(client.restaurants.get(MESA)),
    ]);
    expect([probe, other].map((e) => (e as PlatformUpstreamError).kind).sort()).toEqual(["held", "http"]);
    expect(infoCalls(), "one probe, not retried").toBe(12);
    expect(Date.parse((await client.budgets()).outage!.retryAt!)).toBe(clock + 120_000);

    clock += 60_000;
    await failure(client.restaurants.get(HARBOR));
    expect(infoCalls(), "still held before the doubled wait").toBe(12);

    // The service is back (the faults are spent): the probe's answer opens the gate for everyone.
    clock += 60_000;
    const info = await client.restaurants.get(HARBOR);
    expect(info.general?.name).toBeTruthy();
    await Promise.all([client.restaurants.get(MESA), client.restaurants.get(PIER9)]);
    expect(infoCalls()).toBe(15);
    expect((await client.budgets()).outage).toMatchObject({ held: false, retryAt: null });
  });

  it("does not count one location's failures, nor a 4xx, as an outage", async () => {
    const net = wire([
      { match: ({ path }) => INFO(path), fault: "503", times: 10 },
      { match: ({ path }) => INFO(path), fault: "404", times: 1 },
    ]);
    const { sleep } = recordingSleep();
    const client = clientFor(server.url, "kp-partner", {
      fetch: net.fetch,
      sleep,
      maxRetries: 4,
      outage: { locations: 3, initialMs: 60_000, maxMs: 600_000 },
    });
    await failure(client.restaurants.get(HARBOR));
    await failure(client.restaurants.get(HARBOR));
    // The 404 is an answer: the failures so far are forgotten.
    await failure(client.restaurants.get(MESA));
    await client.restaurants.get(PIER9);
    expect((await client.budgets()).outage?.held).toBe(false);
    expect(net.calls.filter((c) => INFO(c.path))).toHaveLength(12);
  });
});
