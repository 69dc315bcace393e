import "server-only";
import { datePhase } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import { describeFetchFailure } from "@/lib/kitchen/ingest/fetch-failure";
import { ingestDay, type IngestedDay } from "@/lib/kitchen/ingest/ingest";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import { buildTicketFacts, encodeTicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import { encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import type { PlatformClient } from "@/lib/platform/types";
import { mapLimit } from "./map-limit";
import { needsFetch, type KitchenRestaurant, type KitchenServiceConfig } from "./service-config";

/**
 * The kitchen day fetch: each business date of a restaurant is fetched from the Platform once
 * (closed dates) or at most every KITCHEN_OPEN_REFRESH_S (the open one), read record by record,
 * summarised, and stored whole (summary, ticket facts, raw records) in one transaction.
 */

const DEFAULT_CONCURRENCY = 8;
// How long one request waits on a day's fetch; the fetch itself carries on (the client's
// timeouts bound it) and a later request joins it.
const DEFAULT_FETCH_DEADLINE_MS = 180_000;
const COMPLETE_ROWS_KEPT = 200_000;

export interface DayFetcherDeps {
  db: Database;
  store: KitchenStore;
  client: Pick<PlatformClient, "kitchen">;
  config: KitchenServiceConfig;
  now: () => number;
}

export type DayFetcher = ReturnType<typeof createDayFetcher>;

export function createDayFetcher({ db, store, client, config, now }: DayFetcherDeps) {
  const inflight = new Map<string, Promise<void>>();
  // Fetches a request (or the entitlement probe) is waiting on: the backfill holds back while any
  // is in flight, so a person asking never queues behind history behind the FIFO rate limiter.
  let interactive = 0;
  // A complete day is final: a range of complete days needs no query at all.
  const completeRows = new Map<string, DayRow>();

  /**
   * One upstream fetch per restaurant and date at a time: in this process through the in-flight
   * map, across instances on PostgreSQL through the day's advisory lock. Whoever gets the lock
   * second re-reads the row and finds the day already stored.
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
    return withDeadline(pending, key);
  }

  async function fetchAndStore(q: Parameters<Parameters<Database["withLock"]>[1]>[0], restaurant: KitchenRestaurant, date: string): Promise<void> {
    const startedAt = now();
    const phase = datePhase(date, restaurant, startedAt, config.closeGraceMinutes);
    if (!needsFetch(await store.dayRow(q, restaurant.guid, date), phase, startedAt, config)) return;
    let day: IngestedDay;
    try {
      const result = await client.kitchen.itemFulfillments(restaurant.guid, date);
      if (result.kind === "not-entitled") {
        // Stored like any day: the store is where the restaurant's entitlement is learnt.
        await store.saveNotEntitled(q, restaurant.guid, date, startedAt);
        return;
      }
      // Record by record: duplicates, other restaurants' records and records without a level
      // are counted and left out, never a failed day.
      day = ingestDay(result, restaurant.guid);
    } catch (error) {
      await store.saveFailure(q, restaurant.guid, date, startedAt, describeFetchFailure(error));
      return;
    }
    // Summarised in full before anything is written: a day is stored whole or not at all.
    const summary = encodeDaySummary(summariseDay(day.measurable, date, restaurant.timeZone));
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
   * A request waits for a day's fetch until the deadline, then answers with the date pending. The
   * fetch itself goes on and stays in the in-flight map until it settles (the client's timeouts
   * bound it), so a later request joins it instead of downloading the day a second time.
   */
  function withDeadline(pending: Promise<void>, key: string): Promise<void> {
    const deadline = config.fetchDeadlineMs ?? DEFAULT_FETCH_DEADLINE_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.warn(`[kitchen] the fetch of ${key} has not settled after ${deadline} ms; answering without it while it goes on`);
        resolve();
      }, deadline);
      timer.unref?.();
    });
    return Promise.race([pending, expired]).finally(() => clearTimeout(timer));
  }

  /** Fetches whatever the range lacks (bounded concurrency), then returns the stored rows. */
  async function ensureRange(restaurant: KitchenRestaurant, dates: readonly string[]): Promise<Map<string, DayRow>> {
    if (dates.length === 0) return new Map();
    const from = dates[0]!;
    const to = dates[dates.length - 1]!;
    const known = dates.map((d) => completeRows.get(`${restaurant.guid}|${d}`));
    if (known.every((row) => row !== undefined)) return new Map(known.map((row) => [row!.businessDate, row!]));
    const at = now();
    let rows = await store.dayRows(restaurant.guid, from, to);
    const wanted = dates.filter((d) => needsFetch(rows.get(d), datePhase(d, restaurant, at, config.closeGraceMinutes), at, config));
    if (wanted.length > 0) {
      await mapLimit(wanted, config.fetchConcurrency ?? DEFAULT_CONCURRENCY, (d) => fetchDay(restaurant, d));
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

  return { fetchDay, ensureRange, forget, interactiveInFlight: () => interactive };
}
