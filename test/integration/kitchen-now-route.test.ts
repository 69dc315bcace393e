import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as nowRoute from "@/app/api/restaurants/[guid]/kitchen/now/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import type { KitchenNow } from "@/lib/kitchen/contract/kitchen-now";
import { getKitchenService } from "@/lib/kitchen/service/server";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { setAppEnv } from "../support/app-env";
import { wallClock } from "../support/wall-clock";
import { FAST_SANDBOX } from "./contract-harness";

/**
 * GET /api/restaurants/{guid}/kitchen/now as Next calls it, with the sandbox over HTTP as the
 * Platform and the app's own PGlite. The clock is chosen: Date alone is faked (timers run), which
 * both the app and the in-process sandbox read, so "now" is a Thursday in Boston before opening and
 * then at dinner. The figures are checked against an oracle over the records the app stored.
 */

const world = defaultWorld();
const harbor = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
// Thursday 2026-11-19, Boston (UTC-5): 10:54 before opening, 19:30 at dinner.
const BEFORE_OPENING = Date.parse("2026-11-19T15:54:00Z");
const AT_DINNER = Date.parse("2026-11-19T00:30:00Z") + 86_400_000;
let sandbox: SandboxServer;
let restoreEnv: () => void;

const get = async (guid = harbor.guid) =>
  nowRoute.GET(new Request(`http://localhost/api/restaurants/${guid}/kitchen/now`), {
    params: Promise.resolve({ guid }),
  });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: BEFORE_OPENING });
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  restoreEnv = setAppEnv(
    ["ACCOUNTS_FILE", "SANDBOX_ENABLED", "DATA_DIR", "DATABASE_URL", "KITCHEN_OPEN_REFRESH_S"],
    {
      PLATFORM_BASE_URL: sandbox.url,
      PLATFORM_CLIENT_ID: partner.clientId,
      PLATFORM_CLIENT_SECRET: partner.clientSecret,
      KITCHEN_OPEN_REFRESH_S: "120",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-now-route-")),
    },
  );
  setServerSessionReaderForTests(async () => ({
    user: { email: "ana@kitchen.test", name: null },
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  }));
});

afterAll(async () => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
  await sandbox?.close();
  vi.useRealTimers();
});

/**
 * The route's answer once the open date has been read at `instant`: a refresh longer than the
 * route's wait (a busy machine) goes on in the background and is answered from the stored day
 * meanwhile, honestly dated; the test asks again (real timers) until the fresh read is in.
 */
async function answeredAsOf(instant: number): Promise<KitchenNow> {
  for (let i = 0; ; i++) {
    const now = (await (await get()).json()) as KitchenNow;
    if (now.dataAsOf === new Date(instant).toISOString() || i >= 120) return now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function storedRecords(date: string): Promise<ItemFulfillment[]> {
  const out: ItemFulfillment[] = [];
  for await (const c of (await getKitchenService()).store.recordChunks(harbor.guid, [date]))
    out.push(...c.records);
  return out;
}

/** The window's figures per level, written apart from lib/kitchen/query: default targets, no own ones. */
function levelOracle(records: readonly ItemFulfillment[], from: number, to: number) {
  const targets: Record<number, number> = { 0: 600, 1: 720, 2: 840 };
  const out = new Map<number, { items: number; late: number; values: number[] }>();
  for (const r of records) {
    const level = r.itemFulfillmentLevel;
    if (level !== 0 && level !== 1 && level !== 2) continue;
    const end = new Date(r.itemFulfilledAt!).getTime();
    if (!(end >= from && end < to) || !r.ticketFiredAt) continue;
    const ms = end - new Date(r.ticketFiredAt).getTime();
    if (ms < 0) continue;
    const s = Math.round(ms / 1000);
    const c = out.get(level) ?? { items: 0, late: 0, values: [] };
    c.items++;
    if (s > targets[level]!) c.late++;
    c.values.push(s);
    out.set(level, c);
  }
  return [...out]
    .sort(([a], [b]) => a - b)
    .map(([level, c]) => {
      const v = c.values.sort((a, b) => a - b);
      return { level, items: c.items, lateItems: c.late, p90Seconds: v[Math.ceil(v.length * 0.9) - 1] };
    });
}

describe("GET /api/restaurants/{guid}/kitchen/now", () => {
  it("before the first ticket says when the restaurant opens and how far behind live the data can be", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const now = await answeredAsOf(BEFORE_OPENING);
    expect(now.businessDate).toBe("20261119");
    expect(now.refreshSeconds).toBe(120);
    expect(now.status).toBe("open");
    expect(now.dataAsOf).toBe(new Date(BEFORE_OPENING).toISOString());
    expect(now.firstTicketAt).toBeNull();
    expect(now.recordsToday).toBe(0);
    expect(now.inService).toBeNull();
    expect(now.services.length).toBeGreaterThan(0);
    expect(now.services[0]!.start).toBe("11:00");
    expect(now.opensAt).toBe("11:00 AM");
    expect(now.lastHalfHour.stations).toEqual([]);
    // The first request opens (and migrates) the app's PGlite: slow on a busy machine.
  }, 180_000);

  it("at dinner gives the last 30 minutes and the current hour, equal to an oracle over the stored records", async () => {
    vi.setSystemTime(AT_DINNER);
    expect(wallClock(harbor.timeZone, new Date(AT_DINNER).toISOString())).toBe("2026-11-19 19:30:00");
    const now = await answeredAsOf(AT_DINNER);
    // Refreshed: the stored day is older than KITCHEN_OPEN_REFRESH_S.
    expect(now.dataAsOf).toBe(new Date(AT_DINNER).toISOString());
    expect(now.inService).toBe("Dinner");
    expect(now.opensAt).toBeNull();
    expect(now.firstTicketAt).not.toBeNull();
    const records = await storedRecords("20261119");
    expect(now.recordsToday).toBe(records.length);
    const to = AT_DINNER + 1;
    const strip = (w: KitchenNow["lastHalfHour"]) =>
      w.levels.map(({ level, items, lateItems, p90Seconds }) => ({ level, items, lateItems, p90Seconds }));
    expect(strip(now.lastHalfHour)).toEqual(levelOracle(records, AT_DINNER - 30 * 60_000, to));
    expect(now.lastHalfHour.from).toBe(new Date(to - 30 * 60_000).toISOString());
    expect(strip(now.currentHour)).toEqual(levelOracle(records, Date.parse("2026-11-20T00:00:00Z"), to));
    expect(now.lastHalfHour.levels[0]!.items).toBeGreaterThan(20);
    // The stations' items add up to their level's.
    const stationItems = now.lastHalfHour.stations
      .filter((s) => s.level === 0)
      .reduce((n, s) => n + s.items, 0);
    expect(stationItems).toBe(now.lastHalfHour.levels[0]!.items);
  });

  it("within the refresh interval answers from the stored day, saying how old it is", async () => {
    vi.setSystemTime(AT_DINNER + 60_000);
    const now = (await (await get()).json()) as KitchenNow;
    expect(now.dataAsOf).toBe(new Date(AT_DINNER).toISOString());
    expect(now.at).toBe(new Date(AT_DINNER + 60_000).toISOString());
  });

  it("answers 404 for a restaurant outside the session's set", async () => {
    const res = await get("00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
  });
});
