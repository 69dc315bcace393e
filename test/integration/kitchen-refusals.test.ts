import { describe, expect, it } from "vitest";

import type { Database } from "@/lib/db/database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { createKitchenService, type KitchenServiceConfig } from "@/lib/kitchen/service/kitchen-service";
import { OUTAGE_KEY } from "@/lib/kitchen/service/location-health";
import { claimHeldTry, clearHold, readHold, recordHoldFailure } from "@/lib/kitchen/storage/location-holds";
import { createPlatformClient, type FetchLike } from "@/lib/platform";
import { createOutageHold, type OutageHold } from "@/lib/platform-wiring/outage-hold";
import { serviceWeekOf } from "@/lib/restaurants/schedule";
import { defaultWorld } from "@/lib/sandbox/world";

import {
  kitchenFile,
  NOW,
  openTestDatabase,
  ready,
  STORE_KINDS,
  TEST_CONFIG,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * Refusals and outages remembered per location (lib/kitchen/service/location-health.ts), counted
 * at the sandbox over HTTP: every upstream call (sign-in, restaurant information, export) of the
 * real client is recorded by the fetch it is given.
 */

const world = defaultWorld();
const diner = worldRestaurant("Lakeside Diner");
const grill = worldRestaurant("Old Town Grill");
const pier = worldRestaurant("Pier 9 Pizza"); // outside the Harbor group: kp-harbor-group gets 403 for it
const DAYS = 14;
const WEEK = { from: "20250303", to: "20250309", metric: "fire_to_fulfill" as const };
const HOUR = 3_600_000;

const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;

interface Upstream {
  /** `guid|kind` of every attempt sent: kind "export" or "info". */
  calls: string[];
  logins: number;
  /** The locations' service is down: every request naming a restaurant gets the sandbox's 503. */
  down: boolean;
  /** Clock time each attempt takes (the test's clock, which the service reads). */
  attemptMs: number;
}

const newUpstream = (): Upstream => ({ calls: [], logins: 0, down: false, attemptMs: 0 });
const callsOf = (up: Upstream, r: { guid: string }, kind?: "export" | "info") =>
  up.calls.filter((c) => c.startsWith(`${r.guid}|`) && (!kind || c.endsWith(`|${kind}`))).length;

function countingClient(
  clientId: string,
  up: Upstream,
  wiring: { hold?: OutageHold; maxRetries?: number } = {},
) {
  const counting: FetchLike = async (input, init) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const guid = headers.get("Platform-Restaurant-External-ID");
    if (url.pathname.endsWith("/authentication/login")) up.logins++;
    if (up.down && guid) headers.set("Sandbox-Fault", "503");
    clock.now += up.attemptMs;
    const response = await fetch(input, { ...init, headers });
    // A 401 is the sandbox's clock (moved by the test) expiring the token: the client signs in
    // again and repeats the request. Only the attempts that reached the location count.
    if (guid && response.status !== 401)
      up.calls.push(`${guid}|${url.pathname.endsWith("/export/itemFulfillments") ? "export" : "info"}`);
    return response;
  };
  const secret = world.clients.find((c) => c.clientId === clientId)!.clientSecret;
  return createPlatformClient({
    baseUrl: sandbox.url,
    clientId,
    clientSecret: secret,
    fetch: counting,
    maxRetries: wiring.maxRetries ?? 1,
    hold: wiring.hold,
    initialRetryDelayMs: 5,
    maxRetryDelayMs: 20,
  });
}

/** The kitchen service as the app builds it: the schedule read through the same client before each export. */
function service(
  db: Database,
  up: Upstream,
  clientId = "kp-partner",
  config: Partial<KitchenServiceConfig> = {},
  wiring: { hold?: OutageHold; maxRetries?: number } = {},
) {
  const client = countingClient(clientId, up, wiring);
  return createKitchenService({
    db,
    client,
    outageHold: wiring.hold,
    // 30 s: the real default first wait (TEST_CONFIG's 0 turns the back-off off).
    config: { ...TEST_CONFIG, failedRetrySeconds: 30, ...config },
    now: () => clock.now,
    serviceWeek: async (guid) =>
      serviceWeekOf((await client.restaurants.get(guid, { includeArchived: true })).schedules),
  });
}

const backfillOf = (s: ReturnType<typeof service>, restaurants: { guid: string }[]) =>
  s.backfill({
    restaurants: async () =>
      restaurants.map((r) => worldRestaurant(world.restaurants.find((x) => x.guid === r.guid)!.name)),
    days: DAYS,
    concurrency: 2,
    maxStartsPerSecond: 500,
  });

