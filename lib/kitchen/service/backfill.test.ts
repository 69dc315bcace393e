import { describe, expect, it, vi } from "vitest";

import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

import { backfillWindow, createBackfill } from "./backfill";
import type { LocationFetchState } from "./location-health";
import type { KitchenRestaurant, KitchenServiceConfig } from "./service-config";

const CONFIG: KitchenServiceConfig = {
  closeGraceMinutes: 120,
  openRefreshSeconds: 180,
  notEntitledRetryHours: 24,
  maxRangeDays: 366,
};
// New York, closeout 04:00: at 2025-03-20 12:00 local the business date in progress is 20250320.
const NY: KitchenRestaurant = { guid: "ny", name: "NY", timeZone: "America/New_York", closeoutHour: 4 };
const NOON = Date.parse("2025-03-20T16:00:00Z");

function row(date: string, status: DayRow["status"]): DayRow {
  return {
    businessDate: date,
    status,
    attemptedAt: NOON - 3_600_000,
    fetchedAt: NOON,
    reason: null,
    recordCount: 1,
    ingest: null,
  } as DayRow;
}

/** A backfill over an in-memory store whose fetchDay stores the answer `answerOf` gives. */
/** The store's dayRows over a map of rows keyed `guid|date`: the restaurant's rows from `from` to `to`, by date. */
function dayRowsOf(rows: Map<string, DayRow>, guid: string, from: string, to: string): Map<string, DayRow> {
  return new Map(
    [...rows]
      .filter(([k, v]) => k.startsWith(`${guid}|`) && v.businessDate >= from && v.businessDate <= to)
      .map(([, v]) => [v.businessDate, v]),
  );
}

function harness(
  restaurants: KitchenRestaurant[],
  answerOf: (guid: string, date: string) => DayRow["status"],
  seeded: [string, DayRow][] = [],
) {
  const rows = new Map<string, DayRow>(seeded);
  const fetched: string[] = [];
  const backfill = createBackfill({
    fetcher: {
      interactiveInFlight: () => 0,
      fetchDay: async (r, date) => {
        fetched.push(`${r.guid}|${date}`);
        // An export takes time: at least a turn of the event loop, as any I/O does.
        await new Promise((resolve) => setImmediate(resolve));
        rows.set(`${r.guid}|${date}`, row(date, answerOf(r.guid, date)));
      },
    },
    store: {
      dayRows: async (guid, from, to) => dayRowsOf(rows, guid, from, to),
      latestAnswers: async (guids) => {
        const out = new Map<string, { entitled: boolean; businessDate: string }>();
        for (const g of guids) {
          const latest = [...rows]
            .filter(([k, v]) => k.startsWith(`${g}|`) && v.status !== "failed")
            .map(([, v]) => v)
            .sort((a, b) => b.businessDate.localeCompare(a.businessDate))[0];
          if (latest)
            out.set(g, { entitled: latest.status !== "not_entitled", businessDate: latest.businessDate });
        }
        return out;
      },
    },
    config: CONFIG,
    now: () => NOON,
    restaurants: async () => restaurants,
    days: 5,
    concurrency: 1,
    maxStartsPerSecond: 1000,
  });
  return { backfill, fetched, rows };
}

describe("backfillWindow", () => {
  it("walks closed dates newest first from yesterday, as many as asked", () => {
    expect(backfillWindow(NY, NOON, 4, 120)).toEqual(["20250319", "20250318", "20250317", "20250316"]);
  });

  it("starts the day before yesterday while yesterday is still within its closeout grace", () => {
    // 05:00 local: 20250319 closed out at 04:00 but the two-hour grace has not passed.
    const early = Date.parse("2025-03-20T09:00:00Z");
    expect(backfillWindow(NY, early, 2, 120)).toEqual(["20250318", "20250317"]);
    expect(backfillWindow(NY, early, 2, 0)).toEqual(["20250319", "20250318"]);
  });

  it("is empty when the backfill is off", () => {
    expect(backfillWindow(NY, NOON, 0, 120)).toEqual([]);
  });
});

