import "server-only";

import { LRUCache } from "lru-cache";

import { datePhase } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import { DEFAULT_STUCK_MINUTES, stuckCutSeconds, type StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import type { TargetBook } from "@/lib/kitchen/contract/targets";
import { DEFAULT_TARGET_SECONDS, KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { levelDigestOf, LevelMerge } from "@/lib/kitchen/query/level-digest";
import { validateRange } from "@/lib/kitchen/query/range-query";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import { coverageOf, dateStates, usableDates } from "./coverage";
import type { createDayReader } from "./day-reader";
import type { KitchenLevelSummary } from "./range-answers";
import {
  kitchenDataStart,
  needsFetch,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "./service-config";

/**
 * The Overview's figures of many restaurants at once (issue 31: ≤ 1 s of CPU at 500 restaurants):
 * `levelSummary`'s answer, equal field for field, from each stored day's level digest
 * (level-digest.ts, kept in kitchen_day_levels and in memory) instead of its decoded cubes, with
 * the store read in a few queries for every restaurant together rather than several per restaurant.
 *
 * Only a restaurant whose every date of the ranges is stored complete and wants no fetch now
 * (needsFetch, the fetcher's own rule) is answered here; any other (a date to fetch or settle, a
 * failed or open date, not entitled) gets null and is the caller's to ask `levelSummary`, which
 * starts the fetches and reports progress as before.
 */

/** Memory for digests by default: about 1 KB a restaurant-day, so 60 days of 500 restaurants fit. */
const DEFAULT_DIGEST_CACHE_BYTES = 48 * 1024 * 1024;

export interface OverviewLevelsQuery {
  restaurant: KitchenRestaurant;
  ranges: readonly { from: string; to: string }[];
}

interface OverviewLevelsDeps {
  db: Database;
  store: KitchenStore;
  reader: Pick<ReturnType<typeof createDayReader>, "daySummaries">;
  config: KitchenServiceConfig;
  now: () => number;
}

interface Candidate {
  restaurant: KitchenRestaurant;
  ranges: string[][];
  rows: Map<string, DayRow>;
}

export function createOverviewLevels({ db, store, reader, config, now }: OverviewLevelsDeps) {
  const digests = new LRUCache<string, { version: number; digest: Uint8Array }>({
    maxSize: DEFAULT_DIGEST_CACHE_BYTES,
    sizeCalculation: (e) => e.digest.length + 64,
  });
  const stuckMinutes = config.stuckMinutes ?? DEFAULT_STUCK_MINUTES;

  /** The ranges' dates of a restaurant, if every one is stored complete and wants no fetch now. */
  function candidate(
    q: OverviewLevelsQuery,
    rows: Map<string, DayRow>,
    entitled: boolean | undefined,
    at: number,
  ): Candidate | null {
    if (entitled === false) return null;
    const r = q.restaurant;
    let ranges: string[][];
    try {
      ranges = q.ranges.map((range) => validateRange(range, r, at, config.maxRangeDays));
    } catch {
      return null;
    }
    const start = kitchenDataStart(r);
    for (const date of rows.keys()) if (date < start) rows.delete(date);
    for (const dates of ranges)
      for (const date of dates) {
        if (date < start) continue;
        const row = rows.get(date);
        const phase = datePhase(date, r, at, config.closeGraceMinutes);
        if (!row || row.status !== "complete" || needsFetch(row, phase, at, config, r)) return null;
      }
    return { restaurant: r, ranges, rows };
  }

  /** Every usable day's digest of the candidates: memory, then the table, then decoded once and stored. */
  async function digestsOf(candidates: readonly Candidate[], from: string, to: string) {
    const found = new Map<string, Uint8Array>();
    const missing = new Map<Candidate, { date: string; version: number }[]>();
    for (const c of candidates) {
      const usable = usableDates([...new Set(c.ranges.flat())], c.rows);
      for (const u of usable) {
        const key = `${c.restaurant.guid}|${u.date}`;
        const hit = digests.get(key);
        if (hit && hit.version === u.version) found.set(key, hit.digest);
        else if (missing.has(c)) missing.get(c)!.push(u);
        else missing.set(c, [u]);
      }
    }
    if (missing.size === 0) return found;
    const stored = await db.query<{
      restaurant_guid: string;
      business_date: string;
      fetched_at_ms: string | number;
      digest: string;
    }>(
      `SELECT restaurant_guid, business_date, fetched_at_ms, digest FROM kitchen_day_levels
        WHERE restaurant_guid = ANY($1::text[]) AND business_date BETWEEN $2 AND $3`,
      [[...missing.keys()].map((c) => c.restaurant.guid), from, to],
    );
    const storedBy = new Map(stored.map((s) => [`${s.restaurant_guid}|${s.business_date}`, s]));
    const written: [string, string, number, string][] = [];
    for (const [c, wanted] of missing) {
      const guid = c.restaurant.guid;
      const toDecode: string[] = [];
      for (const { date, version } of wanted) {
        const key = `${guid}|${date}`;
        const s = storedBy.get(key);
        if (s && Number(s.fetched_at_ms) === version) {
          const digest = new Uint8Array(Buffer.from(s.digest, "base64"));
          digests.set(key, { version, digest });
          found.set(key, digest);
        } else toDecode.push(date);
      }
      if (toDecode.length === 0) continue;
      // Once per stored day (and again after it is fetched again): its summary decoded, digested, kept.
      for (const day of await reader.daySummaries(guid, toDecode, c.rows)) {
        const key = `${guid}|${day.businessDate}`;
        const version = c.rows.get(day.businessDate)!.fetchedAt!;
        const digest = levelDigestOf(day);
        digests.set(key, { version, digest });
        found.set(key, digest);
        written.push([guid, day.businessDate, version, Buffer.from(digest).toString("base64")]);
      }
    }
    if (written.length > 0)
      await db.query(
        `INSERT INTO kitchen_day_levels (restaurant_guid, business_date, fetched_at_ms, digest)
          SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[])
          ON CONFLICT (restaurant_guid, business_date)
          DO UPDATE SET fetched_at_ms = EXCLUDED.fetched_at_ms, digest = EXCLUDED.digest`,
        [0, 1, 2, 3].map((i) => written.map((w) => w[i])),
      );
    return found;
  }

  /**
   * Per restaurant, its ranges' `levelSummary` answers in order, or null when the restaurant is
   * not answered here (see above). `stuck` as levelSummary's.
   */
  async function levelSummaries(
    queries: readonly OverviewLevelsQuery[],
    stuck: StuckChoice | undefined,
  ): Promise<Map<string, KitchenLevelSummary[] | null>> {
    const out = new Map<string, KitchenLevelSummary[] | null>();
    const at = now();
    const windows = queries.flatMap((q) => q.ranges);
    if (windows.length === 0) return out;
    const from = windows.reduce((m, r) => (r.from < m ? r.from : m), windows[0]!.from);
    const to = windows.reduce((m, r) => (r.to > m ? r.to : m), windows[0]!.to);
    const guids = queries.map((q) => q.restaurant.guid);
    const rowsBy = await store.dayRowsOf(guids, from, to);
    const latest = await store.latestAnswers(guids);
    const books = await targetBooks(db, guids);
    const candidates: Candidate[] = [];
    for (const q of queries) {
      const c = candidate(q, rowsBy.get(q.restaurant.guid)!, latest.get(q.restaurant.guid)?.entitled, at);
      out.set(q.restaurant.guid, null);
      if (c) candidates.push(c);
    }
    const found = await digestsOf(candidates, from, to);
    const cutSeconds = stuckCutSeconds(stuck, stuckMinutes);
    for (const c of candidates) {
      const guid = c.restaurant.guid;
      const context = { restaurant: c.restaurant, config, notEntitled: false };
      const answers = c.ranges.map((dates): KitchenLevelSummary => {
        const merge = new LevelMerge({
          book: books.get(guid)!,
          cutSeconds,
          stuckLimitSeconds: stuckMinutes * 60,
        });
        for (const { date } of usableDates(dates, c.rows)) {
          const digest = found.get(`${guid}|${date}`);
          if (digest) merge.add(digest);
        }
        const { levels, withinTarget, stuckRecords } = merge.result();
        return {
          coverage: coverageOf(dateStates(dates, c.rows, context)),
          levels,
          withinTarget,
          stuck: { maxMinutes: stuckMinutes, records: stuckRecords, included: cutSeconds === undefined },
        };
      });
      out.set(guid, answers);
    }
    return out;
  }

  return { levelSummaries };
}

/** store.targets's book (levels and stations) of many restaurants, in two queries. */
async function targetBooks(db: Database, guids: readonly string[]): Promise<Map<string, TargetBook>> {
  const books = new Map<string, { levels: Record<KitchenLevel, number>; stations: TargetBook["stations"] }>(
    guids.map((g) => [g, { levels: { ...DEFAULT_TARGET_SECONDS }, stations: [] }]),
  );
  const levels = await db.query<{ restaurant_guid: string; level: number; seconds: number }>(
    "SELECT restaurant_guid, level, seconds FROM kitchen_targets WHERE restaurant_guid = ANY($1::text[])",
    [guids],
  );
  const stations = await db.query<{
    restaurant_guid: string;
    station_guid: string;
    level: number;
    seconds: number;
  }>(
    `SELECT restaurant_guid, station_guid, level, seconds FROM kitchen_station_targets
      WHERE restaurant_guid = ANY($1::text[]) ORDER BY restaurant_guid, station_guid, level`,
    [guids],
  );
  const isLevel = (l: number): l is KitchenLevel => (KITCHEN_LEVELS as readonly number[]).includes(l);
  for (const r of levels) {
    const level = Number(r.level);
    if (isLevel(level)) books.get(r.restaurant_guid)!.levels[level] = Number(r.seconds);
  }
  for (const r of stations) {
    const level = Number(r.level);
    if (isLevel(level))
      (books.get(r.restaurant_guid)!.stations as TargetBook["stations"][number][]).push({
        stationGuid: r.station_guid,
        level,
        seconds: Number(r.seconds),
      });
  }
  return books;
}
