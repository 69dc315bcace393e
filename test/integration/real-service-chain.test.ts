import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signIn } from "@/bench/load/users";
import { closeoutInstant } from "@/lib/business-date/closeout";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS } from "@/lib/kitchen/contract/vocabulary";

import { maxInWindow, perSecond, type Call } from "../support/fake-platform/call-log";
import {
  menuItemsAtFake,
  productionBuild,
  startAppProcess,
  startFakeProcess,
  type AppProcess,
  type FakeProcess,
} from "../support/fake-platform/processes";
import { dropByteDuplicates, levelOf, statsOf, type RawRecord } from "./independent-stats";

/**
 * Issue 30's acceptance: the production server (`node server.mjs` on the existing build, the real
 * client, the backfill on) against a fake real service in a process of its own
 * (test/support/fake-platform): 40 locations each limited to 20/s and 10,000/15 min, 5-20 s before
 * an export's first byte, one location refused (403) everywhere, a 3-minute outage, a date revised
 * after closeout, a 409 on a second page, a firstBusinessDate 20 days ago, a wrapped and an empty
 * export. Every duration is scaled by SCALE, the fake's and the app's alike, and the run ends once
 * the backfill has stored every accessible date (about two minutes on an idle machine, RUN_MS at
 * most); calls are counted at the fake.
 */
const SCALE = 0.05;
const LOCATIONS = 40;
/** Enough to reach the firstBusinessDate (20 days ago) and no more: the run's length is the backfill's. */
const BACKFILL_DAYS = 22;
/** Unscaled: the outage's length, and the window the refused location's export calls are counted in. */
const OUTAGE_MS = 3 * 60_000;
const REFUSAL_WINDOW_MS = 10 * 60_000;
/** When the outage starts and the settle instant falls, after the app answers. */
const OUTAGE_AFTER_MS = 25_000;
const SETTLE_AFTER_MS = 60_000;
/** The longest the scenario runs, from the app's first answer; it ends sooner once the backfill is complete. */
const RUN_MS = 130_000;
const LOC = {
  revised: 0,
  refused: 1,
  firstBusinessDate: 2,
  conflict: 3,
  wrapped: 4,
  empty: 5,
  watched: 6,
} as const;

type Session = Awaited<ReturnType<typeof signIn>>;
interface History {
  ready: number;
  pending: number;
  failed: number;
  total: number;
}

const build = productionBuild();
const logs = mkdtempSync(path.join(tmpdir(), "kp-chain-logs-"));
let fake: FakeProcess;
let app: AppProcess;
let admin: Session;
const answers: { route: string; status: number }[] = [];
let calls: Call[] = [];
const outage = { from: 0, to: 0 };
let revisedAt = 0;
const readyAfterOutage = { atEnd: 0, atOutageEnd: 0 };
let menu: { status: number; items: number } = { status: 0, items: 0 };
let fakeMenuItems = 0;

/** GET through the app as the admin, recording the status for the "no answer >= 500" count. */
async function get(route: string): Promise<Response> {
  const response = await admin.request(route);
  answers.push({ route, status: response.status });
  return response;
}

async function readyDates(): Promise<number> {
  let sum = 0;
  for (const l of fake.plan.locations) {
    if (l.guid === fake.plan.refused) continue;
    const response = await get(`/api/restaurants/${l.guid}/kitchen/history`);
    if (response.ok) sum += ((await response.json()) as History).ready;
  }
  return sum;
}

/**
 * The outage's calls in words, for the failure message: per endpoint, how many locations they
 * touched, and their arrival in seconds after the outage began (so a retry burst shows as such).
 */
