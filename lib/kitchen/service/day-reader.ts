import "server-only";

import type { DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { decodeTicketFacts, type TicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import { decodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import { unpack, type DayRow, type KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import { usableDates } from "./coverage";
import { DayCache, heldBytes } from "./day-cache";

/**
 * The stored days, decoded: summaries and ticket facts of the usable dates of a range, from
 * memory (a byte-bounded cache keyed by the day's fetch time, so a refreshed open day is never
 * served stale) or from the store.
 */

/** KITCHEN_CACHE_MB's default (lib/env.ts), for services built without it (tests, benchmarks). */
export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
const UNREADABLE = "the stored copy could not be read; it is fetched again";
/** Days read from the store per query. */
const LOAD_CHUNK_DAYS = 16;

export interface DayReaderDeps {
  store: KitchenStore;
  cacheBytes?: number;
  /** Told of a stored day that no longer decodes (the day fetcher forgets it was complete). */
  onUnreadable: (guid: string, date: string) => void;
}

export function createDayReader({ store, cacheBytes = DEFAULT_CACHE_BYTES, onUnreadable }: DayReaderDeps) {
  const summaryCache = new DayCache<DaySummary>(Math.floor(cacheBytes * 0.75), heldBytes);
  const ticketCache = new DayCache<TicketFacts>(Math.floor(cacheBytes * 0.25), heldBytes);

  /**
   * The decoded data of the usable dates of `rows`. A stored day that no longer decodes (a
   * damaged row, or one written by an older format) is marked failed, so the next request
   * fetches it again, and reported as failed in this answer (`rows` is updated).
   */
  async function decoded<V extends object>(
    guid: string,
    dates: readonly string[],
    rows: Map<string, DayRow>,
    cache: DayCache<V>,
    load: (dates: string[]) => Promise<Map<string, { fetchedAt: number; packed: string }>>,
    decode: (bytes: Uint8Array) => V,
  ): Promise<V[]> {
    const wanted = usableDates(dates, rows);
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const { date, version } of wanted) {
      const hit = cache.get(`${guid}|${date}`, version);
      if (hit) out.set(date, hit);
      else missing.push(date);
    }
    const unreadable: string[] = [];
    // A few days a query: a year of days in one result grew PGlite's memory (which never shrinks)
    // and held every packed day at once.
    for (let i = 0; i < missing.length; i += LOAD_CHUNK_DAYS) {
      for (const [date, blob] of await load(missing.slice(i, i + LOAD_CHUNK_DAYS))) {
        try {
          const value = decode(unpack(blob.packed));
          cache.set(`${guid}|${date}`, blob.fetchedAt, value);
          out.set(date, value);
        } catch (error) {
          console.warn(
            `[kitchen] stored data of ${guid} ${date} is unreadable, fetching it again: ${String(error)}`,
          );
          unreadable.push(date);
        }
      }
    }
    if (unreadable.length > 0) {
      await store.markUnreadable(guid, unreadable, UNREADABLE);
      for (const date of unreadable) {
        onUnreadable(guid, date);
        rows.set(date, {
          ...rows.get(date)!,
          status: "failed",
          reason: UNREADABLE,
          attemptedAt: 0,
          fetchedAt: null,
        });
      }
    }
    return wanted.flatMap(({ date }) => (out.has(date) ? [out.get(date)!] : []));
  }

  return {
    /** The two caches' counters, for GET /api/health. */
    cacheStats: () => ({ summaries: summaryCache.stats(), ticketFacts: ticketCache.stats() }),
    daySummaries: (guid: string, dates: readonly string[], rows: Map<string, DayRow>) =>
      decoded(guid, dates, rows, summaryCache, (d) => store.summaries(guid, d), decodeDaySummary),
    dayTicketFacts: (guid: string, dates: readonly string[], rows: Map<string, DayRow>) =>
      decoded(guid, dates, rows, ticketCache, (d) => store.ticketFacts(guid, d), decodeTicketFacts),
  };
}
