import "server-only";

import { datePhase, type DatePhase } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import { BrandedError } from "@/lib/errors/branded-error";
import { diningChannelsOf, type DiningChannel, type DiningOptionFlags } from "@/lib/kitchen/ingest/channels";
import { servicesOn, type DayParts } from "@/lib/kitchen/ingest/day-parts";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { describeFetchFailure } from "@/lib/kitchen/ingest/fetch-failure";
import { ingestDay, type IngestedDay } from "@/lib/kitchen/ingest/ingest";
import { buildTicketFacts, encodeTicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import { levelDigestOf } from "@/lib/kitchen/query/level-digest";
import { withDayClaim } from "@/lib/kitchen/storage/day-claims";
import { encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import type { OutageHold } from "@/lib/platform-wiring/outage-hold";
import { raceAbort } from "@/lib/platform/abortable";
import type { PlatformClient } from "@/lib/platform/types";
import type { RestaurantQuote } from "@/lib/restaurants/quote";
import type { ServiceWeek } from "@/lib/restaurants/schedule";

import { createFetchQueue, type QueuedFetch } from "./fetch-queue";
import { createLocationHealth, PlatformOutageError, type LocationFetchState } from "./location-health";
import {
  isProvisional,
  kitchenDataStart,
  needsFetch,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "./service-config";

/**
 * The kitchen day fetch: each business date of a restaurant is fetched from the Platform once
 * (closed dates) or at most every KITCHEN_OPEN_REFRESH_S (the open one), read record by record,
 * summarised, and stored whole (summary, ticket facts, raw records) in one transaction.
 */

const DEFAULT_CONCURRENCY = 8;
const DEFAULT_OPEN_CONCURRENCY = 4;
// server.ts derives the real bound from the export's timeout and retries; this one is for
// services built without it (tests, benchmarks): the export's default 300 s, three attempts, slack.
const DEFAULT_FETCH_TIMEOUT_MS = 960_000;
const COMPLETE_ROWS_KEPT = 200_000;

/** Why a date's fetch was given up: it ran past the service's fetchTimeoutMs. */
class DayFetchTimeout extends BrandedError {
  static override readonly errorKind = "DayFetchTimeout";
  constructor(readonly ms: number) {
    super(`timed out after ${formatSeconds(ms)}: the Platform's export did not finish`);
  }
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s`;
}

export interface DayFetcherDeps {
  db: Database;
  store: KitchenStore;
  client: Pick<PlatformClient, "kitchen">;
  config: KitchenServiceConfig;
  now: () => number;
  /** The restaurant's services per weekday (its schedule), to assign records to day parts; none when absent. */
  serviceWeek?: (restaurantGuid: string) => Promise<ServiceWeek | null>;
  /** The restaurant's quote to guests (lib/restaurants/quote.ts), kept with each day fetched; none when absent. */
  quote?: (restaurantGuid: string) => Promise<RestaurantQuote | null>;
  /** The configuration's dining options, read when a day is fetched for its channels (ingest/channels.ts); channels by behavior when absent. */
  diningOptions?: (restaurantGuid: string) => Promise<readonly DiningOptionFlags[]>;
  /** The process's account-wide outage hold (location-health.ts); default a private one. */
  outageHold?: OutageHold;
  /**
   * Told after the open date of a restaurant has been fetched and stored anew, once its claim is
   * given back (the live alerts evaluate then, lib/alerts). Must not throw; its promise is not awaited.
   */
  onOpenDayStored?: (restaurant: KitchenRestaurant, date: string) => void;
}

export type DayFetcher = ReturnType<typeof createDayFetcher>;

export function createDayFetcher(deps: DayFetcherDeps) {
  const { config } = deps;
  const f: Fetcher = {
    ...deps,
    inflight: new Map(),
    interactive: 0,
    queue: createFetchQueue(config.fetchConcurrency ?? DEFAULT_CONCURRENCY),
    // The open date's refreshes have slots of their own (see openFetchConcurrency).
    openQueue: createFetchQueue(config.openFetchConcurrency ?? DEFAULT_OPEN_CONCURRENCY),
    fetchTimeoutMs: config.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    completeRows: new Map(),
    health: createLocationHealth(deps), // refusals remembered per location, and the outage hold
  };
  const heldAnswer = (
    restaurant: KitchenRestaurant,
    dates: readonly string[],
    rows: Map<string, DayRow>,
    state?: LocationFetchState,
  ) => heldAnswerOf(f, restaurant, dates, rows, state);
  return {
    fetchDay: (restaurant: KitchenRestaurant, date: string, opts: { background?: boolean } = {}) =>
      fetchDay(f, restaurant, date, opts),
    requestRange: (restaurant: KitchenRestaurant, dates: readonly string[], wait: number | "settled") =>
      requestRange(f, restaurant, dates, wait),
    forget: (guid: string, date: string) => forget(f, guid, date),
    interactiveInFlight: () => f.interactive + f.queue.waiting() + f.openQueue.waiting(),
    /** Where a location's kitchen fetches stand (parked, backing off, or ok): the backfill's per-location check. */
    locationFetchState: f.health.state,
    /** The range's rows with a held location's unasked dates answered with the reason (the store-only coverage). */
    heldAnswer,
    /** Every held location with its reason, for the health route. */
    locationHolds: f.health.list,
  };
}

/** A day fetcher's deps and its state: the steps below read and change it. */
interface Fetcher extends DayFetcherDeps {
  inflight: Map<string, Promise<void>>;
  /**
   * Fetches a request (or the entitlement probe) started, running or queued: the backfill holds
   * back while any is, so a person asking never queues behind history behind the FIFO rate limiter.
   */
  interactive: number;
  queue: ReturnType<typeof createFetchQueue>;
  openQueue: ReturnType<typeof createFetchQueue>;
  fetchTimeoutMs: number;
  /**
   * A settled complete day is final: a range of them needs no query at all. A provisional one
   * (read before KITCHEN_SETTLE_H) is not kept here: its settle read replaces it.
   */
  completeRows: Map<string, DayRow>;
  health: ReturnType<typeof createLocationHealth>;
}

/**
 * One upstream fetch per restaurant and date at a time: in this process through the in-flight
 * map, across instances on PostgreSQL through the day's claim (day-claims.ts: a row, no connection
 * held). Whoever gets it second re-reads the row and finds the day stored. The promise always
 * settles, within fetchTimeoutMs of the claim (fetchAndStore), and the claim is given back with it.
 */
function fetchDay(
  f: Fetcher,
  restaurant: KitchenRestaurant,
  date: string,
  opts: { background?: boolean } = {},
): Promise<void> {
  const key = `${restaurant.guid}|${date}`;
  let pending = f.inflight.get(key);
  if (!pending) {
    pending = withDayClaim(f.db, `kitchen-day:${key}`, (q) => fetchAndStore(f, q, restaurant, date))
      .then((stored) => {
        if (stored === "open") f.onOpenDayStored?.(restaurant, date);
      })
      .finally(() => f.inflight.delete(key));
    f.inflight.set(key, pending);
  }
  if (!opts.background) {
    f.interactive++;
    const done = () => void f.interactive--;
    pending.then(done, done);
  }
  return pending;
}

/**
 * One date's fetch under its claim: asked, read, summarised and stored; or its failure recorded.
 * Resolves "open" when it stored the open date anew (the hook onOpenDayStored), else nothing.
 */
async function fetchAndStore(
  f: Fetcher,
  q: Parameters<Parameters<Database["withLock"]>[1]>[0],
  restaurant: KitchenRestaurant,
  date: string,
): Promise<"open" | void> {
  const { store, client, config, now, serviceWeek, quote, health, fetchTimeoutMs } = f;
  // No kitchen data exists before it: never asked upstream, whoever calls.
  if (date < kitchenDataStart(restaurant)) return;
  const startedAt = now();
  const phase = datePhase(date, restaurant, startedAt, config.closeGraceMinutes);
  if (!needsFetch(await store.dayRow(q, restaurant.guid, date), phase, startedAt, config, restaurant)) return;
  // A parked or backing-off location sends nothing, not even the schedule's read; requestRange
  // answers its dates with the reason. Once its time has come one caller gets the try.
  if (!(await health.claim(restaurant.guid, fetchTimeoutMs))) return;
  let day: IngestedDay;
  let dayParts: DayParts;
  let dayQuote: RestaurantQuote | null;
  // A hard bound on the whole export, retries included: the client's timeouts measure network
  // silence only, and a trickling or stuck answer must still end as a recorded failure.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DayFetchTimeout(fetchTimeoutMs)), fetchTimeoutMs);
  // Also stopped when the Platform is found failing for several locations at once: its retries
  // would only add to the outage (location-health.ts).
  const signal = AbortSignal.any([abort.signal, health.outageSignal()]);
  try {
    // The scope before anything: a credential without kitchen:read sends no read at all.
    await client.kitchen.requireScope({ signal });
    // The schedule first: a day is never stored with its services unknown because a read failed.
    dayParts = {
      closeoutHour: restaurant.closeoutHour,
      services: servicesOn(serviceWeek ? await serviceWeek(restaurant.guid) : null, date),
      diningChannels: await diningChannelsNow(f.diningOptions, restaurant.guid),
    };
    // The quote with it, for the same reason: the day keeps the quote in force when it was read.
    dayQuote = quote ? await quote(restaurant.guid) : null;
    // raceAbort: settles at the bound even if some wait inside the client missed the signal.
    const result = await raceAbort(
      client.kitchen.itemFulfillments(restaurant.guid, date, { signal }),
      signal,
    );
    if (result.kind === "not-entitled") {
      // Stored like any day: the store is where the restaurant's entitlement is learnt.
      await store.saveNotEntitled(q, restaurant.guid, date, startedAt);
      await health.succeeded(restaurant.guid, startedAt);
      return;
    }
    // Record by record: duplicates, other restaurants' records and records without a level
    // are counted and left out, never a failed day.
    day = ingestDay(result, restaurant.guid);
  } catch (error) {
    const reason =
      signal.aborted &&
      (signal.reason instanceof DayFetchTimeout || signal.reason instanceof PlatformOutageError)
        ? (signal.reason as Error).message
        : describeFetchFailure(error);
    if (abort.signal.aborted)
      console.warn(`[kitchen] the fetch of ${restaurant.guid}|${date} ${reason}; recorded as failed`);
    // At the end of the attempt: a retry is due from when it failed, not from when it began.
    const endedAt = now();
    await store.saveFailure(q, restaurant.guid, date, endedAt, reason);
    await health.failed(
      restaurant.guid,
      signal.aborted ? signal.reason : error,
      { startedAt, endedAt },
      reason,
    );
    return;
  } finally {
    clearTimeout(timer);
  }
  await storeIngestedDay(store, q, restaurant, date, {
    day,
    dayParts,
    quote: dayQuote,
    status: phase === "closed" ? "complete" : "open",
    attemptedAt: startedAt,
  });
  await health.succeeded(restaurant.guid, startedAt);
  if (phase !== "closed") return "open";
}

/**
 * Starts the fetch of every date of the range that needs one (through the queue, at the front)
 * and waits for them ("settled": until all have), then returns the stored rows. A wait in ms
 * counts from when the dates were first asked for: two requests at once both get it, while a
 * page polling for progress (its dates long on the way) is answered at once. The fetches carry
 * on either way and a later request reads them.
 */
async function requestRange(
  f: Fetcher,
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  wait: number | "settled",
): Promise<Map<string, DayRow>> {
  const { store, config, now, health, queue, openQueue, completeRows } = f;
  if (dates.length === 0) return new Map();
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const known = dates.map((d) => completeRows.get(`${restaurant.guid}|${d}`));
  if (known.every((row) => row !== undefined)) return new Map(known.map((row) => [row!.businessDate, row!]));
  const at = now();
  let rows = await store.dayRows(restaurant.guid, from, to);
  const start = kitchenDataStart(restaurant);
  const phases = new Map(dates.map((d) => [d, datePhase(d, restaurant, at, config.closeGraceMinutes)]));
  const wanted = dates.filter(
    (d) => d >= start && needsFetch(rows.get(d), phases.get(d)!, at, config, restaurant),
  );
  const held = wanted.length > 0 ? await health.state(restaurant.guid) : { kind: "ok" as const };
  // A held location is answered at once with the reason, unless its time has come: then the
  // dates are queued and the fetcher lets one of them through as the try.
  if (held.kind !== "ok" && !held.due) return heldAnswerOf(f, restaurant, dates, rows, held);
  if (wanted.length > 0) {
    const enqueue = (list: readonly string[]) =>
      enqueueByPhase({ queue, openQueue }, list, phases, (d) => ({
        key: `${restaurant.guid}|${d}`,
        run: () => fetchDay(f, restaurant, d),
      }));
    rows = await fetchInRounds(
      enqueue,
      wanted,
      wait,
      () => store.dayRows(restaurant.guid, from, to),
      async () => (await health.state(restaurant.guid)).kind === "ok",
    );
    // Dates not asked as the location is (or became) held, or failed as it did, say why (and carry the hold).
    if (wanted.some((d) => unanswered(rows, d))) rows = await heldAnswerOf(f, restaurant, dates, rows);
  }
  for (const row of rows.values())
    if (row.status === "complete" && !isProvisional(row, restaurant, config))
      rememberComplete(f, restaurant.guid, row);
  return rows;
}

/** The rows with a held location's unasked dates answered with the reason; a date in flight here stays pending. */
function heldAnswerOf(
  { health, inflight }: Fetcher,
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  state?: LocationFetchState,
): Promise<Map<string, DayRow>> {
  return health.heldAnswer(restaurant, dates, rows, (d) => inflight.has(`${restaurant.guid}|${d}`), state);
}

function rememberComplete({ completeRows }: Fetcher, guid: string, row: DayRow): void {
  // Rows are small; the bound only keeps a years-long process from growing without end.
  if (completeRows.size >= COMPLETE_ROWS_KEPT) completeRows.delete(completeRows.keys().next().value!);
  completeRows.set(`${guid}|${row.businessDate}`, row);
}

/** A stored day turned out unreadable: it is no longer known complete. */
function forget({ completeRows }: Fetcher, guid: string, date: string): void {
  completeRows.delete(`${guid}|${date}`);
}

/**
 * Queues the dates' fetches (at the front) and waits for them ("settled": until all have; a wait
 * in ms from when they were first asked for). If every one settled and some were skipped while
 * the location was held, and it no longer is (the try, or a fetch in flight at the same time,
 * answered), those are queued once more within the same wait. Returns the stored rows.
 */
async function fetchInRounds(
  enqueue: (dates: readonly string[]) => { settled: Promise<void>[]; askedAt: number },
  wanted: readonly string[],
  wait: number | "settled",
  stored: () => Promise<Map<string, DayRow>>,
  locationOk: () => Promise<boolean>,
): Promise<Map<string, DayRow>> {
  let deadline: number | undefined;
  const round = async (dates: readonly string[]): Promise<boolean> => {
    const { settled, askedAt } = enqueue(dates);
    let done = false;
    const all = Promise.allSettled(settled).then(() => void (done = true));
    if (wait === "settled") await all;
    else await settledWithin(all, (deadline ??= askedAt + wait) - Date.now());
    return done;
  };
  const settledAll = await round(wanted);
  const rows = await stored();
  const skipped = settledAll ? wanted.filter((d) => !rows.has(d)) : [];
  if (skipped.length === 0 || !(await locationOk())) return rows;
  await round(skipped);
  return stored();
}

/**
 * The day's snapshot of the dining options a flag sends to their own channel. A failed read leaves
 * it empty (channels by behavior, as before channels existed) rather than failing the day: a
 * credential may lack the configuration scope, and the kitchen's times must still be kept.
 */
async function diningChannelsNow(
  read: DayFetcherDeps["diningOptions"],
  restaurantGuid: string,
): Promise<DiningChannel[]> {
  if (!read) return [];
  try {
    return diningChannelsOf(await read(restaurantGuid));
  } catch (error) {
    console.warn(
      `[kitchen] dining options of ${restaurantGuid} unread (${describeFetchFailure(error)}): channels by behavior`,
    );
    return [];
  }
}

/** Summarised in full before anything is written: a day is stored whole or not at all. */
async function storeIngestedDay(
  store: KitchenStore,
  q: Parameters<Parameters<Database["withLock"]>[1]>[0],
  restaurant: KitchenRestaurant,
  date: string,
  {
    day,
    dayParts,
    quote,
    status,
    attemptedAt,
  }: {
    day: IngestedDay;
    dayParts: DayParts;
    quote: RestaurantQuote | null;
    status: "complete" | "open";
    attemptedAt: number;
  },
): Promise<void> {
  const summarised = summariseDay(
    day.measurable,
    date,
    restaurant.timeZone,
    dayParts,
    quote ? { quote } : {},
  );
  const summary = encodeDaySummary(summarised);
  const tickets = encodeTicketFacts(buildTicketFacts(day.records, date, dayParts.diningChannels));
  await store.saveDay(q, restaurant.guid, date, {
    status,
    attemptedAt,
    summary,
    tickets,
    records: day.records,
    ingest: day.counts,
    // A complete day's digest with it (the Overview reads only complete days; an open one is
    // stored again when it closes): the first Overview over the store decodes no day.
    ...(status === "complete" ? { levelDigest: levelDigestOf(summarised) } : {}),
  });
}

/** Queues the dates' fetches: the open date's refreshes in their own queue, so history never waits behind them. */
function enqueueByPhase(
  queues: { queue: ReturnType<typeof createFetchQueue>; openQueue: ReturnType<typeof createFetchQueue> },
  dates: readonly string[],
  phases: ReadonlyMap<string, DatePhase>,
  job: (date: string) => QueuedFetch,
): { settled: Promise<void>[]; askedAt: number } {
  const history = queues.queue.enqueue(dates.filter((d) => phases.get(d) !== "open").map(job));
  const open = queues.openQueue.enqueue(dates.filter((d) => phases.get(d) === "open").map(job));
  return { settled: [...history.settled, ...open.settled], askedAt: Math.max(history.askedAt, open.askedAt) };
}

/** Waits for `promise` at most `ms`; never rejects. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  if (ms <= 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([
      promise.then(
        () => undefined,
        () => undefined,
      ),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A date with no answer yet, or a failed one: a held location's answer says why (location-health.ts). */
const unanswered = (rows: Map<string, DayRow>, date: string) =>
  (rows.get(date)?.status ?? "failed") === "failed";
