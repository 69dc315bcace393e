import { parse } from "csv-parse/sync";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toErrorResponse } from "@/lib/api/error-response";
import type { KitchenCoverage, KitchenTargets, KitchenTickets } from "@/lib/kitchen/contract/kitchen-api";
import {
  coverageResponse,
  fulfillmentsCsvResponse,
  putTargetsResponse,
  targetsResponse,
  ticketsResponse,
} from "@/lib/kitchen/kitchen-responses";
import type { SandboxServer } from "@/lib/sandbox/node-server";
import { kitchenRequest, kitchenService, newLog, NOW, openTestDatabase, startSandbox, STORE_KINDS, worldRestaurant, type TestDatabase } from "./kitchen-harness";

const mesa = worldRestaurant("Mesa Verde Cantina"); // America/Los_Angeles, ~420 tickets a day
const range = { from: "20250310", to: "20250312" };

const clock = { now: NOW };
let sandbox: SandboxServer;
beforeAll(async () => {
  sandbox = await startSandbox(clock);
});
afterAll(async () => {
  await sandbox.close();
});

async function answer(run: () => Promise<Response>): Promise<{ status: number; body: unknown }> {
  try {
    const response = await run();
    return { status: response.status, body: await response.json() };
  } catch (error) {
    const response = toErrorResponse(error, "test");
    return { status: response.status, body: await response.json() };
  }
}

describe.each(STORE_KINDS)("kitchen API on %s", (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    clock.now = NOW;
    t = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await t.drop();
  });

  it("reports coverage from the store alone: a cold range is pending and nothing is fetched", async () => {
    const log = newLog();
    const service = kitchenService(t.db, sandbox.url, log, clock);
    const cold = (await (await coverageResponse(service, mesa, kitchenRequest(mesa.guid, "coverage", range))).json()) as KitchenCoverage;
    expect(cold).toMatchObject({ total: 3, ready: 0, pending: 3, complete: 0 });
    expect(cold.dates.map((d) => d.status)).toEqual(["pending", "pending", "pending"]);
    expect(log.fulfillmentRequests).toEqual([]);

    await service.prepare(mesa, { from: "20250310", to: "20250311" });
    const warm = (await (await coverageResponse(service, mesa, kitchenRequest(mesa.guid, "coverage", range))).json()) as KitchenCoverage;
    expect(warm).toMatchObject({ total: 3, ready: 2, complete: 2, pending: 1 });
    expect(warm.dates).toEqual([
      { date: "20250310", status: "complete" },
      { date: "20250311", status: "complete" },
      { date: "20250312", status: "pending" },
    ]);
  });

  it("lists the slowest tickets with every record of each, at every level", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    const res = (await (await ticketsResponse(service, mesa, kitchenRequest(mesa.guid, "tickets", { ...range, limit: 8, level: 0 }))).json()) as KitchenTickets;
    expect(res.tickets).toHaveLength(8);
    const csv = await (await fulfillmentsCsvResponse(service, mesa, kitchenRequest(mesa.guid, "fulfillments.csv", range))).text();
    const records = parse(csv, { columns: true, bom: true }) as Record<string, string>[];

    // The ranking, recomputed from the export: a ticket's largest level-0 fire-to-fulfill.
    const best = new Map<string, number>();
    for (const r of records) {
      if (r.itemFulfillmentLevel !== "0" || r.fire_to_fulfill_s === "") continue;
      best.set(r.ticketGuid!, Math.max(best.get(r.ticketGuid!) ?? -1, Number(r.fire_to_fulfill_s)));
    }
    const expected = [...best.values()].sort((a, b) => b - a).slice(0, 8);
    expect(res.tickets.map((x) => x.seconds)).toEqual(expected);

    for (const ticket of res.tickets) {
      const own = records.filter((r) => r.ticketGuid === ticket.ticketGuid);
      expect(ticket.items).toHaveLength(own.length);
      expect(new Set(ticket.items.map((i) => i.selectionGuid))).toEqual(new Set(own.map((r) => r.selectionGuid)));
      expect(Math.max(...ticket.items.filter((i) => i.level === 0).map((i) => i.fireToFulfill ?? -1))).toBe(ticket.seconds);
      expect(ticket.levels.map((l) => l.level)).toEqual([...new Set(own.map((r) => Number(r.itemFulfillmentLevel)))].sort());
      expect(ticket.orderGuid).toBe(own[0]!.orderGuid);
    }
  });

  it("keeps targets per restaurant, validates them, and measures the share within them", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    const defaults = (await (await targetsResponse(service, mesa)).json()) as KitchenTargets;
    expect(defaults).toEqual({
      restaurantGuid: mesa.guid,
      targets: [
        { level: 0, seconds: 600, isDefault: true },
        { level: 1, seconds: 720, isDefault: true },
        { level: 2, seconds: 840, isDefault: true },
      ],
      updatedAt: null,
    });

    const put = (body: string) => answer(() => putTargetsResponse(service, mesa, kitchenRequest(mesa.guid, "targets", {}, { method: "PUT", body })));
    expect(await put(JSON.stringify({ targets: [{ level: 0, seconds: 0 }] }))).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/seconds must be a whole number from 1 to 86400/) } } });
    expect(await put(JSON.stringify({ targets: [{ level: 3, seconds: 60 }] }))).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/level must be 0, 1 or 2/) } } });
    expect(await put(JSON.stringify({ targets: [{ level: 1, seconds: 60 }, { level: 1, seconds: 90 }] }))).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/only once/) } } });
    expect(await put("{nope")).toMatchObject({ status: 400, body: { error: { code: "invalid_json" } } });
    expect(await put(JSON.stringify({ targets: [] }))).toMatchObject({ status: 400 });

    const saved = await put(JSON.stringify({ targets: [{ level: 0, seconds: 300 }] }));
    expect(saved.status).toBe(200);
    expect((saved.body as KitchenTargets).targets[0]).toEqual({ level: 0, seconds: 300, isDefault: false });
    expect((saved.body as KitchenTargets).updatedAt).toBe(new Date(NOW).toISOString());
    expect(((await (await targetsResponse(service, worldRestaurant("Lakeside Diner"))).json()) as KitchenTargets).targets[0]!.seconds).toBe(600);

    const summary = await service.summary(mesa, { ...range, metric: "fire_to_fulfill" });
    const level0 = summary.withinTarget.find((w) => w.level === 0)!;
    expect(level0.targetSeconds).toBe(300);
    const csv = await (await fulfillmentsCsvResponse(service, mesa, kitchenRequest(mesa.guid, "fulfillments.csv", range))).text();
    const values = (parse(csv, { columns: true, bom: true }) as Record<string, string>[])
      .filter((r) => r.itemFulfillmentLevel === "0" && r.fire_to_fulfill_s !== "")
      .map((r) => Number(r.fire_to_fulfill_s));
    expect(level0.count).toBe(values.length);
    expect(level0.within).toBe(values.filter((v) => v <= 300).length);
    expect(level0.share).toBeCloseTo(level0.within / level0.count, 12);
  });
});