describe.each(STORE_KINDS)("the holds table on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("counts attempts that overlapped once, restarts the count on another kind, and gives a due try to one caller", async () => {
    const retry = (n: number) => NOW + n * 60_000;
    const fail = (kind: "parked" | "backing_off", startedAt: number, endedAt: number) =>
      recordHoldFailure(t.db, "g", { kind, reason: `${kind} at ${endedAt}`, startedAt, endedAt }, retry);
    expect(await fail("backing_off", NOW - 5_000, NOW)).toMatchObject({
      failures: 1,
      failedAt: NOW,
      retryAt: retry(1),
    });
    // Started before the first failure was recorded: the same outage, counted once.
    expect(await fail("backing_off", NOW - 4_000, NOW + 1_000)).toMatchObject({
      failures: 1,
      failedAt: NOW + 1_000,
    });
    // Started after it: a failure in a row.
    expect(await fail("backing_off", NOW + 2_000, NOW + 3_000)).toMatchObject({
      failures: 2,
      retryAt: retry(2),
    });
    expect(await fail("parked", NOW + 4_000, NOW + 5_000)).toMatchObject({
      kind: "parked",
      failures: 1,
      reason: `parked at ${NOW + 5_000}`,
    });

    expect(await claimHeldTry(t.db, "g", retry(1) - 1, retry(1) + 600_000)).toBe(false);
    const claims = await Promise.all(
      [1, 2, 3].map(() => claimHeldTry(t.db, "g", retry(1), retry(1) + 600_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await readHold(t.db, "g"))?.retryAt).toBe(retry(1) + 600_000);
    await clearHold(t.db, "g");
    expect(await readHold(t.db, "g")).toBeUndefined();
  });
});

