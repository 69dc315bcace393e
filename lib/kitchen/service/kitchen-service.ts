import "server-only";

import type { Database } from "@/lib/db/database";
import type { KitchenChannels } from "@/lib/kitchen/contract/channels";
import { targetsOfMetric } from "@/lib/kitchen/contract/metric-targets";
import {
  type KitchenRangeQuery,
  type KitchenRecordsQuery,
  type KitchenSummaryQuery,
  type KitchenTicketsQuery,
} from "@/lib/kitchen/contract/params";
import {
  type DateCoverage,
  type KitchenCoverage,
  type KitchenSummary,
  type KitchenTickets,
  type RangeAnswer,
} from "@/lib/kitchen/contract/responses";
import type { SummarySection } from "@/lib/kitchen/contract/sections";
import { DEFAULT_STUCK_MINUTES, type StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { KITCHEN_METRICS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { mergeDayParts } from "@/lib/kitchen/query/day-parts-summary";
import { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { validateRange } from "@/lib/kitchen/query/range-query";
import { cutSecondsOf } from "@/lib/kitchen/query/range-summary";
import { KitchenStore, type DayRow } from "@/lib/kitchen/storage/kitchen-store";
import type { OutageHold } from "@/lib/platform-wiring/outage-hold";
import type { PlatformClient } from "@/lib/platform/types";
import type { RestaurantQuote } from "@/lib/restaurants/quote";
import type { ServiceWeek } from "@/lib/restaurants/schedule";

import { createAnomalyDays } from "./anomaly-days";
import { createBackfill, type BackfillDeps } from "./backfill";
import { channelFigures } from "./channel-figures";
import { coverageOf, coverageReport, dateStates, pendingReport, usableDates } from "./coverage";
import { createDayFetcher, type DayFetcher, type DayFetcherDeps } from "./day-fetcher";
import { createDayReader, DEFAULT_CACHE_BYTES } from "./day-reader";
import { createEntitlement } from "./entitlement";
import {
  filteredDays,
  filteredRecords,
  hasRecordFilter,
  refuseRecordFilterBeyondRawRetention,
  stuckFreeDays,
  type RecordChunk,
  type RecordFilter,
} from "./filtered-days";
import { kitchenNow } from "./kitchen-now";
import { targetsApi } from "./kitchen-targets";
import { createOverviewLevels } from "./overview-levels";
import { createRangeAnswers } from "./range-answers";
import { createRangeParts } from "./range-parts";
import { refuseBeyondRawRetention, refuseMissingRawRecords } from "./raw-retention";
import { createRollupReader } from "./rollup-reader";
import {
  kitchenDataStart,
  READY_WAIT_MS,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "./service-config";
import { storedItemDays } from "./stored-items";
import { assembleSummary, stationLevelRows, type StationLevelRow } from "./summary-assembly";
import { sectionAnswers, summarySection } from "./summary-sections";
import { slowTicketsOf } from "./ticket-drill-down";

export type { KitchenRestaurant, KitchenServiceConfig } from "./service-config";

/** filteredDays's arguments after the restaurant, dates and rows. */
type FilterArgs = [filter: RecordFilter, withFacts: boolean, stuckSeconds?: number];

/** How soon a caller told "not ready" should ask again: the page polls at this pace. */
const PENDING_RETRY_AFTER_MS = 1_000;

/**
 * The kitchen pipeline's facade. A request for a range goes: validate the range
 * (query/range-query.ts) -> start the fetch of what the range lacks, once per date, queued and
 * bounded (day-fetcher.ts), waiting at most readyWaitMs -> if a date still has no answer, the
 * range's coverage as "not ready" (a 202); else read the rollups of its whole closed weeks and
 * months (rollup-reader.ts) and its other stored days, decoded and cached (day-reader.ts) -> merge
 * and assemble the answer (summary-assembly.ts, ticket-drill-down.ts), with the dates' coverage
 * (coverage.ts). No request waits for upstream work longer than that.
 * Entitlement is read from the stored days (entitlement.ts).
 *
 * Route handlers reach it through `getKitchenService()` (server.ts); tests build one over their
 * own database and a client pointed at the sandbox or a fixture server.
 */
export interface KitchenServiceDeps {
  db: Database;
  client: Pick<PlatformClient, "kitchen">;
  config: KitchenServiceConfig;
  now?: () => number;
  /** The restaurant's services per weekday, read when a day is fetched (day-parts.ts); without it every record is "(none)". */
  serviceWeek?: (restaurantGuid: string) => Promise<ServiceWeek | null>;
  /** The restaurant's quote to guests, read when a day is fetched and kept with it (ingest/quote-tickets.ts). */
  quote?: (restaurantGuid: string) => Promise<RestaurantQuote | null>;
  /** The configuration's dining options, read when a day is fetched (ingest/channels.ts); without it channels follow the behavior. */
  diningOptions?: DayFetcherDeps["diningOptions"];
  /** The process's account-wide outage hold, which its Platform client also consults; default a private one. */
  outageHold?: OutageHold;
  /** Told after each refresh of a restaurant's open date (day-fetcher.ts onOpenDayStored): the live alerts. */
  onOpenDayStored?: (restaurant: KitchenRestaurant, date: string) => void;
}

export type KitchenService = ReturnType<typeof createKitchenService>;

export function createKitchenService(deps: KitchenServiceDeps) {
  const k = buildKitchen(deps);
  const { store, fetcher, answers } = k;
  return {
    store,
    entitlement: k.entitlement,
    locations: { state: fetcher.locationFetchState, holds: fetcher.locationHolds }, // location-health.ts; holds() is for GET /api/health

    /** The history backfill over this service's day fetcher (backfill.ts); `start()` is the caller's. */
    backfill: (opts: Omit<BackfillDeps, "fetcher" | "store" | "config" | "now">) => serviceBackfill(k, opts),

    /**
     * Fetches what a range lacks, waiting for every date, and reports its coverage: a warm-up for
     * tests and benchmarks. Requests never use it.
     */
    prepare: (restaurant: KitchenRestaurant, query: KitchenRangeQuery) => prepareRange(k, restaurant, query),

    /** `dayParts: false`: no day parts. The answer may be the cache's (range-answers.ts): never change it. */
    summary: (
      restaurant: KitchenRestaurant,
      query: KitchenSummaryQuery,
      opts: { dayParts?: boolean } = {},
    ): Promise<RangeAnswer<KitchenSummary>> => summaryAnswer(k, restaurant, query, opts),

    /**
     * One section of the summary (summary-sections.ts): only what that section returns is computed;
     * `itemStations`: the items' item × station rows of one level.
     */
    ...sectionAnswers(
      async <S extends SummarySection>(section: S, r: KitchenRestaurant, query: KitchenSummaryQuery) =>
        answers.answered(
          `section:${section}`,
          r,
          query,
          // The trend's anomalies read the weeks before the range too (anomaly-days.ts).
          section === "trend" ? await k.anomalyDays.lookbackVersion(r, query.from) : null,
          (dates, rows, coverage, targets) =>
            summarySection({ ...sectionDeps(k), interner: k.internerOf(r.guid) }, r, query, section, {
              dates,
              rows,
              coverage,
              targets,
            }),
        ),
    ),

    /** The Overview's figures (range-answers.ts). */
    levelSummary: answers.levelSummary,

    /** The same of many restaurants at once from the day digests, null where levelSummary must answer (overview-levels.ts). */
    levelSummaries: k.overviewLevels.levelSummaries,
    /** Issue 36: the Overview areas' histograms from the day digests (overview-levels.ts). */
    levelHistograms: k.overviewLevels.levelHistograms,

    /** Counts of the answer cache (GET /api/health). */
    answerCacheStats: answers.stats,

    /** Resolves when the answers computed so far are written to the database (tests, the benchmark). */
    answersKept: answers.keptSettled,

    /**
     * The range's decoded days (no rollups) and coverage, for figures the summary does not give (the
     * items matrix, items-matrix.ts). With items left on screen left out (`stuck`), the days to read
     * `metric` from hold none under the other metrics, and fire to fulfill is cut at `cutSeconds`;
     * `stuck` counts them at `level` (every level when unset).
     */
    rangeDays: (
      restaurant: KitchenRestaurant,
      query: KitchenRangeQuery,
      opts: { metric?: KitchenMetric; stuck?: StuckChoice; level?: KitchenLevel } = {},
    ) => rangeDaysAnswer(k, restaurant, query, opts),

    /** summary.csv: station × level × metric, every metric, with the query's filters. */
    stationLevelRows: (
      restaurant: KitchenRestaurant,
      query: Omit<KitchenSummaryQuery, "metric">,
    ): Promise<RangeAnswer<StationLevelRow[]>> =>
      whenReady(k, restaurant, query, async (dates, rows) =>
        stationLevelRows(
          (await k.parts.partsOf(restaurant, dates, rows, KITCHEN_METRICS, query)).partsFor,
          k.parts.filtersFor(query),
          k.internerOf(restaurant.guid),
        ),
      ),

    /** fulfillments.csv: the raw records of the range (of `item` and `service` only, when given), a stored chunk at a time. */
    records: (
      restaurant: KitchenRestaurant,
      query: KitchenRecordsQuery,
    ): Promise<RangeAnswer<AsyncIterable<RecordChunk>>> => recordsAnswer(k, restaurant, query),

    /** Store only: where each date stands, for the progress of a cold range; by the summary's own rule (rangeState). */
    coverage: (restaurant: KitchenRestaurant, query: KitchenRangeQuery): Promise<KitchenCoverage> =>
      coverageAnswer(k, restaurant, query),

    tickets: (
      restaurant: KitchenRestaurant,
      query: KitchenTicketsQuery,
    ): Promise<RangeAnswer<KitchenTickets>> => ticketsAnswer(k, restaurant, query),

    /** Per channel and level: record figures and ticket times against each channel's ticket target (channel-figures.ts). */
    channels: (r: KitchenRestaurant, query: KitchenSummaryQuery): Promise<RangeAnswer<KitchenChannels>> =>
      answers.answered("channels", r, query, null, (dates, rows, coverage, targets) =>
        channelFigures({ rangeParts: k.parts, interner: k.internerOf(r.guid) }, r, query, {
          dates,
          rows,
          coverage,
          targets,
        }),
      ),

    /**
     * The summary's `anomalies` of a range alone (no filter but the items-left-on-screen cut), without
     * computing its figures: the Overview's sentences read them for the few restaurants they name.
     */
    anomalies: (restaurant: KitchenRestaurant, query: KitchenRangeQuery & { stuck?: StuckChoice }) =>
      whenReady(k, restaurant, query, (dates, rows) =>
        k.anomalyDays.anomaliesOf(
          restaurant,
          dates,
          rows,
          k.parts.filtersFor({ stuck: query.stuck }).stuckSeconds,
        ),
      ),

    /** Store only: the items each stored closed day of [from, to] sold, for the item markers (stored-items.ts). */
    storedItemDays: (guid: string, from: string, to: string) =>
      storedItemDays(store, k.reader, guid, from, to),

    /** The open date's last 30 minutes and current hour (kitchen-now.ts): the Kitchen page's "Now" and the live alerts. */
    kitchenNow: (restaurant: KitchenRestaurant) =>
      kitchenNow({ ...k, serviceWeek: deps.serviceWeek }, restaurant),

    /** Targets: a restaurant's and the group's, read and changed (kitchen-targets.ts). */
    ...targetsApi(k.db, k.now),

    /** The decoded-day and rollup caches: entries, bytes of the budget (KITCHEN_CACHE_MB), hits and misses. */
    cacheStats: () => ({ ...k.reader.cacheStats(), rollups: k.rollups.cacheStats() }),

    /** Resolves when the rollup builds queued so far have settled (tests, the benchmark). */
    rollupsSettled: () => k.rollups.settled(),
  };
}

/** The service's parts, built once: what its steps below read. */
interface Kitchen {
  db: Database;
  config: KitchenServiceConfig;
  now: () => number;
  store: KitchenStore;
  fetcher: DayFetcher;
  reader: ReturnType<typeof createDayReader>;
  rollups: ReturnType<typeof createRollupReader>;
  entitlement: ReturnType<typeof createEntitlement>;
  /** One per restaurant: a day's dimension values are numbered once, not on every request. */
  internerOf: (guid: string) => DimensionInterner;
  parts: ReturnType<typeof createRangeParts>;
  answers: ReturnType<typeof createRangeAnswers>;
  overviewLevels: ReturnType<typeof createOverviewLevels>;
  /** The summary's unusual days, from the stored days' p90 tables (anomaly-days.ts). */
  anomalyDays: ReturnType<typeof createAnomalyDays>;
}

/** The readers the steps share, before the range parts and answers that are built over them. */
type KitchenBase = Omit<Kitchen, "parts" | "answers" | "overviewLevels" | "anomalyDays">;

function buildKitchen(deps: KitchenServiceDeps): Kitchen {
  const { db, config } = deps;
  const now = deps.now ?? Date.now;
  const store = new KitchenStore(db);
  const fetcher = createDayFetcher({ ...deps, store, now });
  const reader = createDayReader({ store, cacheBytes: config.cacheBytes, onUnreadable: fetcher.forget });
  const rollups = createRollupReader({
    store,
    daySummaries: reader.daySummaries,
    cacheBytes: Math.floor((config.cacheBytes ?? DEFAULT_CACHE_BYTES) / 2),
  });
  const entitlement = createEntitlement({ store, fetcher, config, now });
  const interners = new Map<string, DimensionInterner>();
  const internerOf = (guid: string) =>
    interners.get(guid) ?? interners.set(guid, new DimensionInterner()).get(guid)!;
  const base: KitchenBase = { db, config, now, store, fetcher, reader, rollups, entitlement, internerOf };
  const parts = createRangeParts({
    store,
    reader,
    rollups,
    config,
    recordFiltered: (r, dates, rows, ...rest) => recordFiltered(base, r, dates, rows, ...rest),
  });
  const answers = createRangeAnswers({
    db,
    whenReady: (restaurant, query, compute) => whenReady(base, restaurant, query, compute),
    parts,
    internerOf,
    config,
  });
  const overviewLevels = createOverviewLevels({ db, store, reader, config, now });
  return { ...base, parts, answers, overviewLevels, anomalyDays: createAnomalyDays(store) };
}

const rangeOf = ({ now, config }: KitchenBase, restaurant: KitchenRestaurant, query: KitchenRangeQuery) =>
  validateRange(query, restaurant, now(), config.maxRangeDays);

/**
 * The one readiness rule of the range routes: once every date has an answer (keeping today's
 * needsFetch rules for what to fetch again), `compute` runs over the stored rows; until then the
 * caller gets the range's coverage to show as progress.
 */
async function whenReady<T>(
  k: KitchenBase,
  restaurant: KitchenRestaurant,
  query: KitchenRangeQuery & RecordFilter,
  compute: (dates: string[], rows: Map<string, DayRow>, coverage: () => DateCoverage) => Promise<T>,
): Promise<RangeAnswer<T>> {
  const { config, now } = k;
  // The item and service filters read raw records: a range before their retention is refused before any fetch.
  refuseRecordFilterBeyondRawRetention(restaurant, query, config.rawRetentionDays ?? 0, now());
  const dates = rangeOf(k, restaurant, query);
  const { rows, states, context } = await rangeStateOf(k, restaurant, dates, {
    wait: config.readyWaitMs ?? READY_WAIT_MS,
  });
  if (states.some((s) => s.status === "pending")) {
    return {
      ready: false,
      pending: pendingReport(restaurant.guid, query, states),
      retryAfterMs: PENDING_RETRY_AFTER_MS,
    };
  }
  // The coverage when the answer is assembled: a stored day found unreadable on the way is failed by then (day-reader.ts).
  const coverage = () => coverageOf(dateStates(dates, rows, context));
  return { ready: true, value: await compute(dates, rows, coverage) };
}

/** The services each stored day was summarised with (the service filter assigns records with them). */
const storedDayParts =
  ({ reader }: KitchenBase, guid: string, rows: Map<string, DayRow>) =>
  async (dates: string[]) =>
    new Map((await reader.daySummaries(guid, dates, rows)).map((d) => [d.businessDate, d.dayParts]));

function recordFiltered(
  k: KitchenBase,
  r: KitchenRestaurant,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  ...rest: FilterArgs
) {
  return filteredDays(
    { db: k.db, store: k.store, dayParts: storedDayParts(k, r.guid, rows) },
    r,
    dates,
    rows,
    ...rest,
  );
}

/** What a summary section reads (summary-sections.ts), besides its restaurant's interner. */
function sectionDeps({ db, store, reader, parts, anomalyDays }: Kitchen) {
  const { filtersFor, partsOf, stuckReport } = parts;
  return { db, store, reader, rangeParts: { filtersFor, partsOf, stuckReport }, anomalyDays };
}

async function prepareRange(k: Kitchen, restaurant: KitchenRestaurant, query: KitchenRangeQuery) {
  return coverageOf(
    (await rangeStateOf(k, restaurant, rangeOf(k, restaurant, query), { wait: "settled" })).states,
  );
}

async function summaryAnswer(
  k: Kitchen,
  restaurant: KitchenRestaurant,
  query: KitchenSummaryQuery,
  opts: { dayParts?: boolean },
): Promise<RangeAnswer<KitchenSummary>> {
  const { partsOf, filtersFor, stuckReport } = k.parts;
  // With day parts the answer has anomalies, which read the weeks before the range too (anomaly-days.ts).
  const extra =
    opts.dayParts === false
      ? opts
      : { ...opts, lookback: await k.anomalyDays.lookbackVersion(restaurant, query.from) };
  return k.answers.answered("summary", restaurant, query, extra, async (dates, rows, coverage, targets) => {
    const parts = await partsOf(restaurant, dates, rows, [query.metric], query, targets.breaks);
    const merged = parts.partsFor(query.metric);
    const filters = filtersFor(query);
    const summary = assembleSummary(
      restaurant,
      query,
      dates,
      rows,
      coverage(),
      merged,
      targetsOfMetric(query.metric, targets),
      targets.ticketSeconds,
      k.internerOf(restaurant.guid),
      filters,
      stuckReport(parts, query),
    );
    if (opts.dayParts === false) return summary;
    // The same parts as the figures: the rollups carry their days' services and weekday hours.
    return {
      ...summary,
      dayParts: mergeDayParts(merged, query.metric, filters, restaurant.closeoutHour),
      anomalies: await k.anomalyDays.anomaliesOf(restaurant, dates, rows, filters.stuckSeconds, query),
    };
  });
}

function rangeDaysAnswer(
  k: Kitchen,
  restaurant: KitchenRestaurant,
  query: KitchenRangeQuery,
  opts: { metric?: KitchenMetric; stuck?: StuckChoice; level?: KitchenLevel },
) {
  const { filtersFor, stuckReport } = k.parts;
  return whenReady(k, restaurant, query, async (dates, rows, coverage) => {
    const stored = await k.reader.daySummaries(restaurant.guid, dates, rows);
    const metric = opts.metric ?? "fire_to_fulfill";
    const asked = { stuck: opts.stuck, level: opts.level };
    const filters = filtersFor(asked);
    const cleaned =
      filters.stuckSeconds !== undefined && metric !== "fire_to_fulfill"
        ? await stuckFreeDays(k.store, restaurant, stored, filters.stuckSeconds)
        : { days: stored, kept: [] };
    const stuck = stuckReport({ stuckParts: { days: stored, rollups: [] }, kept: cleaned.kept }, asked);
    return { days: cleaned.days, coverage: coverage(), cutSeconds: cutSecondsOf(metric, filters), stuck };
  });
}

async function recordsAnswer(
  k: Kitchen,
  restaurant: KitchenRestaurant,
  query: KitchenRecordsQuery,
): Promise<RangeAnswer<AsyncIterable<RecordChunk>>> {
  // A range reaching before the retention is refused before anything is fetched.
  refuseBeyondRawRetention(restaurant, query.from, k.config.rawRetentionDays ?? 0, k.now());
  return whenReady(k, restaurant, query, async (dates, rows) => {
    const usable = usableDates(dates, rows).map((d) => d.date);
    await refuseMissingRawRecords(k.db, restaurant, usable);
    return filteredRecords(
      k.store,
      restaurant,
      usable,
      query,
      query.service === undefined ? null : await storedDayParts(k, restaurant.guid, rows)(usable),
    );
  });
}

async function coverageAnswer(
  k: Kitchen,
  restaurant: KitchenRestaurant,
  query: KitchenRangeQuery,
): Promise<KitchenCoverage> {
  return coverageReport(
    restaurant.guid,
    query,
    (await rangeStateOf(k, restaurant, rangeOf(k, restaurant, query), null)).states,
  );
}

function ticketsAnswer(
  k: Kitchen,
  restaurant: KitchenRestaurant,
  query: KitchenTicketsQuery,
): Promise<RangeAnswer<KitchenTickets>> {
  return whenReady(k, restaurant, query, async (dates, rows, coverage) => {
    const facts = hasRecordFilter(query)
      ? (await recordFiltered(k, restaurant, dates, rows, query, true)).facts
      : await k.reader.dayTicketFacts(restaurant.guid, dates, rows);
    const tickets = await slowTicketsOf(
      k.store,
      restaurant.guid,
      facts,
      query,
      k.parts.filtersFor(query),
      query.item,
    );
    return {
      restaurantGuid: restaurant.guid,
      from: query.from,
      to: query.to,
      metric: query.metric,
      limit: query.limit,
      coverage: coverage(),
      tickets,
    };
  });
}

/** The backfill over the service's fetcher and store, building the rollups of its window (rollup-reader.ts). */
function serviceBackfill(
  s: {
    fetcher: DayFetcher;
    store: KitchenStore;
    config: KitchenServiceConfig;
    now: () => number;
    rollups: ReturnType<typeof createRollupReader>;
    anomalyDays: ReturnType<typeof createAnomalyDays>;
  },
  opts: Omit<BackfillDeps, "fetcher" | "store" | "config" | "now">,
) {
  const { fetcher, store, config, now, rollups, anomalyDays } = s;
  const cut = (config.stuckMinutes ?? DEFAULT_STUCK_MINUTES) * 60;
  return createBackfill({
    // A location held while its lane runs (an outage begins) stops there: the lane's first
    // check (locationAdmitted) gives it its one try once the wait has run out.
    skipLocation: async (r) => {
      const state = await fetcher.locationFetchState(r.guid);
      return state.kind !== "ok" && !state.due;
    },
    // Rollups are built here, off the request path (rollup-reader.ts buildComplete), and the days'
    // p90 tables of the unusual days computed (anomaly-days.ts warm), so no summary decodes its lookback.
    buildRollups:
      config.rollups === false
        ? undefined
        : async (r, from, to) => {
            const built = await rollups.buildComplete(r.guid, from, to);
            await anomalyDays.warm(r, from, to, cut);
            return built;
          },
    ...opts,
    fetcher,
    store,
    config,
    now,
  });
}

/**
 * The stored rows of a range and each date's state (coverage.ts `dateState`, the one rule the
 * coverage route uses too). `fetch`: start the fetch of what the range lacks and wait up to
 * `wait` first. The kitchen tier belongs to the restaurant, not to a date: once its latest
 * answer is a 204, a range is answered from that, with the dates never asked counted as not
 * entitled, instead of one upstream call per date (a 90-day range was 90 calls answered 204);
 * whether it upgraded is asked again about once a day, for one date, by the entitlement probe
 * and the backfill. Dates before kitchenDataStart are never asked, and their stored rows (an
 * older version asked them and stored empty days) are left out of the figures.
 */
async function rangeStateOf(
  { store, fetcher, config }: { store: KitchenStore; fetcher: DayFetcher; config: KitchenServiceConfig },
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  fetch: { wait: number | "settled" } | null,
) {
  const notEntitled =
    dates.length > 0 &&
    (await store.latestAnswers([restaurant.guid])).get(restaurant.guid)?.entitled === false;
  const start = kitchenDataStart(restaurant);
  const asked = dates.filter((d) => d >= start);
  const rows =
    fetch && !notEntitled
      ? await fetcher.requestRange(restaurant, asked, fetch.wait)
      : asked.length === 0
        ? new Map<string, DayRow>()
        : // Store only (the coverage route): a held location's unanswered dates say why (location-health.ts).
          await fetcher.heldAnswer(
            restaurant,
            asked,
            await store.dayRows(restaurant.guid, asked[0]!, asked.at(-1)!),
          );
  for (const date of rows.keys()) if (date < start) rows.delete(date);
  const context = { restaurant, config, notEntitled };
  return { rows, states: dateStates(dates, rows, context), context };
}
