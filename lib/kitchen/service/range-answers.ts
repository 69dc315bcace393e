import "server-only";

import type { Database } from "@/lib/db/database";
import type { KitchenRangeQuery } from "@/lib/kitchen/contract/params";
import type { DateCoverage, KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import type { TargetBook } from "@/lib/kitchen/contract/targets";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import type { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { mergeLevels } from "@/lib/kitchen/query/range-summary";
import { KeptAnswers } from "@/lib/kitchen/storage/kept-answers";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import { readTicketTargets } from "@/lib/kitchen/storage/ticket-targets";

import { answerKey, createAnswerCache, rangeFingerprint } from "./answer-cache";
import type { RecordFilter } from "./filtered-days";
import type { createRangeParts } from "./range-parts";
import type { KitchenRestaurant, KitchenServiceConfig } from "./service-config";

/** What the Overview reads of a range (`levelSummary`): a whole summary's fields of the same names. */
export type KitchenLevelSummary = Pick<KitchenSummary, "coverage" | "levels" | "withinTarget" | "stuck">;

/** The targets in force for a restaurant's figures: items (per level and station) and tickets. */
interface RangeTargets {
  book: TargetBook;
  ticketSeconds: Record<KitchenLevel, number>;
}

/** kitchen-service.ts's readiness rule: `compute` runs once every date of the range has an answer. */
type WhenReady = <T>(
  restaurant: KitchenRestaurant,
  query: KitchenRangeQuery & RecordFilter,
  compute: (dates: string[], rows: Map<string, DayRow>, coverage: () => DateCoverage) => Promise<T>,
) => Promise<RangeAnswer<T>>;

interface RangeAnswersDeps {
  db: Database;
  store: KitchenStore;
  whenReady: WhenReady;
  parts: ReturnType<typeof createRangeParts>;
  internerOf: (guid: string) => DimensionInterner;
  config: Pick<KitchenServiceConfig, "answerCacheBytes" | "keptAnswers">;
}

/**
 * The kitchen service's answers through the answer cache (answer-cache.ts): `answered` is
 * whenReady with a closed range's answer kept while its stored days, their coverage and the
 * targets in force are unchanged; `levelSummary` is the Overview's answer built on it.
 */
export function createRangeAnswers({ db, store, whenReady, parts, internerOf, config }: RangeAnswersDeps) {
  const answers = createAnswerCache(
    config.answerCacheBytes,
    config.keptAnswers === false ? null : new KeptAnswers(db),
  );
  const { partsOf, filtersFor, stuckReport } = parts;

  const rangeTargets = async (guid: string): Promise<RangeTargets> => {
    const [targets, ticketTargets] = await Promise.all([store.targets(guid), readTicketTargets(db, guid)]);
    return {
      book: { levels: targets.seconds, stations: targets.stations },
      ticketSeconds: ticketTargets.seconds,
    };
  };

  /** `kind` and `extra` tell apart answers of one query that differ (summary or levels, options). */
  const answered = <T>(
    kind: string,
    restaurant: KitchenRestaurant,
    query: KitchenRangeQuery & RecordFilter,
    extra: unknown,
    compute: (
      dates: string[],
      rows: Map<string, DayRow>,
      coverage: () => DateCoverage,
      targets: RangeTargets,
    ) => Promise<T>,
  ): Promise<RangeAnswer<T>> =>
    whenReady(restaurant, query, async (dates, rows, coverage) => {
      const targets = await rangeTargets(restaurant.guid);
      return answers.through(
        answerKey(kind, restaurant, query, extra),
        () => rangeFingerprint(dates, rows, coverage(), targets),
        () => compute(dates, rows, coverage, targets),
        restaurant.guid,
      );
    });

  /**
   * The Overview's figures of a fire-to-fulfill range, unfiltered but for items left on screen:
   * the whole summary's coverage, levels, withinTarget and stuck, byte for byte, from the station
   * × level merge alone (no hour, day, item, ticket or day-part table).
   */
  const levelSummary = (
    restaurant: KitchenRestaurant,
    query: KitchenRangeQuery & { stuck?: StuckChoice },
  ): Promise<RangeAnswer<KitchenLevelSummary>> => {
    const asked = { from: query.from, to: query.to, stuck: query.stuck };
    return answered("levels", restaurant, asked, null, async (dates, rows, coverage, targets) => {
      const p = await partsOf(restaurant, dates, rows, ["fire_to_fulfill"], asked);
      const merged = mergeLevels(
        p.partsFor("fire_to_fulfill"),
        "fire_to_fulfill",
        filtersFor(asked),
        targets.book,
        internerOf(restaurant.guid),
      );
      return { coverage: coverage(), ...merged, stuck: stuckReport(p, asked) };
    });
  };

  return { answered, levelSummary, stats: () => answers.stats(), keptSettled: answers.keptSettled };
}
