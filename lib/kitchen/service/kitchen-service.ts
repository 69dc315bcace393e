import "server-only";
import type { Database } from "@/lib/db/database";
import { KITCHEN_LEVELS, KITCHEN_METRICS, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { type KitchenCoverage, type KitchenSummary, type KitchenTargets, type KitchenTickets } from "@/lib/kitchen/contract/responses";
import { type KitchenRangeQuery, type KitchenSummaryQuery, type KitchenTargetsInput, type KitchenTicketsQuery } from "@/lib/kitchen/contract/params";
import { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { validateRange } from "@/lib/kitchen/query/range-query";
import { marginalsAnswer, type RangeParts, type SummaryFilters } from "@/lib/kitchen/query/range-summary";
import type { Rollup } from "@/lib/kitchen/query/rollup";
import { KitchenStore, type DayRow } from "@/lib/kitchen/storage/kitchen-store";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import type { PlatformClient } from "@/lib/platform/types";
import { coverageOf, coverageReport, usableDates } from "./coverage";
import { createBackfill, type BackfillDeps } from "./backfill";
import { createDayFetcher } from "./day-fetcher";
import { createDayReader, DEFAULT_CACHE_BYTES } from "./day-reader";
import { createEntitlement } from "./entitlement";
import { createRollupReader } from "./rollup-reader";
import type { KitchenRestaurant, KitchenServiceConfig } from "./service-config";
import { assembleSummary, filtersOf, stationLevelRows, type StationLevelRow } from "./summary-assembly";
import { slowTicketsOf } from "./ticket-drill-down";

export type { KitchenRestaurant, KitchenServiceConfig } from "./service-config";

/**
 * The kitchen pipeline's facade. A request for a range goes: validate the range
 * (query/range-query.ts) -> fetch what the range lacks, once per date (day-fetcher.ts) -> read
 * the rollups of its whole closed weeks and months (rollup-reader.ts) and its other stored days,
 * decoded and cached (day-reader.ts) -> merge and assemble the answer
 * (summary-assembly.ts, ticket-drill-down.ts), with the dates' coverage (coverage.ts).
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
}

export type KitchenService = ReturnType<typeof createKitchenService>;

export function createKitchenService(deps: KitchenServiceDeps) {
  const { db, client, config } = deps;
  const now = deps.now ?? Date.now;
  const store = new KitchenStore(db);
  const fetcher = createDayFetcher({ db, store, client, config, now });
  const reader = createDayReader({ store, cacheBytes: config.cacheBytes, onUnreadable: fetcher.forget });
  const rollups = createRollupReader({ store, daySummaries: reader.daySummaries, cacheBytes: Math.floor((config.cacheBytes ?? DEFAULT_CACHE_BYTES) / 2) });
  const entitlement = createEntitlement({ store, fetcher, config, now });
  // One per restaurant: a day's dimension values are numbered once, not on every request.
  const interners = new Map<string, DimensionInterner>();
  const internerOf = (guid: string) => {
    let interner = interners.get(guid);
    if (!interner) {
      interner = new DimensionInterner();
      interners.set(guid, interner);
    }
    return interner;
  };
  const rangeOf = (restaurant: KitchenRestaurant, query: KitchenRangeQuery) => validateRange(query, restaurant, now(), config.maxRangeDays);

  /** The range as rollups of the metrics plus its other days, decoded. */
  async function partsOf(guid: string, dates: readonly string[], rows: Map<string, DayRow>, metrics: readonly KitchenMetric[], filters: SummaryFilters) {
    const split =
      config.rollups === false
        ? { rollups: new Map<KitchenMetric, Rollup[]>(metrics.map((m) => [m, []])), rest: dates }
        : await rollups.split(guid, dates, rows, metrics, !marginalsAnswer(filters));
    const days = await reader.daySummaries(guid, split.rest, rows);
    return (metric: KitchenMetric): RangeParts => ({ days, rollups: split.rollups.get(metric) ?? [] });
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
    entitlement,

    /** The history backfill over this service's day fetcher (backfill.ts); `start()` is the caller's. */
    backfill: (opts: Omit<BackfillDeps, "fetcher" | "store" | "config" | "now">) => createBackfill({ ...opts, fetcher, store, config, now }),

    /** Fetches what a range lacks and reports its coverage (a cold range's warm-up). */
    async prepare(restaurant: KitchenRestaurant, query: KitchenRangeQuery) {
      const dates = rangeOf(restaurant, query);
      return coverageOf(dates, await fetcher.ensureRange(restaurant, dates));
    },

    async summary(restaurant: KitchenRestaurant, query: KitchenSummaryQuery): Promise<KitchenSummary> {
      const dates = rangeOf(restaurant, query);
      const rows = await fetcher.ensureRange(restaurant, dates);
      const [parts, targets] = await Promise.all([partsOf(restaurant.guid, dates, rows, [query.metric], filtersOf(query)), store.targets(restaurant.guid)]);
      return assembleSummary(restaurant, query, dates, rows, parts(query.metric), targets.seconds, internerOf(restaurant.guid));
    },

    /** summary.csv: station × level × metric, every metric, with the query's filters. */
    async stationLevelRows(restaurant: KitchenRestaurant, query: Omit<KitchenSummaryQuery, "metric">): Promise<StationLevelRow[]> {
      const dates = rangeOf(restaurant, query);
      const rows = await fetcher.ensureRange(restaurant, dates);
      const filters = filtersOf(query);
      return stationLevelRows(await partsOf(restaurant.guid, dates, rows, KITCHEN_METRICS, filters), filters, internerOf(restaurant.guid));
    },

    /** fulfillments.csv: the raw records of the range, a stored chunk at a time. */
    async records(restaurant: KitchenRestaurant, query: KitchenRangeQuery): Promise<AsyncIterable<ItemFulfillment[]>> {
      const dates = rangeOf(restaurant, query);
      const usable = usableDates(dates, await fetcher.ensureRange(restaurant, dates)).map((d) => d.date);
      return (async function* () {
        for await (const chunk of store.recordChunks(restaurant.guid, usable)) yield chunk.records;
      })();
    },

    /** Store only: where each date stands, for the progress of a cold range. */
    async coverage(restaurant: KitchenRestaurant, query: KitchenRangeQuery): Promise<KitchenCoverage> {
      const dates = rangeOf(restaurant, query);
      return coverageReport(restaurant.guid, query, dates, await store.dayRows(restaurant.guid, query.from, query.to));
    },

    async tickets(restaurant: KitchenRestaurant, query: KitchenTicketsQuery): Promise<KitchenTickets> {
      const dates = rangeOf(restaurant, query);
      const rows = await fetcher.ensureRange(restaurant, dates);
      const facts = await reader.dayTicketFacts(restaurant.guid, dates, rows);
      const tickets = await slowTicketsOf(store, restaurant.guid, facts, query, filtersOf(query));
      return { restaurantGuid: restaurant.guid, from: query.from, to: query.to, metric: query.metric, limit: query.limit, coverage: coverageOf(dates, rows), tickets };
    },

    targets: (restaurant: KitchenRestaurant) => targetsOf(restaurant.guid),

    /** Resolves when the rollup builds queued so far have settled (tests, the benchmark). */
    rollupsSettled: () => rollups.settled(),

    async putTargets(restaurant: KitchenRestaurant, input: KitchenTargetsInput): Promise<KitchenTargets> {
      await store.putTargets(restaurant.guid, input.targets, now());
      return targetsOf(restaurant.guid);
    },
  };
}
