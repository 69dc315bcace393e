import "server-only";

import { LRUCache } from "lru-cache";

import type { DateCoverage } from "@/lib/kitchen/contract/responses";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

import type { KitchenRestaurant } from "./service-config";

/**
 * Answers of closed ranges, kept by query (issue 31): a warm range asked again (the server's
 * render, then the browser; the Overview every few seconds) is not merged again. One cache per
 * kitchen service, so per process, shared by every route and page that asks the service.
 *
 * An entry is used only while its fingerprint matches the request's: the stored version of every
 * date of the range (status, fetched-at, attempted-at, record count: a settle re-read or a refetch
 * changes it), the range's coverage (provisional, not entitled...) and the targets in force. The
 * fingerprint is read from the very rows the request has just read from the store, so an answer is
 * never older than the store. Ranges holding the open date or a failed one are not kept at all:
 * they change with every refresh or retry.
 */

const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

interface AnswerCacheStats {
  hits: number;
  misses: number;
  /** Answers not kept: their range held the open date or a failed one. */
  uncacheable: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

interface Entry {
  fingerprint: string;
  value: unknown;
  bytes: number;
}

export function createAnswerCache(maxBytes: number = DEFAULT_ANSWER_CACHE_BYTES) {
  // lru-cache refuses a maxSize of 0: a budget of 0 keeps nothing.
  const entries =
    maxBytes > 0
      ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, e.bytes) })
      : null;
  const stats = { hits: 0, misses: 0, uncacheable: 0 };

  /**
   * The cached answer of `key` while `fingerprint` still holds, else `compute`'s, kept when the
   * fingerprint read after it is still the same (a day found unreadable on the way changes it).
   * A null fingerprint: not cacheable, computed every time.
   */
  async function through<T>(
    key: string,
    fingerprint: () => string | null,
    compute: () => Promise<T>,
  ): Promise<T> {
    const before = fingerprint();
    if (before === null) {
      stats.uncacheable++;
      return compute();
    }
    const hit = entries?.get(key);
    if (hit && hit.fingerprint === before) {
      stats.hits++;
      return hit.value as T;
    }
    stats.misses++;
    const value = await compute();
    if (entries && fingerprint() === before)
      entries.set(key, { fingerprint: before, value, bytes: approximateBytes(value) });
    return value;
  }

  return {
    through,
    stats: (): AnswerCacheStats => ({
      ...stats,
      entries: entries?.size ?? 0,
      bytes: entries?.calculatedSize ?? 0,
      maxBytes,
    }),
  };
}

/**
 * An answer's memory, estimated as twice its JSON text: a parsed object tree of numbers and short
 * strings takes about that on V8's heap. Computed once, when the answer is kept.
 */
function approximateBytes(value: unknown): number {
  return 2 * (JSON.stringify(value)?.length ?? 0);
}

/** The query as a key: its defined fields in name order (callers build their objects in any order). */
export function answerKey(
  kind: string,
  restaurant: KitchenRestaurant,
  query: object,
  extra: unknown = null,
): string {
  const fields = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // What the answer shows of the restaurant, and what its hours and day parts depend on.
  const who = [
    restaurant.guid,
    restaurant.name,
    restaurant.timeZone,
    restaurant.closeoutHour,
    restaurant.firstBusinessDate ?? null,
  ];
  return JSON.stringify([kind, who, fields, extra]);
}

/**
 * The state a range's answer is computed from: each date's stored version and the coverage, with
 * the targets in force. Null when the range holds the open date or a failed one.
 */
export function rangeFingerprint(
  dates: readonly string[],
  rows: ReadonlyMap<string, DayRow>,
  coverage: DateCoverage,
  targets: unknown,
): string | null {
  if (coverage.open.length > 0 || coverage.failed.length > 0 || coverage.pending.length > 0) return null;
  const versions = dates.map((date) => {
    const r = rows.get(date);
    return r ? `${r.status}:${r.fetchedAt}:${r.attemptedAt}:${r.recordCount}` : "-";
  });
  return JSON.stringify([dates.length, dates[0], dates.at(-1), versions, coverage, targets]);
}
