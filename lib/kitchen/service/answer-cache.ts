import "server-only";

import { LRUCache } from "lru-cache";

import { DatabaseClosedError } from "@/lib/db/database";
import type { DateCoverage } from "@/lib/kitchen/contract/responses";
import type { KeptAnswers } from "@/lib/kitchen/storage/kept-answers";
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
 *
 * With `kept` (storage/kept-answers.ts) each answer computed is also written to the database, off
 * the request path, and a miss in memory reads it from there before computing: the first request
 * after a restart reads one row. Its key also holds ANSWER_FORMAT.
 */

/**
 * The format of the answers kept in the database: bump it with any change to what an answer holds
 * or how it is computed, so a new build never reads an older build's answers.
 */
const ANSWER_FORMAT = 1;

const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

interface AnswerCacheStats {
  hits: number;
  misses: number;
  /** Answers not kept: their range held the open date or a failed one. */
  uncacheable: number;
  /** Misses in memory answered from the database's kept answers (counted among the hits too). */
  keptHits: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

interface Entry {
  fingerprint: string;
  value: unknown;
  /**
   * Its memory, estimated as twice its JSON text: a parsed object tree of numbers and short
   * strings takes about that on V8's heap.
   */
  bytes: number;
}

export function createAnswerCache(
  maxBytes: number = DEFAULT_ANSWER_CACHE_BYTES,
  kept: KeptAnswers | null = null,
) {
  // lru-cache refuses a maxSize of 0: a budget of 0 keeps nothing.
  const entries =
    maxBytes > 0
      ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, e.bytes) })
      : null;
  const stats = { hits: 0, misses: 0, uncacheable: 0, keptHits: 0 };
  /** The database writes of kept answers, one at a time, after the answers went out. */
  let writes: Promise<void> = Promise.resolve();

  const keep = (key: string, owner: string, fingerprint: string, json: string) => {
    if (!kept) return;
    writes = writes
      .then(() => kept.write(`a${ANSWER_FORMAT}|${key}`, owner, fingerprint, json))
      .catch((error: unknown) => {
        // A closed store (shutdown, a test's teardown) loses nothing: the answer is computed again.
        if (!(error instanceof DatabaseClosedError))
          console.warn(`[kitchen] keeping an answer in the database failed: ${String(error)}`);
      });
  };

  /** The kept answer of `key` while its fingerprint is `fingerprint`; a row that cannot be read is ignored. */
  const keptAnswer = async (key: string, fingerprint: string) => {
    if (!kept) return undefined;
    try {
      const row = await kept.read(`a${ANSWER_FORMAT}|${key}`);
      return row && row.fingerprint === fingerprint
        ? { value: JSON.parse(row.json) as unknown, bytes: 2 * row.json.length }
        : undefined;
    } catch (error) {
      if (!(error instanceof DatabaseClosedError))
        console.warn(`[kitchen] reading a kept answer failed, computing it: ${String(error)}`);
      return undefined;
    }
  };

  /**
   * The cached answer of `key` while `fingerprint` still holds, else `compute`'s, kept when the
   * fingerprint read after it is still the same (a day found unreadable on the way changes it).
   * A null fingerprint: not cacheable, computed every time. `owner`: the restaurant, for the
   * database's row.
   */
  async function through<T>(
    key: string,
    fingerprint: () => string | null,
    compute: () => Promise<T>,
    owner = "",
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
    if (entries) {
      // Kept answers only back the memory cache: with it off (a budget of 0) every answer is computed.
      const stored = await keptAnswer(key, before);
      if (stored !== undefined && fingerprint() === before) {
        stats.hits++;
        stats.keptHits++;
        entries.set(key, { fingerprint: before, ...stored });
        return stored.value as T;
      }
    }
    stats.misses++;
    const value = await compute();
    if (entries && fingerprint() === before) {
      const json = JSON.stringify(value) ?? "null";
      entries.set(key, { fingerprint: before, value, bytes: 2 * json.length });
      keep(key, owner, before, json);
    }
    return value;
  }

  return {
    through,
    /** Resolves when the database writes of the answers computed so far have settled (tests). */
    keptSettled: async (): Promise<void> => {
      let last: Promise<void> | undefined;
      while (last !== writes) await (last = writes);
    },
    stats: (): AnswerCacheStats => ({
      ...stats,
      entries: entries?.size ?? 0,
      bytes: entries?.calculatedSize ?? 0,
      maxBytes,
    }),
  };
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
