import "server-only";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { closeoutInstant, currentBusinessDate, datePhase } from "@/lib/business-date/closeout";
import type { KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import type { DayFetcher } from "./day-fetcher";
import { createLaneSlots } from "./lane-slots";
import { mapLimit } from "./map-limit";
import {
  kitchenDataStart,
  needsFetch,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "./service-config";

/**
 * The kitchen history backfill: a background worker that keeps the last `days` closed business
 * dates of every entitled restaurant stored, newest first, so a manager's look-back is warm.
 *
 * One lane per location, all running at once (runLane): each probes its newest date, then takes
 * its due dates newest first with at most `perLocation` exports in flight, under one cap on
 * exports in flight across lanes (`concurrency`, lane-slots.ts: a free slot goes to the lane with
 * the fewest in flight, so every location advances in turn). The service limits requests per
 * location and an export may take a minute before its first byte: a chain's backfill is bound by
 * that, not by one location waiting for another.
 *
 * It owns no safety of its own: every date goes through `fetchDay`, which takes the day's claim
 * (one fetch per date across instances on PostgreSQL, day-claims.ts), re-reads the stored row under it with
 * `needsFetch` (a stored day is never downloaded again, after a restart or by another instance),
 * and stores a day whole in one transaction (a kill -9 leaves no partial day, only a date to do).
 *
 * How it yields to people: (1) before each date it waits while any interactive fetch (a request's
 * range, the entitlement probe) is in flight in this process, counted by the day fetcher, for at
 * most YIELD_MAX_WAIT_MS so constant traffic slows it without starving it; (2) it paces its own
 * starts to `share` of the sustained request budget (min(PLATFORM_MAX_RPS, PLATFORM_MAX_PER_15_MIN /
 * 900) × KITCHEN_BACKFILL_SHARE, by default 2.8 a second, set in backfill-server.ts), so the FIFO
 * rate limiter always has most of its budget free for requests.
 */

// Memory: each export being read holds its day's records until stored (about 1 KB a record).
// The server sizes it by location count (backfillMaxInFlight); this default is for tests.
const DEFAULT_CONCURRENCY = 16;
// Two: one export waiting upstream for its first byte while the other is read and stored.
const DEFAULT_PER_LOCATION = 2;
const YIELD_POLL_MS = 250;
const YIELD_MAX_WAIT_MS = 30_000;
const MAX_SLEEP_MS = 15 * 60_000;
/** The shortest and longest sleep between two passes. */
export interface SleepBounds {
  minMs: number;
  maxMs: number;
}
// A failed date is retried on the next pass; never spin faster than this.
const MIN_SLEEP_MS = 30_000;
export interface BackfillDeps {
  /** locationFetchState: whether a location is parked or backing off (location-health.ts); absent, every location is asked. */
  fetcher: Pick<DayFetcher, "fetchDay" | "interactiveInFlight"> &
    Partial<Pick<DayFetcher, "locationFetchState">>;
  store: Pick<KitchenStore, "dayRows" | "latestAnswers">;
  config: KitchenServiceConfig;
  now: () => number;
  /** The restaurants to keep warm (the accounts file's, resolved); read at every pass. */
  restaurants: () => Promise<KitchenRestaurant[]>;
  /** How many closed dates back from the newest closed one; 0 turns the worker off. */
  days: number;
  /** Exports in flight at once across every location (KITCHEN_BACKFILL_MAX_IN_FLIGHT). */
  concurrency?: number;
  /** Exports in flight at once for one location (KITCHEN_BACKFILL_PER_LOCATION). */
  perLocation?: number;
  /**
   * Whether a location's lane is to be left alone now (parked after a refusal, backing off after
   * failures); checked before its probe and before each of its dates. Default: never.
   */
  skipLocation?: (restaurant: KitchenRestaurant) => boolean | Promise<boolean>;
  /**
   * Builds the rollups of the whole periods of [from, to] whose dates are all closed and whose
   * stored rollup is missing or stale (rollup-reader.ts `buildComplete`); called with a lane's
   * window after its dates, every pass, so a period is built once its last date is stored and
   * again once a day of it is replaced (its settle read). Absent: no rollups are built here.
   */
  buildRollups?: (restaurant: KitchenRestaurant, from: string, to: string) => Promise<unknown>;
  /** Upstream calls a second the backfill may start (a share of PLATFORM_MAX_RPS). */
  maxStartsPerSecond: number;
  /** The sleep between passes: until the next closeout, within these bounds (KITCHEN_BACKFILL_MIN/MAX_SLEEP_S). */
  sleepBounds?: SleepBounds;
  sleep?: (ms: number) => Promise<void>;
}

export interface BackfillProgress {
  total: number;
  ready: number;
  pending: number;
  failed: number;
}

/**
 * The backfill's window for a restaurant at `nowMs`: `days` closed business dates, newest first,
 * ending at the newest closed one (yesterday, or the day before while yesterday is still within
 * its closeout grace); none before kitchenDataStart (its first business date, 2022), so it may
 * hold fewer.
 */
export function backfillWindow(
  restaurant: KitchenRestaurant,
  nowMs: number,
  days: number,
  graceMinutes: number,
): string[] {
  let newest = addBusinessDays(currentBusinessDate(restaurant, nowMs), -1);
  if (datePhase(newest, restaurant, nowMs, graceMinutes) !== "closed") newest = addBusinessDays(newest, -1);
  const start = kitchenDataStart(restaurant);
  return Array.from({ length: days }, (_, i) => addBusinessDays(newest, -i)).filter((d) => d >= start);
}

/**
 * The backfill's one per-location check (location-health.ts), once a pass: whether the location's
 * dates may be asked. A parked or backing-off location is skipped until its time has come, then
 * asked for its newest due date alone, not its window; it joins the pass only if that answered.
 */
async function locationAdmitted(deps: BackfillDeps, restaurant: KitchenRestaurant): Promise<boolean> {
  const state = await deps.fetcher.locationFetchState?.(restaurant.guid);
  if (!state || state.kind === "ok") return true;
  if (!state.due) return false;
  const at = deps.now();
  const window = backfillWindow(restaurant, at, deps.days, deps.config.closeGraceMinutes);
  const rows =
    window.length > 0
      ? await deps.store.dayRows(restaurant.guid, window[window.length - 1]!, window[0]!)
      : new Map<string, never>();
  const probe = window.find((d) => needsFetch(rows.get(d), "closed", at, deps.config, restaurant));
  if (probe === undefined) return false;
  await deps.fetcher.fetchDay(restaurant, probe, { background: true });
  return (await deps.fetcher.locationFetchState!(restaurant.guid)).kind === "ok";
}

/** The rollups of a lane's window, once its dates are stored; their trouble is logged, never the lane's. */
async function buildLaneRollups(deps: BackfillDeps, restaurant: KitchenRestaurant): Promise<void> {
  const window = backfillWindow(restaurant, deps.now(), deps.days, deps.config.closeGraceMinutes);
  if (!deps.buildRollups || window.length === 0) return;
  try {
    await deps.buildRollups(restaurant, window.at(-1)!, window[0]!);
  } catch (error) {
    console.warn(`[kitchen] rollups of ${restaurant.guid} not built: ${(error as Error).message}`);
  }
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
  });

export function createBackfill(deps: BackfillDeps) {
  const { fetcher, store, config, now, days } = deps;
  const sleep = deps.sleep ?? realSleep;
  const bounds = deps.sleepBounds ?? { minMs: MIN_SLEEP_MS, maxMs: MAX_SLEEP_MS };
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY;
  const perLocation = deps.perLocation ?? DEFAULT_PER_LOCATION;
  if (!(perLocation >= 1))
    throw new RangeError(`exports in flight per location must be at least 1, got ${perLocation}`);
  const slots = createLaneSlots(concurrency);
  const startGapMs = 1000 / deps.maxStartsPerSecond;
  let nextStartAt = 0;
  let stopped = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  /** Waits for interactive fetches to finish (bounded) and for the backfill's own pace. */
  async function yieldTurn(): Promise<void> {
    // Real time, not `now`: pacing is about the Platform's clock, and tests fix `now`.
    const waitUntil = Date.now() + YIELD_MAX_WAIT_MS;
    while (fetcher.interactiveInFlight() > 0 && Date.now() < waitUntil && !stopped)
      await sleep(YIELD_POLL_MS);
    const at = Date.now();
    const slot = Math.max(at, nextStartAt);
    nextStartAt = slot + startGapMs;
    if (slot > at) await sleep(slot - at);
  }

  /** The window's dates that need a fetch now, newest first: the one place due dates are computed. */
  async function dueDates(restaurant: KitchenRestaurant): Promise<string[]> {
    const at = now();
    const window = backfillWindow(restaurant, at, days, config.closeGraceMinutes);
    if (window.length === 0) return [];
    const rows = await store.dayRows(restaurant.guid, window[window.length - 1]!, window[0]!);
    return window.filter((d) => needsFetch(rows.get(d), "closed", at, config, restaurant));
  }

  /** Whether the lane of `restaurant` stops here: the worker stopped, or the location is to be left alone. */
  async function laneClosed(restaurant: KitchenRestaurant): Promise<boolean> {
    return stopped || (deps.skipLocation !== undefined && (await deps.skipLocation(restaurant)));
  }

  /** One date of a lane: a global slot (fair across lanes), the turn (people first), the fetch. */
  async function fetchOne(restaurant: KitchenRestaurant, date: string): Promise<void> {
    if (await laneClosed(restaurant)) return;
    const release = await slots.acquire(restaurant.guid);
    try {
      if (stopped) return;
      await yieldTurn();
      if (stopped) return;
      await fetcher.fetchDay(restaurant, date, { background: true });
    } finally {
      release();
    }
  }

  /**
   * Due dates, newest first, after the window's newest date alone (the entitlement probe: a 204 there
   * means 204s for the rest); only it probes: an instance finding it answered never probes the next.
   */
  async function probedDueDates(restaurant: KitchenRestaurant): Promise<string[]> {
    const due = (await locationAdmitted(deps, restaurant)) ? await dueDates(restaurant) : [];
    const probes =
      due.length > 0 && due[0] === backfillWindow(restaurant, now(), 1, config.closeGraceMinutes)[0];
    if (probes) await fetchOne(restaurant, due[0]!);
    const answer = (await store.latestAnswers([restaurant.guid])).get(restaurant.guid);
    return answer && !answer.entitled ? [] : probes ? due.slice(1) : due;
  }
  /**
   * A restaurant whose latest answer is "not entitled" is asked again for its newest closed date
   * only, when due (never asked, or its 204 older than KITCHEN_NOT_ENTITLED_RETRY_H): about once a
   * day, never its whole window. A 200 means it upgraded; the next pass backfills it like any other.
   */
  async function reaskNotEntitled(restaurant: KitchenRestaurant): Promise<void> {
    const at = now();
    const newest = backfillWindow(restaurant, at, 1, config.closeGraceMinutes)[0];
    if (!newest) return;
    const row = (await store.dayRows(restaurant.guid, newest, newest)).get(newest);
    if (!needsFetch(row, "closed", at, config, restaurant)) return;
    await fetchOne(restaurant, newest);
  }

  /**
   * One location's lane for this pass: the re-ask of a not-entitled location, or its probe and
   * then its due dates, newest first, `perLocation` at a time. Never throws: one location's
   * trouble (a bad zone, a database hiccup) must not stop the others.
   */
  async function runLane(restaurant: KitchenRestaurant, entitled: boolean | undefined): Promise<void> {
    try {
      if (await laneClosed(restaurant)) return;
      if (entitled === false) return await reaskNotEntitled(restaurant);
      const dates = await probedDueDates(restaurant);
      await mapLimit(dates, perLocation, async (date) => {
        try {
          await fetchOne(restaurant, date);
        } catch (error) {
          console.warn(
            `[kitchen] backfill of ${restaurant.guid} ${date} failed: ${(error as Error).message}`,
          );
        }
      });
      if (!stopped) await buildLaneRollups(deps, restaurant);
    } catch (error) {
      console.warn(`[kitchen] backfill of ${restaurant.guid} stopped: ${(error as Error).message}`);
    }
  }

  const passes = lanePasses(store, runLane);
  /** One pass: every location's lane at once; resolves when all have run out of due dates. */
  const runOnce = async (): Promise<void> => (days > 0 ? passes.run(await deps.restaurants()) : undefined);
  /** A restaurant was added: its lane joins the pass running now, or the next pass starts now. */
  const pickUpAdded = async () => {
    if (loop && !stopped && !(await passes.joinRunning(deps.restaurants))) wake?.();
  };

  /** Runs passes until stop(): errors are logged, never thrown, so the process never crashes on it. */
  function start(): void {
    if (loop || days <= 0) return;
    stopped = false;
    loop = (async () => {
      while (!stopped) {
        let wait = bounds.minMs;
        try {
          await runOnce();
          wait = untilNextClose(await deps.restaurants(), now(), config.closeGraceMinutes, bounds);
        } catch (error) {
          console.warn(`[kitchen] backfill pass failed: ${(error as Error).message}`);
        }
        if (!stopped)
          await new Promise<void>((resolve) => {
            wake = resolve;
            void sleep(wait).then(resolve);
          });
      }
    })();
  }

  /** Stops after the fetches in flight; resolves when the loop has ended. */
  async function stop(): Promise<void> {
    stopped = true;
    wake?.();
    await loop;
    loop = undefined;
  }

  /** The window's dates counted from stored rows: complete and not_entitled are ready. */
  const progress = (restaurant: KitchenRestaurant) =>
    windowProgress(store, restaurant, backfillWindow(restaurant, now(), days, config.closeGraceMinutes));

  return { runOnce, start, stop, progress, pickUpAdded };
}

/**
 * A backfill's passes, each every location's lane at once. A restaurant added while one runs joins
 * it (`joinRunning`) instead of waiting for the next, since a pass over many locations can last hours.
 */
function lanePasses(
  store: Pick<KitchenStore, "latestAnswers">,
  runLane: (restaurant: KitchenRestaurant, entitled: boolean | undefined) => Promise<void>,
) {
  let running: Map<string, Promise<void>> | undefined;
  async function join(lanes: Map<string, Promise<void>>, restaurants: KitchenRestaurant[]): Promise<void> {
    const fresh = restaurants.filter((r) => !lanes.has(r.guid));
    const answers = await store.latestAnswers(fresh.map((r) => r.guid));
    for (const r of fresh)
      if (!lanes.has(r.guid)) lanes.set(r.guid, runLane(r, answers.get(r.guid)?.entitled));
  }
  return {
    async run(restaurants: KitchenRestaurant[]): Promise<void> {
      const lanes = new Map<string, Promise<void>>();
      running = lanes;
      try {
        await join(lanes, restaurants);
        // Lanes joined while the pass runs are waited for too.
        for (let n = 0; n !== lanes.size;) {
          n = lanes.size;
          await Promise.all(lanes.values());
        }
      } finally {
        if (running === lanes) running = undefined;
      }
    },
    /** Joins the restaurants' new lanes to the pass running now; false when none runs. */
    async joinRunning(restaurants: () => Promise<KitchenRestaurant[]>): Promise<boolean> {
      if (!running) return false;
      await join(running, await restaurants());
      return true;
    },
  };
}

/** Until the next closeout (plus grace) of any restaurant, within the sleep's bounds. */
function untilNextClose(
  restaurants: readonly KitchenRestaurant[],
  at: number,
  graceMinutes: number,
  bounds: SleepBounds,
): number {
  let soonest = at + bounds.maxMs;
  for (const r of restaurants) {
    const closes = closeoutInstant(currentBusinessDate(r, at), r) + graceMinutes * 60_000;
    soonest = Math.min(soonest, closes);
  }
  return Math.min(bounds.maxMs, Math.max(bounds.minMs, soonest - at + 1_000));
}

/** A backfill window's dates counted from stored rows: complete and not_entitled are ready. */
async function windowProgress(
  store: Pick<KitchenStore, "dayRows">,
  restaurant: KitchenRestaurant,
  window: readonly string[],
): Promise<BackfillProgress> {
  if (window.length === 0) return { total: 0, ready: 0, pending: 0, failed: 0 };
  const rows = await store.dayRows(restaurant.guid, window[window.length - 1]!, window[0]!);
  let ready = 0;
  let failed = 0;
  for (const row of rows.values()) {
    if (row.status === "complete" || row.status === "not_entitled") ready++;
    else if (row.status === "failed") failed++;
  }
  return { total: window.length, ready, pending: window.length - ready - failed, failed };
}