describe("a credential without kitchen:read", () => {
  const t = kitchen.databasePerTest("pglite");

  it("sends no export and no information read, and every answer names the permission it lacks", async () => {
    const up = newUpstream();
    const s = service(t.db, up, "kp-config-only");
    const answer = await ready(s.summary(diner, WEEK));
    expect(answer.coverage.complete).toEqual([]);
    expect(answer.coverage.failed).toHaveLength(7);
    for (const f of answer.coverage.failed) {
      expect(f.reason).toMatch(/credential lacks the kitchen:read permission/);
      // The structured hold the pages read (not the words): permanent, no time set, the scope named.
      expect(f.hold).toEqual({
        kind: "permanent",
        until: null,
        scope: "kitchen:read",
        reason: expect.stringMatching(/^this app's Platform credential lacks the kitchen:read permission/),
      });
    }

    const backfill = backfillOf(s, [diner, grill]);
    await backfill.runOnce();
    await backfill.runOnce();
    await ready(s.summary(grill, WEEK));
    const coverage = await s.coverage(grill, { from: "20250310", to: "20250312" });
    expect(coverage.dates.map((d) => d.status)).toEqual(["failed", "failed", "failed"]);
    expect(coverage.dates[0]!.reason).toMatch(/lacks the kitchen:read permission/);

    expect(up.calls).toEqual([]);
    expect(up.logins).toBe(1);
    expect(await s.locations.holds()).toEqual({ missingScope: "kitchen:read", locations: [] });
    expect(await s.locations.state(diner.guid)).toMatchObject({
      kind: "missing-scope",
      scope: "kitchen:read",
    });
  });
});

describe.each(STORE_KINDS)("a location refused with 403 on %s", (kind) => {
  const t = kitchen.databasePerTest(kind);

  it("is asked at most once a day after the first refusal, one date, and a person is answered at once with the reason", async () => {
    const up = newUpstream();
    const s = service(t.db, up, "kp-harbor-group");
    const backfill = backfillOf(s, [pier, diner]);
    await backfill.runOnce();
    // One call (the schedule's read, refused before any export), then parked: not its 14 dates.
    expect(callsOf(up, pier)).toBe(1);
    expect(callsOf(up, diner, "export")).toBe(DAYS);
    const [hold] = (await s.locations.holds()).locations;
    expect(hold).toMatchObject({
      restaurantGuid: pier.guid,
      state: "parked",
      failures: 1,
      reason: "the Platform refused access to this restaurant's kitchen data",
    });
    expect(Date.parse(hold!.retryAt) - Date.parse(hold!.failedAt)).toBe(24 * HOUR);

    const person = await ready(s.summary(pier, WEEK));
    expect(person.coverage.failed.map((f) => f.date)).toHaveLength(7);
    expect(person.coverage.failed[0]!.reason).toMatch(
      /^not asked: the Platform refused access .*asked again after 2025-03-21 16:00 UTC/,
    );
    expect(person.coverage.failed[0]!.hold).toEqual({
      kind: "permanent",
      until: hold!.retryAt,
      reason: expect.stringMatching(/^the Platform refused access .*asked again after 2025-03-21 16:00 UTC/),
    });
    // The coverage route's per-date list carries the same hold.
    const dates = (await s.coverage(pier, { from: WEEK.from, to: WEEK.from })).dates;
    expect(dates[0]).toMatchObject({ status: "failed", hold: { kind: "permanent", until: hold!.retryAt } });

    for (const step of [1, 6, 12, 23]) {
      clock.now = NOW + step * HOUR;
      await backfill.runOnce();
    }
    expect(callsOf(up, pier)).toBe(1);

    clock.now = NOW + 24 * HOUR + 60_000;
    await backfill.runOnce();
    await backfill.runOnce();
    expect(callsOf(up, pier)).toBe(2);
    expect((await s.locations.state(pier.guid)).kind).toBe("parked");
  });
});

describe("an outage", () => {
  const t = kitchen.databasePerTest("pglite");

  it("holds the whole account from the client's attempts: no retries, no reads, one probe, then resumes", async () => {
    const hold = createOutageHold(() => clock.now);
    const up = newUpstream();
    // The app's wiring: the client's retries (four) and the kitchen consult one hold.
    const s = service(t.db, up, "kp-partner", {}, { hold, maxRetries: 4 });
    const harbor = worldRestaurant("Harbor Street Kitchen");
    const three = [diner, grill, harbor];
    await s.prepare(diner, { from: "20250303", to: "20250303" }); // signed in before the outage
    up.down = true;
    up.calls = [];
    const backfill = backfillOf(s, three);
    await backfill.runOnce();
    expect(hold.held()).toBe(true);
    const outage = await readHold(t.db, OUTAGE_KEY);
    expect(outage).toMatchObject({ kind: "backing_off", failures: 1 });
    // Without the hold: five attempts a read. With it: two in a row for a location end its retries.
    for (const r of three) expect(callsOf(up, r), r.name).toBeLessThanOrEqual(2);
    const during = up.calls.length;

    // Passes before the probe is due send nothing at all.
    for (let i = 1; i < 5; i++) {
      clock.now = NOW + i * 5_000;
      await backfill.runOnce();
    }
    expect(up.calls.length).toBe(during);

    // The service is back; once the probe is due, one try answers, and the window is stored.
    up.down = false;
    clock.now = outage!.retryAt + 1;
    await backfill.runOnce();
    await backfill.runOnce();
    expect(await readHold(t.db, OUTAGE_KEY)).toBeUndefined();
    expect(hold.held()).toBe(false);
    clock.now += 31 * 60_000;
    await backfill.runOnce();
    for (const r of three)
      expect(await backfill.progress(r), r.name).toMatchObject({ pending: 0, failed: 0 });
  });

  it("backs the location off across passes, the schedule's read with the export, and the backfill resumes afterwards", async () => {
    const up = newUpstream();
    const s = service(t.db, up);
    await s.prepare(diner, { from: "20250303", to: "20250303" }); // signed in before the outage
    up.down = true;
    up.calls = [];
    const backfill = backfillOf(s, [grill]);
    // Ten minutes of passes every 15 s: without a back-off, 40 passes × 14 dates × 2 attempts.
    for (let i = 0; i < 40; i++) {
      clock.now = NOW + i * 15_000;
      await backfill.runOnce();
    }
    // Tries at about 0, 30, 90, 210 and 450 s (30 s doubling, jittered), two attempts each.
    expect(callsOf(up, grill)).toBeGreaterThanOrEqual(8);
    expect(callsOf(up, grill)).toBeLessThanOrEqual(12);
    // The schedule's read failed every try: no export was sent behind it.
    expect(callsOf(up, grill, "export")).toBe(0);
    const state = await s.locations.state(grill.guid);
    expect(state).toMatchObject({ kind: "backing-off", reason: "the Platform answered 503" });

    // A person's request while it backs off: answered at once, with the reason.
    const before = up.calls.length;
    const answer = await ready(s.summary(grill, WEEK));
    expect(up.calls.length).toBe(before);
    expect(answer.coverage.failed[0]!.reason).toMatch(
      /^not asked for now: the Platform answered 503 \(\d+ times in a row\); tried again after/,
    );
    expect(answer.coverage.failed[0]!.hold).toMatchObject({
      kind: "transient",
      until: new Date(state.kind === "backing-off" ? state.retryAt : 0).toISOString(),
    });

    // Once the back-off has run out, a person's request tries once (one date, two attempts).
    if (state.kind !== "backing-off") throw new Error("not backing off");
    clock.now = state.retryAt;
    const [a, b] = await Promise.all([ready(s.summary(grill, WEEK)), ready(s.summary(grill, WEEK))]);
    expect(up.calls.length - before).toBe(2);
    expect(a.coverage.failed).toHaveLength(7);
    expect(b.coverage.failed).toHaveLength(7);

    // The service is back: the next pass after the back-off stores the whole window.
    up.down = false;
    clock.now += 31 * 60_000;
    await backfill.runOnce();
    expect(await backfill.progress(grill)).toEqual({ total: DAYS, ready: DAYS, pending: 0, failed: 0 });
    expect((await s.locations.holds()).locations).toEqual([]);
  });

  it("holds every location once several fail at once, and says so in each date's structured hold", async () => {
    const up = newUpstream();
    const s = service(t.db, up);
    await s.prepare(diner, { from: "20250303", to: "20250303" }); // signed in before the outage
    up.down = true;
    // Three locations failing within the minute: the service is down, not they.
    await backfillOf(s, [grill, diner, pier]).runOnce();
    const noodle = worldRestaurant("Northside Noodle Bar"); // never failed on its own
    const before = up.calls.length;
    const answer = await ready(s.summary(noodle, WEEK));
    expect(up.calls.length).toBe(before);
    expect(answer.coverage.failed).toHaveLength(7);
    for (const f of answer.coverage.failed)
      expect(f.hold).toEqual({
        kind: "outage",
        until: expect.any(String),
        reason: expect.stringMatching(/^the Platform is failing for several locations at once/),
      });
  });

  it("keeps an open date's last snapshot while the location backs off", async () => {
    const up = newUpstream();
    const s = service(t.db, up, "kp-partner", { openRefreshSeconds: 1 });
    const today = { from: "20250320", to: "20250320", metric: "fire_to_fulfill" as const };
    const first = await ready(s.summary(diner, today));
    expect(first.coverage.open).toHaveLength(1);
    up.down = true;
    clock.now += 2_000;
    await ready(s.summary(diner, today)); // the refresh fails: the location backs off
    expect(await s.locations.state(diner.guid)).toMatchObject({ kind: "backing-off", due: false });
    clock.now += 2_000;
    const calls = up.calls.length;
    const held = await ready(s.summary(diner, today));
    expect(up.calls.length).toBe(calls);
    expect(held.coverage.open).toEqual(first.coverage.open);
    expect(held.coverage.failed).toEqual([]);
    expect(held.levels).toEqual(first.levels);
  });

  it("counts a retry from the end of the failed attempt, not its start", async () => {
    const up = newUpstream();
    const s = service(t.db, up);
    await s.prepare(diner, { from: "20250303", to: "20250303" });
    up.down = true;
    up.attemptMs = 40_000; // each attempt takes 40 s of the service's clock: 80 s with its retry
    const startedAt = clock.now;
    await ready(s.summary(grill, { ...WEEK, from: WEEK.to }));
    const endedAt = clock.now;
    expect(endedAt - startedAt).toBe(80_000);
    const row = (await s.store.dayRows(grill.guid, WEEK.to, WEEK.to)).get(WEEK.to)!;
    expect(row).toMatchObject({ status: "failed", attemptedAt: endedAt });
    const state = await s.locations.state(grill.guid);
    expect(state).toMatchObject({ kind: "backing-off", failedAt: endedAt, due: false });

    // Counted from the start it would be due at once (80 s > 30 s); from the end it is not.
    const calls = up.calls.length;
    await ready(s.summary(grill, { ...WEEK, from: WEEK.to }));
    expect(up.calls.length).toBe(calls);
  });
});

describe("two instances on one PostgreSQL", () => {
  it("share a location's back-off: what one learnt, the other does not ask again", async () => {
    const t = await openTestDatabase("postgres");
    const second = openPostgresDatabase(t.url!);
    clock.now = NOW;
    try {
      const upA = newUpstream();
      const upB = newUpstream();
      const a = service(t.db, upA);
      const b = service(second, upB);
      upA.down = true;
      upB.down = true;
      await backfillOf(a, [grill]).runOnce();
      expect(callsOf(upA, grill)).toBe(2);

      await backfillOf(b, [grill]).runOnce();
      const answer = await ready(b.summary(grill, WEEK));
      expect(callsOf(upB, grill)).toBe(0);
      expect(answer.coverage.failed[0]!.reason).toMatch(/^not asked for now: the Platform answered 503/);

      // The back-off has run out: one instance gets the try, the other still asks nothing.
      clock.now += 31 * 60_000;
      await Promise.all([backfillOf(b, [grill]).runOnce(), backfillOf(a, [grill]).runOnce()]);
      expect(callsOf(upA, grill) + callsOf(upB, grill)).toBe(4);
      expect((await a.locations.holds()).locations).toMatchObject([
        { restaurantGuid: grill.guid, state: "backing-off", failures: 2 },
      ]);
    } finally {
      await second.close();
      await t.drop();
    }
  });
});
