import "server-only";

import { LRUCache } from "lru-cache";

import { currentBusinessDate, datePhase } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import { DEFAULT_STUCK_MINUTES, stuckCutSeconds, type StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import {
  targetSchedule,
  type TargetSchedule,
  type TargetSource,
} from "@/lib/kitchen/contract/target-versions";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import {
  addDigestHistograms,
  levelDigestOf,
  LevelMerge,
  type LevelFigures,
} from "@/lib/kitchen/query/level-digest";
import { validateRange } from "@/lib/kitchen/query/range-query";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import { readTargetVersionsOf } from "@/lib/kitchen/storage/target-versions";

import { coverageOf, dateStates, usableDates } from "./coverage";
import type { createDayReader } from "./day-reader";
import type { KitchenLevelSummary } from "./range-answers";
import {
  isProvisional,
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

interface OverviewLevelsQuery {
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
  // A range's merged figures, while its usable days' versions and the targets are the same: a
  // repeated Overview merges nothing again (the coverage is read afresh every time: a date turns
  // from provisional to complete by the clock alone).
  const figures = new LRUCache<string, { fingerprint: string; value: LevelFigures }>({ max: 4096 });
  const stuckMinutes = config.stuckMinutes ?? DEFAULT_STUCK_MINUTES;
  const { digestsOf, remember } = createDigests(db, reader);

  // Rows of dates stored complete and no longer provisional: final (the fetcher keeps them in
  // memory by the same rule), so a repeated Overview reads only the recent dates from the store.
  const finalRows = new LRUCache<string, DayRow>({ max: 200_000 });

  /** The ranges' dates of a restaurant (validateRange), or null for a range the route would refuse. */
  function rangesOf(q: OverviewLevelsQuery, at: number): string[][] | null {
    try {
      return q.ranges.map((range) => validateRange(range, q.restaurant, at, config.maxRangeDays));
    } catch {
      return null;
    }
  }

  /** A restaurant's ranges, if every date is stored complete and wants no fetch now (remembering the final rows). */
  function candidate(
    restaurant: KitchenRestaurant,
    ranges: string[][],
    rows: Map<string, DayRow>,
    at: number,
  ): Candidate | null {
    const start = kitchenDataStart(restaurant);
    const today = currentBusinessDate(restaurant, at);
    for (const dates of ranges)
      for (const date of dates) {
        if (date < start) continue;
        const row = rows.get(date);
        const phase = datePhase(date, restaurant, at, config.closeGraceMinutes, today);
        if (!row || row.status !== "complete" || needsFetch(row, phase, at, config, restaurant)) return null;
      }
    for (const row of rows.values())
      if (!isProvisional(row, restaurant, config))
        finalRows.set(`${restaurant.guid}|${row.businessDate}`, row);
    return { restaurant, ranges, rows };
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
    const latest = await store.latestAnswers(guids);
    const asked = queries.flatMap((q) => {
      out.set(q.restaurant.guid, null);
      const ranges = latest.get(q.restaurant.guid)?.entitled === false ? null : rangesOf(q, at);
      return ranges ? [{ restaurant: q.restaurant, ranges }] : [];
    });
    const rowsBy = await rowsOf(store, finalRows, asked, remember);
    const schedules = await targetSchedules(
      db,
      asked.map((a) => a.restaurant),
    );
    // A range across a change of targets is judged day by day (levelSummary): not from one book here.
    const uniform = (guid: string, ranges: string[][]) =>
      ranges.every((d) => schedules.get(guid)!.breaksWithin(d[0]!, d.at(-1)!).length === 0);
    const candidates = asked.flatMap(({ restaurant, ranges }) => {
      const c = candidate(restaurant, ranges, rowsBy.get(restaurant.guid)!, at);
      return c && uniform(restaurant.guid, c.ranges) ? [c] : [];
    });
    const inForce = (guid: string, dates: string[]) => schedules.get(guid)!.on(dates.at(-1)!);
    const cutSeconds = stuckCutSeconds(stuck, stuckMinutes);
    const keyOf = (guid: string, dates: string[]) => `${guid}|${dates[0]}|${dates.at(-1)}|${cutSeconds}`;
    const fingerprintOf = (c: Candidate, dates: string[]) =>
      JSON.stringify([inForce(c.restaurant.guid, dates).key, usableDates(dates, c.rows)]);
    const keptFigures = (c: Candidate, dates: string[]) => {
      const kept = figures.get(keyOf(c.restaurant.guid, dates));
      return kept?.fingerprint === fingerprintOf(c, dates) ? kept.value : undefined;
    };
    // Digests only for the ranges whose figures are not kept: a repeated Overview reads none.
    const toMerge = candidates.flatMap((c) => {
      const ranges = c.ranges.filter((dates) => keptFigures(c, dates) === undefined);
      return ranges.length > 0 ? [{ ...c, ranges }] : [];
    });
    const found = toMerge.length > 0 ? await digestsOf(toMerge, from, to) : new Map<string, Uint8Array>();
    for (const c of candidates) {
      const guid = c.restaurant.guid;
      const context = { restaurant: c.restaurant, config, notEntitled: false };
      const answers = c.ranges.map((dates): KitchenLevelSummary => {
        let value = keptFigures(c, dates);
        if (!value) {
          // After digestsOf: a day found unreadable there is failed now, out of the figures and the fingerprint.
          const book = inForce(guid, dates).book;
          const merge = new LevelMerge({ book, cutSeconds, stuckLimitSeconds: stuckMinutes * 60 });
          for (const { date } of usableDates(dates, c.rows)) {
            const digest = found.get(`${guid}|${date}`);
            if (digest) merge.add(digest);
          }
          value = merge.result();
          figures.set(keyOf(guid, dates), { fingerprint: fingerprintOf(c, dates), value });
        }
        return {
          coverage: coverageOf(dateStates(dates, c.rows, context)),
          levels: value.levels,
          withinTarget: value.withinTarget,
          stuck: {
            maxMinutes: stuckMinutes,
            records: value.stuckRecords,
            included: cutSeconds === undefined,
          },
          targetSources: Object.fromEntries(
            KITCHEN_LEVELS.map((l) => [l, inForce(guid, dates).levels[l].source]),
          ) as Record<KitchenLevel, TargetSource>,
        };
      });
      out.set(guid, answers);
    }
    return out;
  }

  // Issue 36's areas: the same digests as histograms (histogramsOf, below).
  const levelHistograms = (queries: readonly HistogramQuery[], stuck: StuckChoice | undefined) =>
    histogramsOf(
      { at: now(), rangesOf, candidate, digestsOf, cutSeconds: stuckCutSeconds(stuck, stuckMinutes) },
      (asked) => rowsOf(store, finalRows, asked, remember),
      queries,
    );

  return { levelSummaries, levelHistograms };
}

interface HistogramQuery {
  restaurant: KitchenRestaurant;
  range: { from: string; to: string };
}

/**
 * Issue 36's areas: per restaurant, the per-level histograms (seconds -> records, index = level)
 * of its range's fire-to-fulfill records, from the same day digests as `levelSummaries`, or null
 * where those would not answer (the caller then reads the days).
 */
async function histogramsOf(
  deps: {
    at: number;
    rangesOf: (q: OverviewLevelsQuery, at: number) => string[][] | null;
    candidate: (
      r: KitchenRestaurant,
      ranges: string[][],
      rows: Map<string, DayRow>,
      at: number,
    ) => Candidate | null;
    digestsOf: (
      candidates: readonly Candidate[],
      from: string,
      to: string,
    ) => Promise<Map<string, Uint8Array>>;
    cutSeconds: number | undefined;
  },
  rowsOfAsked: (
    asked: { restaurant: KitchenRestaurant; ranges: string[][] }[],
  ) => Promise<Map<string, Map<string, DayRow>>>,
  queries: readonly HistogramQuery[],
): Promise<Map<string, Map<number, number>[] | null>> {
  const { at, rangesOf, candidate, digestsOf, cutSeconds } = deps;
  const out = new Map<string, Map<number, number>[] | null>();
  const asked = queries.flatMap(({ restaurant, range }) => {
    out.set(restaurant.guid, null);
    const ranges = rangesOf({ restaurant, ranges: [range] }, at);
    return ranges ? [{ restaurant, ranges }] : [];
  });
  if (asked.length === 0) return out;
  const rowsBy = await rowsOfAsked(asked);
  const candidates = asked.flatMap(({ restaurant, ranges }) => {
    const c = candidate(restaurant, ranges, rowsBy.get(restaurant.guid)!, at);
    return c ? [c] : [];
  });
  const dates = candidates.flatMap((c) => c.ranges.flat());
  if (dates.length === 0) return out;
  const from = dates.reduce((m, d) => (d < m ? d : m));
  const to = dates.reduce((m, d) => (d > m ? d : m));
  const found = await digestsOf(candidates, from, to);
  for (const c of candidates) {
    const histograms = KITCHEN_LEVELS.map(() => new Map<number, number>());
    // As levelSummaries: a day found unreadable on the way is failed now, in neither.
    for (const { date } of usableDates(c.ranges[0]!, c.rows)) {
      const digest = found.get(`${c.restaurant.guid}|${date}`);
      if (digest) addDigestHistograms(digest, cutSeconds, histograms);
    }
    out.set(c.restaurant.guid, histograms);
  }
  return out;
}

/**
 * Each restaurant's target schedule (its own versions and the group's, lib/kitchen/storage/
 * target-versions.ts), one query for every restaurant.
 */
async function targetSchedules(
  db: Database,
  restaurants: readonly KitchenRestaurant[],
): Promise<Map<string, TargetSchedule>> {
  const versions = await readTargetVersionsOf(db, restaurants);
  return new Map(restaurants.map((r) => [r.guid, targetSchedule(versions.get(r.guid)!)]));
}

/** The day digests: memory (by the day's version), then kitchen_day_levels, then computed once and stored. */
function createDigests(db: Database, reader: OverviewLevelsDeps["reader"]) {
  const digests = new LRUCache<string, { version: number; digest: Uint8Array }>({
    maxSize: DEFAULT_DIGEST_CACHE_BYTES,
    sizeCalculation: (e) => e.digest.length + 64,
  });

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

  /** A digest read beside its day's row (rowsOf), kept when it is of the row's version. */
  function remember(guid: string, row: DayRow, version: number | null, digest: string | null): void {
    if (digest === null || version === null || version !== row.fetchedAt) return;
    const key = `${guid}|${row.businessDate}`;
    if (digests.get(key)?.version === version) return;
    digests.set(key, { version, digest: new Uint8Array(Buffer.from(digest, "base64")) });
  }

  return { digestsOf, remember };
}

/**
 * Each restaurant's rows of its ranges' dates: final rows from memory, the others from the store
 * in one query for every restaurant over the window of the dates not known, with their stored
 * digests (`remember`ed: digestsOf then finds them in memory and reads the table no more).
 */
async function rowsOf(
  store: KitchenStore,
  finalRows: LRUCache<string, DayRow>,
  asked: readonly { restaurant: KitchenRestaurant; ranges: string[][] }[],
  remember: (guid: string, row: DayRow, version: number | null, digest: string | null) => void,
) {
  const rows = new Map<string, Map<string, DayRow>>();
  const unknown: { guid: string; dates: string[] }[] = [];
  for (const { restaurant, ranges } of asked) {
    const guid = restaurant.guid;
    const start = kitchenDataStart(restaurant);
    const known = new Map<string, DayRow>();
    const missing: string[] = [];
    for (const date of new Set(ranges.flat())) {
      if (date < start) continue;
      const row = finalRows.get(`${guid}|${date}`);
      if (row) known.set(date, row);
      else missing.push(date);
    }
    rows.set(guid, known);
    if (missing.length > 0) unknown.push({ guid, dates: missing });
  }
  if (unknown.length === 0) return rows;
  const dates = unknown.flatMap((u) => u.dates);
  const from = dates.reduce((m, d) => (d < m ? d : m));
  const to = dates.reduce((m, d) => (d > m ? d : m));
  const stored = new Map(unknown.map((u) => [u.guid, new Map<string, DayRow>()]));
  const read = await store.dayRowsWithDigestsOf(
    unknown.map((u) => u.guid),
    from,
    to,
  );
  for (const { restaurantGuid, row, digestVersion, digest } of read) {
    stored.get(restaurantGuid)?.set(row.businessDate, row);
    remember(restaurantGuid, row, digestVersion, digest);
  }
  for (const { guid, dates: wanted } of unknown) {
    const byDate = stored.get(guid)!;
    for (const date of wanted) {
      const row = byDate.get(date);
      if (row) rows.get(guid)!.set(date, row);
    }
  }
  return rows;
}