describe("createBackfill", () => {
  it("fetches the due dates newest first and skips the stored ones", async () => {
    const { backfill, fetched } = harness([NY], () => "complete", [
      ["ny|20250318", row("20250318", "complete")],
    ]);
    await backfill.runOnce();
    expect(fetched).toEqual(["ny|20250319", "ny|20250317", "ny|20250316", "ny|20250315"]);
    await backfill.runOnce();
    expect(fetched).toHaveLength(4);
  });

  it("skips a restaurant whose latest answer is not entitled, and stops after a first 204", async () => {
    const other: KitchenRestaurant = { ...NY, guid: "basic" };
    const fresh: KitchenRestaurant = { ...NY, guid: "fresh-basic" };
    const { backfill, fetched } = harness(
      [other, fresh, NY],
      (guid) => (guid === "ny" ? "complete" : "not_entitled"),
      [["basic|20250319", row("20250319", "not_entitled")]],
    );
    await backfill.runOnce();
    // "basic" answered 204 for the newest date an hour ago: not due; "fresh-basic" is probed once.
    expect(fetched.filter((k) => k.startsWith("basic|"))).toEqual([]);
    expect(fetched.filter((k) => k.startsWith("fresh-basic|"))).toEqual(["fresh-basic|20250319"]);
    expect(fetched.filter((k) => k.startsWith("ny|"))).toHaveLength(5);
  });

  it("takes the restaurants in turn, newest first in each, after probing each one's newest date", async () => {
    const la: KitchenRestaurant = { ...NY, guid: "la" };
    const { backfill, fetched } = harness([NY, la], () => "complete");
    await backfill.runOnce();
    expect(fetched).toEqual([
      "ny|20250319",
      "la|20250319",
      "ny|20250318",
      "la|20250318",
      "ny|20250317",
      "la|20250317",
      "ny|20250316",
      "la|20250316",
      "ny|20250315",
      "la|20250315",
    ]);
  });

  it("asks a not-entitled restaurant again once a day, for its newest closed date only", async () => {
    const basic: KitchenRestaurant = { ...NY, guid: "basic" };
    const dayOld = { ...row("20250318", "not_entitled"), attemptedAt: NOON - 25 * 3_600_000 };
    // Its latest 204 is for the day before yesterday: yesterday has never been asked.
    const { backfill, fetched, rows } = harness([basic], () => "not_entitled", [["basic|20250318", dayOld]]);
    await backfill.runOnce();
    expect(fetched).toEqual(["basic|20250319"]);
    await backfill.runOnce();
    expect(fetched).toEqual(["basic|20250319"]);
    // A day later the same date's 204 is due again; an upgrade (200) makes the next pass backfill it all.
    rows.set("basic|20250319", { ...row("20250319", "not_entitled"), attemptedAt: NOON - 25 * 3_600_000 });
    const upgraded = harness([basic], () => "complete", [...rows]);
    await upgraded.backfill.runOnce();
    expect(upgraded.fetched).toEqual(["basic|20250319"]);
    await upgraded.backfill.runOnce();
    expect(upgraded.fetched).toEqual([
      "basic|20250319",
      "basic|20250318",
      "basic|20250317",
      "basic|20250316",
      "basic|20250315",
    ]);
  });

  it("start() runs passes until stop(), which waits for the fetch in flight", async () => {
    let release: () => void = () => {};
    const started: string[] = [];
    const finished: string[] = [];
    const sleeps: number[] = [];
    const backfill = createBackfill({
      fetcher: {
        interactiveInFlight: () => 0,
        fetchDay: async (_r, d) => {
          started.push(d);
          await new Promise<void>((resolve) => (release = resolve));
          finished.push(d);
        },
      },
      store: { dayRows: async () => new Map(), latestAnswers: async () => new Map() },
      config: CONFIG,
      now: () => NOON,
      restaurants: async () => [NY],
      days: 3,
      concurrency: 1,
      maxStartsPerSecond: 1000,
      sleep: async (ms) => void sleeps.push(ms),
    });
    backfill.start();
    backfill.start(); // a second start is a no-op, not a second loop
    await vi.waitFor(() => expect(started).toEqual(["20250319"]));
    const stopping = backfill.stop();
    let stoppedYet = false;
    void stopping.then(() => (stoppedYet = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stoppedYet).toBe(false);
    release();
    await stopping;
    // The fetch in flight finished; no date was started after stop().
    expect(finished).toEqual(["20250319"]);
    expect(started).toEqual(["20250319"]);
  });

  it("counts progress from stored rows: complete and not entitled are ready", async () => {
    const { backfill } = harness([NY], () => "complete", [
      ["ny|20250319", row("20250319", "complete")],
      ["ny|20250318", row("20250318", "failed")],
      ["ny|20250317", row("20250317", "not_entitled")],
      ["ny|20250301", row("20250301", "complete")],
    ]);
    expect(await backfill.progress(NY)).toEqual({ total: 5, ready: 2, pending: 2, failed: 1 });
  });

  it("waits while an interactive fetch is in flight", async () => {
    let interactive = 1;
    const order: string[] = [];
    const backfill = createBackfill({
      fetcher: {
        interactiveInFlight: () => interactive,
        fetchDay: async (_r, d) => void order.push(`fetch ${d}`),
      },
      store: { dayRows: async () => new Map(), latestAnswers: async () => new Map() },
      config: CONFIG,
      now: () => NOON,
      restaurants: async () => [NY],
      days: 1,
      maxStartsPerSecond: 1000,
      sleep: async () => {
        order.push("wait");
        interactive = 0;
      },
    });
    await backfill.runOnce();
    expect(order).toEqual(["wait", "fetch 20250319"]);
  });

  it("skips a held location until its time, then asks its newest due date alone, and the rest only if that answers", async () => {
    const states = new Map<string, LocationFetchState>();
    const held = (due: boolean): LocationFetchState => ({
      kind: "backing-off",
      reason: "the Platform answered 503",
      failures: 2,
      failedAt: NOON - 60_000,
      retryAt: NOON + (due ? -1 : 1),
      due,
    });
    const la: KitchenRestaurant = { ...NY, guid: "la" };
    const rows = new Map<string, DayRow>();
    const fetched: string[] = [];
    let answers = false;
    const backfill = createBackfill({
      fetcher: {
        interactiveInFlight: () => 0,
        locationFetchState: async (guid) => states.get(guid) ?? { kind: "ok" },
        fetchDay: async (r, date) => {
          fetched.push(`${r.guid}|${date}`);
          if (!answers) return;
          rows.set(`${r.guid}|${date}`, row(date, "complete"));
          states.set(r.guid, { kind: "ok" });
        },
      },
      store: {
        dayRows: async (guid) =>
          new Map([...rows].filter(([k]) => k.startsWith(`${guid}|`)).map(([, v]) => [v.businessDate, v])),
        latestAnswers: async () => new Map(),
      },
      config: CONFIG,
      now: () => NOON,
      restaurants: async () => [NY, la],
      days: 3,
      concurrency: 1,
      maxStartsPerSecond: 1000,
    });
    states.set("la", held(false));
    await backfill.runOnce();
    expect(fetched.filter((k) => k.startsWith("la|"))).toEqual([]);
    expect(fetched.filter((k) => k.startsWith("ny|"))).toHaveLength(3);

    fetched.length = 0;
    states.set("la", held(true));
    await backfill.runOnce();
    // The probe failed again (nothing stored, still held): one date, not the window.
    expect(fetched.filter((k) => k.startsWith("la|"))).toEqual(["la|20250319"]);

    fetched.length = 0;
    states.set("la", held(true));
    answers = true;
    await backfill.runOnce();
    expect(fetched.filter((k) => k.startsWith("la|"))).toEqual(["la|20250319", "la|20250318", "la|20250317"]);
  });

  it("asks nothing of any location while the credential lacks the kitchen scope", async () => {
    const fetched: string[] = [];
    const backfill = createBackfill({
      fetcher: {
        interactiveInFlight: () => 0,
        fetchDay: async (r, d) => void fetched.push(`${r.guid}|${d}`),
        locationFetchState: async () => ({
          kind: "missing-scope",
          scope: "kitchen:read",
          reason: "no kitchen:read",
          due: false,
        }),
      },
      store: { dayRows: async () => new Map(), latestAnswers: async () => new Map() },
      config: CONFIG,
      now: () => NOON,
      restaurants: async () => [NY, { ...NY, guid: "la" }],
      days: 3,
      maxStartsPerSecond: 1000,
    });
    await backfill.runOnce();
    expect(fetched).toEqual([]);
  });
});

describe("the backfill's lanes, one per location", () => {
  /** A backfill whose exports are held until the test releases them; records what is in flight. */
  function gated(
    restaurants: KitchenRestaurant[],
    opts: { perLocation: number; concurrency: number; skip?: (r: KitchenRestaurant) => boolean },
  ) {
    const rows = new Map<string, DayRow>();
    const started: string[] = [];
    const held = new Map<string, () => void>();
    let inFlight = 0;
    let peak = 0;
    const peakPer = new Map<string, number>();
    const perNow = new Map<string, number>();
    const backfill = createBackfill({
      fetcher: {
        interactiveInFlight: () => 0,
        fetchDay: async (r, date) => {
          const key = `${r.guid}|${date}`;
          started.push(key);
          inFlight++;
          perNow.set(r.guid, (perNow.get(r.guid) ?? 0) + 1);
          peak = Math.max(peak, inFlight);
          peakPer.set(r.guid, Math.max(peakPer.get(r.guid) ?? 0, perNow.get(r.guid)!));
          await new Promise<void>((resolve) => held.set(key, resolve));
          inFlight--;
          perNow.set(r.guid, perNow.get(r.guid)! - 1);
          rows.set(key, row(date, "complete"));
        },
      },
      store: {
        dayRows: async (guid, from, to) => dayRowsOf(rows, guid, from, to),
        latestAnswers: async () => new Map(),
      },
      config: CONFIG,
      now: () => NOON,
      restaurants: async () => restaurants,
      days: 5,
      perLocation: opts.perLocation,
      concurrency: opts.concurrency,
      skipLocation: opts.skip,
      maxStartsPerSecond: 1e6,
    });
    /** Releases every export in flight, then lets the lanes start the next ones. */
    const releaseAll = async () => {
      for (const [key, release] of [...held]) {
        held.delete(key);
        release();
      }
      await new Promise((r) => setTimeout(r, 5));
    };
    return { backfill, started, held, releaseAll, peak: () => peak, peakPer };
  }

  const chain = (n: number) =>
    Array.from({ length: n }, (_, i): KitchenRestaurant => ({ ...NY, guid: `loc${i}` }));

  it("probes every location's newest date at once: none waits for another's export", async () => {
    const { backfill, started, releaseAll } = gated(chain(4), { perLocation: 2, concurrency: 100 });
    const pass = backfill.runOnce();
    await vi.waitFor(() => expect(started).toHaveLength(4));
    expect(started.sort()).toEqual(["loc0|20250319", "loc1|20250319", "loc2|20250319", "loc3|20250319"]);
    while (started.length < 20) await releaseAll();
    await releaseAll();
    await pass;
  });

  it("keeps at most perLocation exports in flight per location, newest first in each, all locations advancing", async () => {
    const { backfill, started, held, releaseAll, peakPer } = gated(chain(3), {
      perLocation: 2,
      concurrency: 100,
    });
    const pass = backfill.runOnce();
    await vi.waitFor(() => expect(held.size).toBe(3)); // the probes
    await releaseAll();
    // After the probes, two dates of every location are in flight: the next two newest.
    expect(held.size).toBe(6);
    expect([...held.keys()].sort()).toEqual([
      "loc0|20250317",
      "loc0|20250318",
      "loc1|20250317",
      "loc1|20250318",
      "loc2|20250317",
      "loc2|20250318",
    ]);
    while (held.size > 0) await releaseAll();
    await pass;
    for (const loc of ["loc0", "loc1", "loc2"]) {
      expect(peakPer.get(loc)).toBe(2);
      // Newest first, wave by wave: the probe, then two at a time (the two of a wave start together,
      // in either order, as a busy run showed).
      const own = started.filter((k) => k.startsWith(`${loc}|`)).map((k) => k.slice(loc.length + 1));
      expect([own.slice(0, 1), own.slice(1, 3).sort(), own.slice(3, 5).sort(), own.length]).toEqual([
        ["20250319"],
        ["20250317", "20250318"],
        ["20250315", "20250316"],
        5,
      ]);
    }
  });

  it("keeps at most `concurrency` exports in flight across every location", async () => {
    const { backfill, started, held, releaseAll, peak } = gated(chain(5), { perLocation: 2, concurrency: 3 });
    const pass = backfill.runOnce();
    await vi.waitFor(() => expect(held.size).toBe(3));
    while (started.length < 25 || held.size > 0) {
      expect(held.size).toBeLessThanOrEqual(3);
      await releaseAll();
    }
    await pass;
    expect(peak()).toBe(3);
    expect(new Set(started).size).toBe(25); // every date of every location, once
  });

  it("leaves a location alone while skipLocation says so, before its probe and before each date", async () => {
    let parkLoc1 = false;
    const { backfill, started, held, releaseAll } = gated(chain(3), {
      perLocation: 1,
      concurrency: 100,
      skip: (r) => r.guid === "loc0" || (r.guid === "loc1" && parkLoc1),
    });
    const pass = backfill.runOnce();
    await vi.waitFor(() => expect(held.size).toBe(2));
    await releaseAll();
    parkLoc1 = true; // loc1 is refused mid-lane: its next dates are not asked
    while (held.size > 0) await releaseAll();
    await pass;
    expect(started.filter((k) => k.startsWith("loc0|"))).toEqual([]);
    expect(started.filter((k) => k.startsWith("loc1|"))).toEqual(["loc1|20250319", "loc1|20250318"]);
    expect(started.filter((k) => k.startsWith("loc2|"))).toHaveLength(5);
  });
});