function outageBreakdown(during: readonly Call[], from: number): string {
  const byEndpoint = new Map<string, Call[]>();
  for (const c of during) byEndpoint.set(c.endpoint, [...(byEndpoint.get(c.endpoint) ?? []), c]);
  return [...byEndpoint]
    .map(([endpoint, list]) => {
      const locations = new Set(list.map((c) => c.location)).size;
      const at = list.map((c) => ((c.t - from) / 1000).toFixed(1)).join(",");
      return `${endpoint} ${list.length} (${locations} locations; at s ${at})`;
    })
    .join("; ");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the pages a manager reads, every 2 s until `until.at` (moved up when the scenario ends), so that every answer is counted. */
async function browse(until: { at: number }): Promise<void> {
  const watched = fake.plan.locations[LOC.watched]!.guid;
  const yesterday = fake.plan.revised!.date;
  while (Date.now() < until.at) {
    await Promise.all([
      get("/api/restaurants"),
      get("/api/kitchen/overview"),
      get(`/api/restaurants/${watched}/kitchen/summary?from=${yesterday}&to=${yesterday}`),
    ]);
    await sleep(2_000);
  }
}

async function scenario(): Promise<void> {
  const started = Date.now();
  const revised = fake.plan.revised!;
  const browsingUntil = { at: started + RUN_MS };
  const browsing = browse(browsingUntil);

  // The Menu page of the location whose second menuItems page answers 409 once.
  const menuResponse = await get(`/api/restaurants/${fake.plan.conflict!.guid}/menu`);
  const menuBody = menuResponse.ok
    ? ((await menuResponse.json()) as { items: Record<string, unknown> })
    : null;
  menu = { status: menuResponse.status, items: menuBody ? Object.keys(menuBody.items).length : 0 };
  fakeMenuItems = await menuItemsAtFake(fake.plan, fake.plan.conflict!.guid);

  // The revision lands after the date's first read (it is the newest closed date, so read first).
  const firstReadBy = started + OUTAGE_AFTER_MS - 2_000;
  while (
    Date.now() < firstReadBy &&
    !(await fake.calls(started - 60_000)).some(
      (c) => c.location === revised.guid && c.date === revised.date && c.status === 200,
    )
  )
    await sleep(500);
  revisedAt = await fake.revise();

  await sleep(Math.max(0, started + OUTAGE_AFTER_MS - Date.now()));
  outage.from = await fake.outage(true, "503");
  await sleep(OUTAGE_MS * SCALE);
  outage.to = await fake.outage(false);
  readyAfterOutage.atOutageEnd = await readyDates();

  // Until every accessible location's window is stored, or the run's time is up.
  while (Date.now() < started + RUN_MS) {
    const rows = await Promise.all(
      fake.plan.locations
        .filter((l) => l.guid !== fake.plan.refused)
        .map(
          async (l) => (await (await get(`/api/restaurants/${l.guid}/kitchen/history`)).json()) as History,
        ),
    );
    if (
      rows.every((h) => h.pending === 0 && h.failed === 0) &&
      Date.now() > started + SETTLE_AFTER_MS + 15_000
    )
      break;
    await sleep(3_000);
  }
  browsingUntil.at = 0;
  await browsing;
  readyAfterOutage.atEnd = await readyDates();
  calls = await fake.calls(app.startedAt);
  const endpoints = new Map<string, number>();
  for (const c of calls)
    endpoints.set(
      c.endpoint.startsWith("config:") ? "config" : c.endpoint,
      (endpoints.get(c.endpoint.startsWith("config:") ? "config" : c.endpoint) ?? 0) + 1,
    );
  // One line for whoever reads a failure: what the app did in the run, counted at the fake.
  console.log(
    `[chain] ${Math.round((Date.now() - started) / 1000)} s; calls ${JSON.stringify(Object.fromEntries(endpoints))}; stored dates ${readyAfterOutage.atOutageEnd} at the outage's end, ${readyAfterOutage.atEnd} at the end of ${(LOCATIONS - 1) * BACKFILL_DAYS}; busiest second ${Math.max(...perSecond(calls).map((s) => s.total))}; during the outage ${outageBreakdown(
      calls.filter((c) => c.t >= outage.from && c.t < outage.to),
      outage.from,
    )}`,
  );
}

describe("the whole app against a fake real service in its own process (issue 30's acceptance)", () => {
  beforeAll(async () => {
    if (!build)
      throw new Error(
        `real-service-chain: no production build at ${process.env.NEXT_DIST_DIR || ".next"}; run \`npx next build\` first (npm test builds before the integration suite)`,
      );
    fake = await startFakeProcess(
      {
        locations: LOCATIONS,
        timeScale: SCALE,
        exportDelayMs: [5_000, 20_000],
        configPageSize: 50,
        refusedLocation: LOC.refused,
        firstBusinessDate: { location: LOC.firstBusinessDate, daysAgo: 20 },
        revised: { location: LOC.revised, daysAgo: 1 },
        conflict: { location: LOC.conflict, resource: "menuItems", times: 1 },
        wrapped: { location: LOC.wrapped, daysAgo: 2 },
        empty: { location: LOC.empty, daysAgo: 3 },
      },
      path.join(logs, "fake.log"),
    );
    // The revised date settles SETTLE_AFTER_MS after the start: KITCHEN_SETTLE_H is hours after its
    // closeout, a fraction here, so its first read (at once) is provisional and the second is due.
    const revised = fake.plan.revised!;
    const location = fake.plan.locations.find((l) => l.guid === revised.guid)!;
    const settleH = (Date.now() + SETTLE_AFTER_MS - closeoutInstant(revised.date, location)) / 3_600_000;
    app = await startAppProcess(
      fake.plan,
      {
        KITCHEN_BACKFILL_DAYS: String(BACKFILL_DAYS),
        KITCHEN_BACKFILL_SHARE: "1",
        // Per location, as the service limits: 20 a second and 10,000 per 15 minutes each.
        PLATFORM_MAX_RPS: "20",
        PLATFORM_MAX_PER_15_MIN: "10000",
        KITCHEN_CLOSE_GRACE_MIN: "0",
        KITCHEN_SETTLE_H: settleH.toFixed(6),
        KITCHEN_OPEN_REFRESH_S: String(900 * SCALE),
        // Figures here are held against the raw export: nothing left out as "left on screen".
        KITCHEN_STUCK_MIN: "1440",
        // The app's own intervals, scaled .
        KITCHEN_FAILED_RETRY_S: String(Math.max(1, Math.round(30 * SCALE))),
        KITCHEN_FAILED_RETRY_MAX_S: String(3_600 * SCALE),
        KITCHEN_BACKFILL_MIN_SLEEP_S: String(Math.max(1, Math.round(30 * SCALE))),
        KITCHEN_BACKFILL_MAX_SLEEP_S: String(900 * SCALE),
        RESTAURANT_IDENTITY_TTL_S: String(300 * SCALE),
      },
      path.join(logs, "app.log"),
    );
    admin = await signIn(app.origin, "admin@kitchen.test");
    await scenario();
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await fake?.stop();
  }, 30_000);

  it("answers no request with a status of 500 or more", () => {
    const bad = new Map<string, number>();
    for (const a of answers.filter((x) => x.status >= 500)) {
      const key = `${a.status} ${a.route.split("?")[0]!.replace(/[0-9a-f-]{36}/g, "[guid]")}`;
      bad.set(key, (bad.get(key) ?? 0) + 1);
    }
    expect(answers.length).toBeGreaterThan(50);
    expect(Object.fromEntries(bad), `answers >= 500 among ${answers.length}`).toEqual({});
  });

  it("sends more than 20 calls a second in sum, per location never more than 20, with no 429", () => {
    const seconds = perSecond(calls);
    const peak = Math.max(...seconds.map((s) => s.total));
    expect(calls.filter((c) => c.status === 429)).toHaveLength(0);
    expect(Math.max(...seconds.map((s) => s.maxPerLocation))).toBeLessThanOrEqual(20);
    expect(peak, "summed upstream calls in the busiest second").toBeGreaterThan(20);
  });

  it("asks the refused location's export at most 5 times per 10 unscaled minutes", () => {
    const refused = calls.filter((c) => c.location === fake.plan.refused && c.endpoint === "export");
    expect(maxInWindow(refused, REFUSAL_WINDOW_MS * SCALE)).toBeLessThanOrEqual(5);
  });

  it("sends at most 30 calls during the outage, and the backfill resumes after it", () => {
    const during = calls.filter((c) => c.t >= outage.from && c.t < outage.to);
    expect(
      during.length,
      `calls during the ${(outage.to - outage.from) / 1000} s outage: ${outageBreakdown(during, outage.from)}`,
    ).toBeLessThanOrEqual(30);
    expect(
      calls.filter((c) => c.t >= outage.to && c.endpoint === "export" && c.status === 200).length,
    ).toBeGreaterThan(0);
    expect(readyAfterOutage.atEnd).toBeGreaterThan(readyAfterOutage.atOutageEnd);
  });

  it("reads the revised date once more after its revision, and its figures equal the revised export", async () => {
    const { guid, date } = fake.plan.revised!;
    const reads = calls.filter((c) => c.location === guid && c.endpoint === "export" && c.date === date);
    expect(
      reads.filter((c) => c.t < revisedAt && c.status === 200).length,
      "first read before the revision",
    ).toBeGreaterThanOrEqual(1);
    expect(
      reads.filter((c) => c.t >= revisedAt),
      "reads after the revision",
    ).toHaveLength(1);
    const revised = await fake.exportNow(guid, date);
    const measurable = dropByteDuplicates(revised as RawRecord[]).unique.filter((r) => levelOf(r) !== null);
    const response = await get(
      `/api/restaurants/${guid}/kitchen/summary?from=${date}&to=${date}&metric=fire_to_fulfill`,
    );
    expect(response.status).toBe(200);
    const summary = (await response.json()) as KitchenSummary;
    for (const level of KITCHEN_LEVELS) {
      const expected = statsOf(
        measurable.filter((r) => levelOf(r) === level),
        "fire_to_fulfill",
      );
      const shown = summary.levels.find((l) => l.level === level)?.stats;
      // A level the kitchen does not use (no second expediter here) is not listed at all.
      if (expected.count === 0 && shown === undefined) continue;
      expect(shown, `level ${level}`).toMatchObject(expected);
    }
    expect(
      summary.levels.some((l) => l.stats.count > 0),
      "some level has figures",
    ).toBe(true);
  });

  it("serves the Menu whole after a 409 on its second page", () => {
    expect(
      calls.some((c) => c.location === fake.plan.conflict!.guid && c.status === 409),
      "the fake answered 409",
    ).toBe(true);
    expect(menu.status).toBe(200);
    // The model's items are keyed by GUID, so only a listing read whole reaches the fake's count.
    expect(menu.items).toBeGreaterThanOrEqual(fakeMenuItems);
  });

  it("asks no date before the location's firstBusinessDate, and reaches that date", () => {
    const { guid, date } = fake.plan.firstBusinessDate!;
    // Not vacuous: the backfill walked that location's window down to its lower bound.
    expect(
      calls.some(
        (c) => c.location === guid && c.endpoint === "export" && c.date === date && c.status === 200,
      ),
      `${date} asked`,
    ).toBe(true);
    const before = calls.filter(
      (c) => c.location === guid && c.endpoint === "export" && c.date !== null && c.date < date,
    );
    expect(before.map((c) => c.date)).toEqual([]);
  });

  it("stores the wrapped and the empty export as days, not failures", async () => {
    for (const { guid, date } of [fake.plan.wrapped!, fake.plan.empty!]) {
      const response = await get(`/api/restaurants/${guid}/kitchen/summary?from=${date}&to=${date}`);
      expect(response.status, `${guid} ${date}`).toBe(200);
      const summary = (await response.json()) as KitchenSummary;
      expect(summary.coverage.complete, `${guid} ${date}`).toContain(date);
    }
  });
});
