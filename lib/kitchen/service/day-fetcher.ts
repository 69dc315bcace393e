import "server-only";
import { datePhase } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import { describeFetchFailure } from "@/lib/kitchen/ingest/fetch-failure";
import { ingestDay, type IngestedDay } from "@/lib/kitchen/ingest/ingest";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { servicesOn, type DayParts } from "@/lib/kitchen/ingest/day-parts";
import type { ServiceWeek } from "@/lib/restaurants/schedule";
import { buildTicketFacts, encodeTicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import { encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import { raceAbort } from "@/lib/platform/abortable";
import type { PlatformClient } from "@/lib/platform/types";
import { createFetchQueue } from "./fetch-queue";
import { needsFetch, type KitchenRestaurant, type KitchenServiceConfig } from "./service-config";

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
class DayFetchTimeout extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${formatSeconds(ms)}: the Platform's export did not finish`);
    this.name = "DayFetchTimeout";
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
}

export type DayFetcher = ReturnType<typeof createDayFetcher>;

export function createDayFetcher({ db, store, client, config, now, serviceWeek }: DayFetcherDeps) {
  const inflight = new Map<string, Promise<void>>();
  // Fetches a request (or the entitlement probe) started, running or queued: the backfill holds
  // back while any is, so a person asking never queues behind history behind the FIFO rate limiter.
  let interactive = 0;
  const queue = createFetchQueue(config.fetchConcurrency ?? DEFAULT_CONCURRENCY);
  // The open date's refreshes have slots of their own (see openFetchConcurrency).
  const openQueue = createFetchQueue(config.openFetchConcurrency ?? DEFAULT_OPEN_CONCURRENCY);
  const fetchTimeoutMs = config.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  // A complete day is final: a range of complete days needs no query at all.
  const completeRows = new Map<string, DayRow>();

  /**
   * One upstream fetch per restaurant and date at a time: in this process through the in-flight
   * map, across instances on PostgreSQL through the day's advisory lock. Whoever gets the lock
   * second re-reads the row and finds the day already stored. The promise always settles, within
   * fetchTimeoutMs of getting the lock (fetchAndStore), and the lock goes with it.
   */
  function fetchDay(restaurant: KitchenRestaurant, date: string, opts: { background?: boolean } = {}): Promise<void> {
    const key = `${restaurant.guid}|${date}`;
    let pending = inflight.get(key);
    if (!pending) {
      pending = db.withLock(`kitchen-day:${key}`, (q) => fetchAndStore(q, restaurant, date)).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    if (!opts.background) {
      interactive++;
      const done = () => void interactive--;
      pending.then(done, done);
    }
    return pending;
  }

  async function fetchAndStore(q: Parameters<Parameters<Database["withLock"]>[1]>[0], restaurant: KitchenRestaurant, date: string): Promise<void> {
    const startedAt = now();
    const phase = datePhase(date, restaurant, startedAt, config.closeGraceMinutes);
    if (!needsFetch(await store.dayRow(q, restaurant.guid, date), phase, startedAt, config)) return;
    let day: IngestedDay;
    let dayParts: DayParts;
    // A hard bound on the whole export, retries included: the client's timeouts measure network
    // silence only, and a trickling or stuck answer must still end as a recorded failure.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DayFetchTimeout(fetchTimeoutMs)), fetchTimeoutMs);
    try {
      // The schedule first: a day is never stored with its services unknown because a read failed.
      dayParts = { closeoutHour: restaurant.closeoutHour, services: servicesOn(serviceWeek ? await serviceWeek(restaurant.guid) : null, date) };
      // raceAbort: settles at the bound even if some wait inside the client missed the signal.
      const result = await raceAbort(client.kitchen.itemFulfillments(restaurant.guid, date, { signal: abort.signal }), abort.signal);
      if (result.kind === "not-entitled") {
        // Stored like any day: the store is where the restaurant's entitlement is learnt.
        await store.saveNotEntitled(q, restaurant.guid, date, startedAt);
        return;
      }
      // Record by record: duplicates, other restaurants' records and records without a level
      // are counted and left out, never a failed day.
      day = ingestDay(result, restaurant.guid);
    } catch (error) {
      const reason = abort.signal.aborted && abort.signal.reason instanceof DayFetchTimeout ? abort.signal.reason.message : describeFetchFailure(error);
      if (abort.signal.aborted) console.warn(`[kitchen] the fetch of ${restaurant.guid}|${date} ${reason}; recorded as failed`);
      await store.saveFailure(q, restaurant.guid, date, startedAt, reason);
      return;
    } finally {
      clearTimeout(timer);
    }
    // Summarised in full before anything is written: a day is stored whole or not at all.
    const summary = encodeDaySummary(summariseDay(day.measurable, date, restaurant.timeZone, dayParts));
    const tickets = encodeTicketFacts(buildTicketFacts(day.records, date));
    await store.saveDay(q, restaurant.guid, date, {
      status: phase === "closed" ? "complete" : "open",
      attemptedAt: startedAt,
      summary,
      tickets,
      records: day.records,
      ingest: day.counts,
    });
  }

  /**
   * Starts the fetch of every date of the range that needs one (through the queue, at the front)
   * and waits for them ("settled": until all have), then returns the stored rows. A wait in ms
   * counts from when the dates were first asked for: two requests at once both get it, while a
   * page polling for progress (its dates long on the way) is answered at once. The fetches carry
   * on either way and a later request reads them.
   */
  async function requestRange(restaurant: KitchenRestaurant, dates: readonly string[], wait: number | "settled"): Promise<Map<string, DayRow>> {
    if (dates.length === 0) return new Map();
    const from = dates[0]!;
    const to = dates[dates.length - 1]!;
    const known = dates.map((d) => completeRows.get(`${restaurant.guid}|${d}`));
    if (known.every((row) => row !== undefined)) return new Map(known.map((row) => [row!.businessDate, row!]));
    const at = now();
    let rows = await store.dayRows(restaurant.guid, from, to);
    const phases = new Map(dates.map((d) => [d, datePhase(d, restaurant, at, config.closeGraceMinutes)]));
    const wanted = dates.filter((d) => needsFetch(rows.get(d), phases.get(d)!, at, config));
    if (wanted.length > 0) {
      const jobs = (list: string[]) => list.map((d) => ({ key: `${restaurant.guid}|${d}`, run: () => fetchDay(restaurant, d) }));
      const history = queue.enqueue(jobs(wanted.filter((d) => phases.get(d) !== "open")));
      const open = openQueue.enqueue(jobs(wanted.filter((d) => phases.get(d) === "open")));
      const settled = [...history.settled, ...open.settled];
      const askedAt = Math.max(history.askedAt, open.askedAt);
      const all = Promise.allSettled(settled);
      if (wait === "settled") await all;
      else await settledWithin(all, askedAt + wait - Date.now());
      rows = await store.dayRows(restaurant.guid, from, to);
    }
    for (const row of rows.values()) if (row.status === "complete") rememberComplete(restaurant.guid, row);
    return rows;
  }

  function rememberComplete(guid: string, row: DayRow): void {
    // Rows are small; the bound only keeps a years-long process from growing without end.
    if (completeRows.size >= COMPLETE_ROWS_KEPT) completeRows.delete(completeRows.keys().next().value!);
    completeRows.set(`${guid}|${row.businessDate}`, row);
  }

  /** A stored day turned out unreadable: it is no longer known complete. */
  function forget(guid: string, date: string): void {
    completeRows.delete(`${guid}|${date}`);
  }

  return { fetchDay, requestRange, forget, interactiveInFlight: () => interactive + queue.waiting() + openQueue.waiting() };
}

/** Waits for `promise` at most `ms`; never rejects. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  if (ms <= 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.then(() => undefined, () => undefined), expired]);
  } finally {
    clearTimeout(timer);
  }
}
