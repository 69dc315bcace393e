import "server-only";
import type { Database } from "@/lib/db/database";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import type { PlatformClient } from "@/lib/platform/types";
import {
  KITCHEN_LEVELS,
  KITCHEN_METRICS,
  type DateCoverage,
  type IngestCounts,
  type KitchenCoverage,
  type KitchenLevel,
  type KitchenMetric,
  type KitchenRangeQuery,
  type KitchenSummary,
  type KitchenSummaryQuery,
  type KitchenTargets,
  type KitchenTargetsInput,
  type KitchenTickets,
  type KitchenTicketsQuery,
  type SlowTicket,
  type StationRef,
  type Stats,
} from "@/lib/kitchen/contract/kitchen-api";
import { datePhase, type CloseoutRules, type DatePhase } from "@/lib/business-date/closeout";
import { DayCache, typedArrayBytes } from "@/lib/kitchen/service/day-cache";
import { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { summariseDay, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { decodeDaySummary, encodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import { recordDurations } from "@/lib/kitchen/ingest/durations";
import { describeFetchFailure } from "@/lib/kitchen/ingest/fetch-failure";
import { addIngestCounts, emptyIngestCounts, ingestDay, isKitchenLevel, type IngestedDay } from "@/lib/kitchen/ingest/ingest";
import { KitchenStore, RECORDS_PER_CHUNK, unpack, type DayRow } from "@/lib/kitchen/storage/kitchen-store";
import { mapLimit } from "@/lib/kitchen/service/map-limit";
import { mergeDays, mergeStationLevels, type SummaryFilters } from "@/lib/kitchen/query/range-summary";
import { validateRange } from "@/lib/kitchen/query/range-query";
import { buildTicketFacts, decodeTicketFacts, encodeTicketFacts, slowestTickets, type TicketFacts } from "@/lib/kitchen/ingest/ticket-facts";

/**
 * The kitchen pipeline: each business date of a restaurant is fetched from the Platform once
 * (closed dates) or at most every KITCHEN_OPEN_REFRESH_S (the open one), summarised into cubes
 * that merge exactly, kept with its raw records, and every range is answered by merging days.
 *
 * Route handlers call it through `getKitchenService()` (lib/kitchen/server.ts); tests build one
 * over their own database and a client pointed at the sandbox.
 */

/** What the service needs of a restaurant (the route wrapper's PermittedRestaurant has it). */
export interface KitchenRestaurant extends CloseoutRules {
  guid: string;
  name: string;
}

export interface KitchenServiceConfig {
  /** Minutes after the closeout before a business date counts as closed. */
  closeGraceMinutes: number;
  /** The open business date is fetched again after this many seconds. */
  openRefreshSeconds: number;
  /** A date answered 204 (not entitled) is asked again after this many hours. */
  notEntitledRetryHours: number;
  maxRangeDays: number;
  /** Upstream fetches in flight for one range; the client's limiter still caps requests a second. */
  fetchConcurrency?: number;
  /** A failed date is tried again on a request at least this many seconds after the failure. */
  failedRetrySeconds?: number;
  /** Memory for decoded days (summaries and ticket facts). */
  cacheBytes?: number;
  /** How long a request waits for one day's fetch before answering without it (ms). */
  fetchDeadlineMs?: number;
}

export interface KitchenServiceDeps {
  db: Database;
  client: Pick<PlatformClient, "kitchen">;
  config: KitchenServiceConfig;
  now?: () => number;
  /** Told what each fetch learnt of the restaurant's tier (lib/restaurants/kitchen-entitlement). */
  onEntitlement?: (restaurantGuid: string, entitled: boolean) => void;
}

export type KitchenService = ReturnType<typeof createKitchenService>;

const DEFAULT_CONCURRENCY = 8;
const DEFAULT_FAILED_RETRY_S = 30;
// Well above the client's worst case (timeouts and backoff over every retry) for one date.
const DEFAULT_FETCH_DEADLINE_MS = 180_000;
const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
const COMPLETE_ROWS_KEPT = 200_000;
const UNREADABLE = "the stored copy could not be read; it is fetched again";

/** Whether the stored row of a date calls for an upstream fetch now. */
export function needsFetch(row: DayRow | undefined, phase: DatePhase, nowMs: number, config: KitchenServiceConfig): boolean {
  if (phase === "future") return false;
  if (!row) return true;
  const since = nowMs - row.attemptedAt;
  switch (row.status) {
    case "complete":
      return false;
    case "open":
      // Taken while the date was open: once it has closed, one more fetch makes it final.
      return phase === "closed" || since >= config.openRefreshSeconds * 1000;
    case "not_entitled":
      return since >= config.notEntitledRetryHours * 3_600_000;
    case "failed":
      return since >= (config.failedRetrySeconds ?? DEFAULT_FAILED_RETRY_S) * 1000;
  }
}

export function createKitchenService(deps: KitchenServiceDeps) {
  const { db, client, config } = deps;
  const now = deps.now ?? Date.now;
  const store = new KitchenStore(db);
  const inflight = new Map<string, Promise<void>>();
  const cacheBytes = config.cacheBytes ?? DEFAULT_CACHE_BYTES;
  const summaryCache = new DayCache<DaySummary>(Math.floor(cacheBytes * 0.75), typedArrayBytes);
  const ticketCache = new DayCache<TicketFacts>(Math.floor(cacheBytes * 0.25), typedArrayBytes);
  const completeRows = new Map<string, DayRow>();
  const interners = new Map<string, DimensionInterner>();
  const internerOf = (guid: string) => {
    let interner = interners.get(guid);
    if (!interner) {
      interner = new DimensionInterner();
      interners.set(guid, interner);
    }
    return interner;
  };

  /**
   * One upstream fetch per restaurant and date at a time: in this process through the in-flight
   * map, across instances on PostgreSQL through the day's advisory lock. Whoever gets the lock
   * second re-reads the row and finds the day already stored.
   */
  function fetchDay(restaurant: KitchenRestaurant, date: string): Promise<void> {
    const key = `${restaurant.guid}|${date}`;
    let pending = inflight.get(key);
    if (!pending) {
      pending = db
        .withLock(`kitchen-day:${key}`, async (q) => {
          const startedAt = now();
          const phase = datePhase(date, restaurant, startedAt, config.closeGraceMinutes);
          if (!needsFetch(await store.dayRow(q, restaurant.guid, date), phase, startedAt, config)) return;
          let day: IngestedDay;
          try {
            const result = await client.kitchen.itemFulfillments(restaurant.guid, date);
            if (result.kind === "not-entitled") {
              deps.onEntitlement?.(restaurant.guid, false);
              await store.saveNotEntitled(q, restaurant.guid, date, startedAt);
              return;
            }
            deps.onEntitlement?.(restaurant.guid, true);
            // Record by record: duplicates, other restaurants' records and records without a
            // level are counted and left out, never a failed day.
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
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return withDeadline(pending, key);
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
    // A complete day is final, so a range of complete days needs no query at all.
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

  function coverageOf(dates: readonly string[], rows: Map<string, DayRow>): DateCoverage {
    const coverage: DateCoverage = { complete: [], notEntitled: [], failed: [], open: [], pending: [] };
    for (const date of dates) {
      const row = rows.get(date);
      if (!row) coverage.pending.push(date);
      else if (row.status === "complete") coverage.complete.push(date);
      else if (row.status === "open" && row.fetchedAt !== null) coverage.open.push({ date, refreshedAt: new Date(row.fetchedAt).toISOString() });
      else if (row.status === "not_entitled") coverage.notEntitled.push(date);
      else coverage.failed.push({ date, reason: row.reason ?? "unknown", attemptedAt: new Date(row.attemptedAt).toISOString() });
    }
    return coverage;
  }

  /** The ingest counts of the dates whose data counts, summed. */
  function ingestOf(dates: readonly string[], rows: Map<string, DayRow>): IngestCounts {
    const total = emptyIngestCounts();
    for (const { date } of usableDates(dates, rows)) {
      const counts = rows.get(date)?.ingest;
      if (counts) addIngestCounts(total, counts);
    }
    return total;
  }

  /** Dates whose stored data counts: complete ones and snapshots of open ones. */
  function usableDates(dates: readonly string[], rows: Map<string, DayRow>): { date: string; version: number }[] {
    return dates.flatMap((date) => {
      const row = rows.get(date);
      return row && (row.status === "complete" || row.status === "open") && row.fetchedAt !== null ? [{ date, version: row.fetchedAt }] : [];
    });
  }

  /**
   * The decoded data of the usable dates of `rows`, from memory or the store. A stored day that
   * no longer decodes (a damaged row, or one written by an older format) is marked failed, so the
   * next request fetches it again, and reported as failed in this answer (`rows` is updated).
   */
  async function decoded<V>(
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
    if (missing.length > 0) {
      for (const [date, blob] of await load(missing)) {
        try {
          const value = decode(unpack(blob.packed));
          cache.set(`${guid}|${date}`, blob.fetchedAt, value);
          out.set(date, value);
        } catch (error) {
          console.warn(`[kitchen] stored data of ${guid} ${date} is unreadable, fetching it again: ${String(error)}`);
          unreadable.push(date);
        }
      }
    }
    if (unreadable.length > 0) {
      await store.markUnreadable(guid, unreadable, UNREADABLE);
      for (const date of unreadable) completeRows.delete(`${guid}|${date}`);
      for (const date of unreadable) rows.set(date, { ...rows.get(date)!, status: "failed", reason: UNREADABLE, attemptedAt: 0, fetchedAt: null });
    }
    return wanted.flatMap(({ date }) => (out.has(date) ? [out.get(date)!] : []));
  }

  const daySummaries = (guid: string, dates: readonly string[], rows: Map<string, DayRow>) =>
    decoded(guid, dates, rows, summaryCache, (d) => store.summaries(guid, d), decodeDaySummary);
  const dayTicketFacts = (guid: string, dates: readonly string[], rows: Map<string, DayRow>) =>
    decoded(guid, dates, rows, ticketCache, (d) => store.ticketFacts(guid, d), decodeTicketFacts);

  function rangeOf(restaurant: KitchenRestaurant, query: KitchenRangeQuery): string[] {
    return validateRange(query, restaurant, now(), config.maxRangeDays);
  }

  function filtersOf(query: { level?: KitchenLevel; station?: string; behavior?: string; source?: string }): SummaryFilters {
    const f: SummaryFilters = {};
    if (query.level !== undefined) f.level = query.level;
    if (query.station !== undefined) f.station = query.station;
    if (query.behavior !== undefined) f.behavior = query.behavior;
    if (query.source !== undefined) f.source = query.source;
    return f;
  }

  async function targetsOf(guid: string): Promise<KitchenTargets> {
    const t = await store.targets(guid);
    return {
      restaurantGuid: guid,
      targets: KITCHEN_LEVELS.map((level) => ({ level, seconds: t.seconds[level], isDefault: !t.set.has(level) })),
      updatedAt: t.updatedAt === null ? null : new Date(t.updatedAt).toISOString(),
    };
  }

  return {
    store,

    /** Fetches what a range lacks and reports its coverage (a cold range's warm-up). */
    async prepare(restaurant: KitchenRestaurant, query: KitchenRangeQuery): Promise<DateCoverage> {
      const dates = rangeOf(restaurant, query);
      return coverageOf(dates, await ensureRange(restaurant, dates));
    },

    async summary(restaurant: KitchenRestaurant, query: KitchenSummaryQuery): Promise<KitchenSummary> {
      const dates = rangeOf(restaurant, query);
      const rows = await ensureRange(restaurant, dates);
      const [days, targets] = await Promise.all([daySummaries(restaurant.guid, dates, rows), store.targets(restaurant.guid)]);
      const filters = filtersOf(query);
      return {
        restaurantGuid: restaurant.guid,
        restaurantName: restaurant.name,
        timeZone: restaurant.timeZone,
        from: query.from,
        to: query.to,
        metric: query.metric,
        filters: {
          level: filters.level ?? null,
          station: filters.station ?? null,
          behavior: filters.behavior ?? null,
          source: filters.source ?? null,
        },
        coverage: coverageOf(dates, rows),
        ingest: ingestOf(dates, rows),
        ...mergeDays(days, query.metric, filters, targets.seconds, internerOf(restaurant.guid)),
      };
    },

    /** summary.csv: station × level × metric, every metric, with the query's filters. */
    async stationLevelRows(
      restaurant: KitchenRestaurant,
      query: Omit<KitchenSummaryQuery, "metric">,
    ): Promise<(StationRef & { level: KitchenLevel; metric: KitchenMetric; stats: Stats })[]> {
      const dates = rangeOf(restaurant, query);
      const rows = await ensureRange(restaurant, dates);
      const days = await daySummaries(restaurant.guid, dates, rows);
      const filters = filtersOf(query);
      const perMetric = KITCHEN_METRICS.map((metric) => ({ metric, rows: mergeStationLevels(days, metric, filters, internerOf(restaurant.guid)) }));
      // One row per station and level, the three metrics in a fixed order beneath each other.
      const out: (StationRef & { level: KitchenLevel; metric: KitchenMetric; stats: Stats })[] = [];
      for (const [i, base] of perMetric[0]!.rows.entries()) {
        for (const { metric, rows: r } of perMetric) {
          const row = r[i]!;
          if (row.stationGuid !== base.stationGuid || row.level !== base.level) throw new Error("station rows differ between metrics");
          out.push({ stationGuid: row.stationGuid, stationName: row.stationName, level: row.level, metric, stats: row.stats });
        }
      }
      return out;
    },

    /** fulfillments.csv: the raw records of the range, a stored chunk at a time. */
    async records(restaurant: KitchenRestaurant, query: KitchenRangeQuery): Promise<AsyncIterable<ItemFulfillment[]>> {
      const dates = rangeOf(restaurant, query);
      const rows = await ensureRange(restaurant, dates);
      const usable = usableDates(dates, rows).map((d) => d.date);
      return (async function* () {
        for await (const chunk of store.recordChunks(restaurant.guid, usable)) yield chunk.records;
      })();
    },

    /** Store only: where each date stands, for the progress of a cold range. */
    async coverage(restaurant: KitchenRestaurant, query: KitchenRangeQuery): Promise<KitchenCoverage> {
      const dates = rangeOf(restaurant, query);
      const c = coverageOf(dates, await store.dayRows(restaurant.guid, query.from, query.to));
      const status = new Map<string, KitchenCoverage["dates"][number]>();
      for (const d of c.complete) status.set(d, { date: d, status: "complete" });
      for (const d of c.notEntitled) status.set(d, { date: d, status: "not_entitled" });
      for (const d of c.pending) status.set(d, { date: d, status: "pending" });
      for (const d of c.open) status.set(d.date, { date: d.date, status: "open", at: d.refreshedAt });
      for (const d of c.failed) status.set(d.date, { date: d.date, status: "failed", reason: d.reason, at: d.attemptedAt });
      return {
        restaurantGuid: restaurant.guid,
        from: query.from,
        to: query.to,
        total: dates.length,
        ready: c.complete.length + c.notEntitled.length + c.open.length,
        complete: c.complete.length,
        notEntitled: c.notEntitled.length,
        failed: c.failed.length,
        open: c.open.length,
        pending: c.pending.length,
        dates: dates.map((d) => status.get(d)!),
      };
    },

    async tickets(restaurant: KitchenRestaurant, query: KitchenTicketsQuery): Promise<KitchenTickets> {
      const dates = rangeOf(restaurant, query);
      const rows = await ensureRange(restaurant, dates);
      const facts = await dayTicketFacts(restaurant.guid, dates, rows);
      const ranked = slowestTickets(facts, query.metric, filtersOf(query), query.limit);
      const byDate = new Map<string, typeof ranked>();
      for (const t of ranked) byDate.set(t.businessDate, [...(byDate.get(t.businessDate) ?? []), t]);
      const recordsOf = new Map<string, ItemFulfillment[]>();
      for (const [date, list] of byDate) {
        const chunks = [...new Set(list.flatMap((t) => t.recordIndices.map((i) => Math.floor(i / RECORDS_PER_CHUNK))))];
        const loaded = await store.recordsIn(restaurant.guid, date, chunks);
        for (const t of list) {
          recordsOf.set(
            `${date}|${t.ticketGuid}`,
            t.recordIndices.flatMap((i) => {
              const r = loaded.get(Math.floor(i / RECORDS_PER_CHUNK))?.[i % RECORDS_PER_CHUNK];
              return r ? [r] : [];
            }),
          );
        }
      }
      return {
        restaurantGuid: restaurant.guid,
        from: query.from,
        to: query.to,
        metric: query.metric,
        limit: query.limit,
        coverage: coverageOf(dates, rows),
        tickets: ranked.map((t) => slowTicket(t.businessDate, t.ticketGuid, t.seconds, recordsOf.get(`${t.businessDate}|${t.ticketGuid}`) ?? [])),
      };
    },

    targets: (restaurant: KitchenRestaurant) => targetsOf(restaurant.guid),

    async putTargets(restaurant: KitchenRestaurant, input: KitchenTargetsInput): Promise<KitchenTargets> {
      await store.putTargets(restaurant.guid, input.targets, now());
      return targetsOf(restaurant.guid);
    },
  };
}

function slowTicket(businessDate: string, ticketGuid: string, seconds: number, records: ItemFulfillment[]): SlowTicket {
  const first = records[0];
  const firedAt = records.map((r) => r.ticketFiredAt).find((v) => v) ?? null;
  // Records without a level count in no figure (the day's ingest counts say how many).
  const items = records
    .filter((r) => isKitchenLevel(r.itemFulfillmentLevel))
    .map((r) => {
      const d = recordDurations(r);
      return {
        selectionGuid: r.selectionGuid ?? null,
        itemGuid: r.selectionMenuItemGuid ?? null,
        itemName: r.selectionMenuItemName ?? null,
        level: r.itemFulfillmentLevel as KitchenLevel,
        stationGuid: r.prepStationGuid ?? null,
        stationName: r.prepStationName ?? null,
        courseName: r.courseName ?? null,
        firedAt: r.ticketFiredAt ?? null,
        startedAt: r.itemStartedAt ?? null,
        fulfilledAt: r.itemFulfilledAt ?? null,
        fireToFulfill: d.fire_to_fulfill,
        startToFulfill: d.start_to_fulfill,
        waitToStart: d.wait_to_start,
      };
    })
    .sort((a, b) => a.level - b.level || (a.itemName ?? "").localeCompare(b.itemName ?? "") || (a.selectionGuid ?? "").localeCompare(b.selectionGuid ?? ""));
  const levels = KITCHEN_LEVELS.flatMap((level) => {
    const atLevel = items.filter((i) => i.level === level);
    if (atLevel.length === 0) return [];
    // The ticket reached a level when its last item there was fulfilled.
    const last = atLevel.reduce<(typeof atLevel)[number] | null>((best, i) => {
      if (!i.fulfilledAt) return best;
      return !best || Date.parse(i.fulfilledAt) > Date.parse(best.fulfilledAt!) ? i : best;
    }, null);
    return [{ level, fulfilledAt: last?.fulfilledAt ?? null, fireToFulfill: last?.fireToFulfill ?? null }];
  });
  return {
    ticketGuid,
    orderGuid: first?.orderGuid ?? "",
    businessDate,
    firedAt,
    seconds,
    diningOptionName: first?.diningOptionName ?? null,
    diningOptionBehavior: first?.diningOptionBehavior ?? null,
    orderSource: first?.orderSource ?? null,
    levels,
    items,
  };
}
