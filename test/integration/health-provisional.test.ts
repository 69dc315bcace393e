import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET } from "@/app/api/health/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { closeoutInstant, currentBusinessDate } from "@/lib/business-date/closeout";
import { getDatabase } from "@/lib/db/server";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { forgetProcessSingleton } from "@/lib/process-singleton";
import { settleRestaurants } from "@/lib/restaurants/restaurant-directory";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import { partnerTarget, setAppEnv } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX, HARBOR } from "./contract-harness";

/**
 * GET /api/health's provisional dates (the settle rule of issue 30): closed dates stored from a
 * read made before their closeout plus KITCHEN_SETTLE_H. Days stored through the app's own kitchen
 * service and Platform client, against a sandbox over HTTP, into a fresh PGlite; the route asked as
 * the browser asks it: counts for anyone, the dates themselves only for the account's own restaurants.
 */
const SETTLE_H = 100;
const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const VARS = [
  "PLATFORM_BASE_URL",
  "PLATFORM_CLIENT_ID",
  "PLATFORM_CLIENT_SECRET",
  "ACCOUNTS_FILE",
  "DATABASE_URL",
  "DATA_DIR",
  "LOG_LEVEL",
  "KITCHEN_SETTLE_H",
] as const;
let restoreEnv: (() => void) | undefined;
let sandbox: SandboxServer;
let dataDir: string;
/** Read two dates ago: within its 100 settle hours, so provisional and not yet due. */
let recent: string;
/** Read ten dates ago, its read then moved to just after its closeout: provisional and due. */
let overdue: string;
/** Read eleven dates ago, long after its settle instant: final. */
let settled: string;
let overdueSettlesAt: number;

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  dataDir = mkdtempSync(path.join(tmpdir(), "kp-health-provisional-"));
  restoreEnv = setAppEnv(VARS, {
    ...partnerTarget(sandbox.url),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    KITCHEN_SETTLE_H: String(SETTLE_H),
  });
  // This file's own database and kitchen service (an earlier file of the worker may have made them).
  forgetProcessSingleton("database");
  forgetProcessSingleton("kitchen-service");
  const [harbor] = await settleRestaurants([HARBOR]);
  const identity = harbor!.identity!;
  const today = currentBusinessDate(identity);
  recent = addBusinessDays(today, -2);
  overdue = addBusinessDays(today, -10);
  settled = addBusinessDays(today, -11);
  const service = await getKitchenService();
  const restaurant = { ...identity, kitchenEntitled: true };
  for (const date of [settled, overdue, recent]) {
    const coverage = await service.prepare(restaurant, { from: date, to: date });
    expect(coverage.complete, date).toEqual([date]);
  }
  // The overdue date as a day read at its closeout would stand: its settle read not yet made.
  const readAt = closeoutInstant(overdue, identity) + 60_000;
  overdueSettlesAt = closeoutInstant(overdue, identity) + SETTLE_H * 3_600_000;
  await (
    await getDatabase()
  ).query("UPDATE kitchen_days SET fetched_at = $1 WHERE restaurant_guid = $2 AND business_date = $3", [
    new Date(readAt),
    HARBOR,
    overdue,
  ]);
}, 120_000);

afterAll(async () => {
  setServerSessionReaderForTests(null);
  await (await getDatabase()).close();
  forgetProcessSingleton("database");
  forgetProcessSingleton("kitchen-service");
  restoreEnv?.();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const health = (cookie?: string) =>
  GET(new Request("http://localhost/api/health", cookie ? { headers: { cookie } } : {}));

describe("GET /api/health: provisional dates", () => {
  it("counts them for an anonymous caller, with no restaurant GUID or date", async () => {
    signIn(null);
    const response = await health();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(GUID);
    const body = JSON.parse(text);
    expect(body.provisionalDates).toEqual({
      settleHours: SETTLE_H,
      dates: 2,
      locations: 1,
      due: 1,
      earliestSettlesAt: new Date(overdueSettlesAt).toISOString(),
    });
    expect(text).not.toContain(recent);
  });

  it("lists the signed-in account's own provisional dates, and says which is due", async () => {
    signIn("ana@kitchen.test");
    const body = await (await health("next-auth.session-token=opaque")).json();
    expect(body.provisionalDates).toMatchObject({ dates: 2, due: 1 });
    expect(body.provisionalDates.byLocation).toEqual([
      {
        restaurantGuid: HARBOR,
        dates: [
          { date: overdue, settlesAt: new Date(overdueSettlesAt).toISOString(), due: true },
          { date: recent, settlesAt: expect.any(String), due: false },
        ],
      },
    ]);
    expect(JSON.stringify(body.provisionalDates)).not.toContain(settled);
  });

  it("shows another account none of them", async () => {
    signIn("ben@kitchen.test"); // Harbor Street Kitchen is not ben's
    const body = await (await health("next-auth.session-token=opaque")).json();
    expect(body.provisionalDates).toMatchObject({ dates: 2, due: 1, byLocation: [] });
    expect(JSON.stringify(body)).not.toContain(HARBOR);
  });
});
