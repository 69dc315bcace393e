import "server-only";

import { enumerateBusinessDates } from "@/lib/business-date/business-date";
import { everyPeriodWithin, wholePeriodsWithin, type DatePeriod } from "@/lib/business-date/periods";
import { DatabaseClosedError } from "@/lib/db/database";
import { KITCHEN_METRICS, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import type { DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { addDaysInSteps, detailBytesOf, type Rollup } from "@/lib/kitchen/query/rollup";
import { unpack, type DayRow, type KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import { decodeRollup, encodeRollup, ROLLUP_FORMAT } from "@/lib/kitchen/storage/rollup-codec";

import { DayCache, heldBytes } from "./day-cache";

/**
 * Rollups for a range: the whole weeks and months inside it whose every date is closed
 * (complete, or answered 204), summed once and kept in the store, so a long range merges a few
 * rollups plus the days at its edges. A rollup stands for exactly the days (and their fetch
 * instants) it was built from; when the store says otherwise it is not used, and built again.
 *
 * Built off the request path: the backfill (backfill.ts) calls `buildComplete` over its window once
 * a location's dates are stored, which builds every month and ISO week whose dates are all closed
 * and whose stored rollup is missing or stands for other days (a day replaced by its settle read
 * drops the rollups of its periods: kitchen-store.ts saveDay) or an older format. Stored, they
 * stay warm across restarts. The request path builds one only as a fallback, after answering from
 * the days: a period the backfill does not keep (older than KITCHEN_BACKFILL_DAYS, or the backfill
 * off), or one it has not reached yet. Builds run one at a time, in the background.
 */

const DEFAULT_CACHE_BYTES = 128 * 1024 * 1024;

export interface RollupReaderDeps {
  store: KitchenStore;
  /** The decoded days of a period, to build its rollup from (the day reader's). */
  daySummaries: (guid: string, dates: readonly string[], rows: Map<string, DayRow>) => Promise<DaySummary[]>;
  cacheBytes?: number;
}

export interface RangeSplit {
  /** Per metric asked: the rollups of the covered periods. */
  rollups: Map<KitchenMetric, Rollup[]>;
  /** The dates no rollup covers, ascending. */
  rest: string[];
}

/** "f<format>|date:fetchedAt,..." of the period's complete dates; null when a date is not closed. */
function versionOf(
  period: DatePeriod,
  rows: Map<string, DayRow>,
): { version: string; dates: string[]; fetchedAt: number[] } | null {
  const dates: string[] = [];
  const fetchedAt: number[] = [];
  for (const date of enumerateBusinessDates(period.start, period.end)) {
    const row = rows.get(date);
    if (row?.status === "complete" && row.fetchedAt !== null) {
      dates.push(date);
      fetchedAt.push(row.fetchedAt);
    } else if (row?.status !== "not_entitled") return null;
  }
  if (dates.length === 0) return null;
  const days = dates.map((d, i) => `${d}:${fetchedAt[i]}`).join(",");
  return { version: `f${ROLLUP_FORMAT}|${days}`, dates, fetchedAt };
}

/** The periods inside [from, to] (months and every ISO week) all closed whose stored rollup is not of their days now, newest first. */
async function stalePeriods(store: KitchenStore, guid: string, from: string, to: string) {
  if (from > to) return { stale: [], rows: new Map<string, DayRow>() };
  const rows = await store.dayRows(guid, from, to);
  const periods = everyPeriodWithin(from, to).flatMap((period) => {
    const v = versionOf(period, rows);
    return v ? [{ period, version: v.version }] : [];
  });
  const stored = await store.rollupVersions(
    guid,
    periods.map((p) => p.period),
  );
  const stale = periods.filter((p) => stored.get(`${p.period.kind}:${p.period.start}`) !== p.version);
  return { stale: stale.map((p) => p.period).reverse(), rows };
}

export function createRollupReader({
  store,
  daySummaries,
  cacheBytes = DEFAULT_CACHE_BYTES,
}: RollupReaderDeps) {
  const cache = new DayCache<Rollup, string>(cacheBytes, (r) => heldBytes(r) + r.detailBytes);
  let queue: Promise<void> = Promise.resolve();
  /** Builds queued and not yet settled, by "guid|kind:start". */
  const queued = new Map<string, Promise<void>>();
  const keyOf = (guid: string, p: DatePeriod, metric: KitchenMetric) =>
    `${guid}|${p.kind}:${p.start}|${metric}`;

  /**
   * Splits the range (its dates, ascending and contiguous) into ready rollups of the metrics and
   * the other dates. A period is covered only when every metric's rollup is ready. `withDetail`:
   * the filters need the rollups' full cubes, not only their marginals. `breaks`: target changes; a
   * period holding one after its first date is left to its days (a rollup cannot be split by day).
   */
  async function split(
    guid: string,
    dates: readonly string[],
    rows: Map<string, DayRow>,
    metrics: readonly KitchenMetric[],
    withDetail: boolean,
    breaks: readonly string[] = [],
  ): Promise<RangeSplit> {
    const rollups = new Map<KitchenMetric, Rollup[]>(metrics.map((m) => [m, []]));
    if (dates.length === 0) return { rollups, rest: [] };
    const eligible = wholePeriodsWithin(dates[0]!, dates.at(-1)!).flatMap((period) => {
      if (breaks.some((b) => b > period.start && b <= period.end)) return [];
      const v = versionOf(period, rows);
      return v ? [{ period, ...v }] : [];
    });
    const found = new Map<string, Rollup>();
    const missing = new Map<KitchenMetric, typeof eligible>();
    for (const metric of metrics) {
      const notCached = eligible.filter((e) => {
        const hit = cache.get(keyOf(guid, e.period, metric), e.version);
        const usable = hit && (hit.detail || !withDetail);
        if (usable) found.set(keyOf(guid, e.period, metric), hit);
        return !usable;
      });
      missing.set(metric, notCached);
    }
    for (const [metric, list] of missing) {
      // One period a query: a year's details in one result grew PGlite's memory (which never
      // shrinks) by hundreds of MB, and held every encoded row at once.
      for (const e of list) {
        const row = (await store.rollups(guid, metric, [e.period], withDetail)).get(
          `${e.period.kind}:${e.period.start}`,
        );
        if (!row || row.version !== e.version) continue;
        try {
          const rollup = decodeRollup(unpack(row.packed), row.detail === null ? null : unpack(row.detail));
          // Decoded now, so a damaged detail is found here and not in the middle of a merge; then
          // counted exactly for the cache.
          const detail = rollup.detail?.();
          if (detail) rollup.detailBytes = detailBytesOf(detail);
          cache.set(keyOf(guid, e.period, metric), e.version, rollup);
          found.set(keyOf(guid, e.period, metric), rollup);
        } catch (error) {
          // Built again from the days, which stay the source of truth.
          console.warn(
            `[kitchen] stored rollup ${keyOf(guid, e.period, metric)} is unreadable, building it again: ${String(error)}`,
          );
        }
      }
    }
    const covered = new Set<string>();
    for (const e of eligible) {
      const ready = metrics.map((m) => found.get(keyOf(guid, e.period, m)));
      if (ready.every((r) => r !== undefined)) {
        metrics.forEach((m, i) => rollups.get(m)!.push(ready[i]!));
        for (const d of enumerateBusinessDates(e.period.start, e.period.end)) covered.add(d);
      } else {
        // The fallback: the backfill keeps the periods of its window built (buildComplete).
        void build(guid, e.period, rows);
      }
    }
    return { rollups, rest: dates.filter((d) => !covered.has(d)) };
  }

  /** Queues a period's build (every metric at once: they share their cells); resolves when it has settled. */
  function build(guid: string, period: DatePeriod, rows: Map<string, DayRow>): Promise<void> {
    const key = `${guid}|${period.kind}:${period.start}`;
    const pending = queued.get(key);
    if (pending) return pending;
    const snapshot = new Map(rows);
    const done = queue
      .then(() => buildNow(guid, period, snapshot))
      .catch((error: unknown) => {
        // The store closed under a queued build (shutdown, a test's teardown): nothing was lost,
        // the period is built again from its days the next time a range asks for it.
        if (error instanceof DatabaseClosedError) return;
        console.warn(`[kitchen] building the rollup ${key} failed: ${String(error)}`);
      })
      .finally(() => queued.delete(key));
    queued.set(key, done);
    queue = done;
    return done;
  }

  /**
   * The backfill's call: builds the stored rollups of every month and ISO week inside [from, to]
   * whose dates are all closed and whose stored rollup is missing or stands for other days or an
   * older format, newest first. Resolves when they are built; returns how many were built.
   */
  async function buildComplete(guid: string, from: string, to: string): Promise<number> {
    const { stale, rows } = await stalePeriods(store, guid, from, to);
    await Promise.all(stale.map((period) => build(guid, period, rows)));
    return stale.length;
  }

  async function buildNow(guid: string, period: DatePeriod, rows: Map<string, DayRow>): Promise<void> {
    const v = versionOf(period, rows);
    if (!v) return;
    const days = await daySummaries(guid, v.dates, rows);
    // A day that no longer decodes is fetched again; the period waits for it.
    if (days.length !== v.dates.length || days.some((d, i) => d.businessDate !== v.dates[i])) return;
    // A step at a time, letting requests in between: a month's build is about a second of CPU.
    const steps = addDaysInSteps(period.kind, period.start, days, v.fetchedAt);
    let step = steps.next();
    while (!step.done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      step = steps.next();
    }
    const perMetric = step.value;
    await store.saveRollups(
      guid,
      period.kind,
      period.start,
      v.version,
      KITCHEN_METRICS.map((metric) => ({ metric, ...encodeRollup(perMetric[metric]) })),
    );
    for (const metric of KITCHEN_METRICS)
      cache.set(keyOf(guid, period, metric), v.version, perMetric[metric]);
  }

  return {
    /** The rollup cache's counters, for GET /api/health. */
    cacheStats: () => cache.stats(),
    split,
    buildComplete,
    /** Resolves when every build queued so far has settled (tests, the benchmark). */
    settled: async (): Promise<void> => {
      while (queued.size > 0) await queue;
    },
  };
}
