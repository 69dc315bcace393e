import "server-only";

import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import type { KitchenRangeQuery } from "@/lib/kitchen/contract/params";
import type { DateCoverage, KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import {
  targetSchedule,
  type TargetsInForce,
  type TargetSource,
} from "@/lib/kitchen/contract/target-versions";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import type { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { mergeLevels, type DatedTargets } from "@/lib/kitchen/query/range-summary";
import type { DatedTicketTargets } from "@/lib/kitchen/query/ticket-times";
import { KeptAnswers } from "@/lib/kitchen/storage/kept-answers";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";
import { readTargetVersions } from "@/lib/kitchen/storage/target-versions";

import { answerKey, createAnswerCache, rangeFingerprint } from "./answer-cache";
import type { RecordFilter } from "./filtered-days";
import type { createRangeParts } from "./range-parts";
import type { KitchenRestaurant, KitchenServiceConfig } from "./service-config";

/**
 * What the Overview reads of a range (`levelSummary`): a whole summary's fields of the same names,
 * and where each level's target on the range's last date comes from ("own": the Overview says so).
 */
export type KitchenLevelSummary = Pick<KitchenSummary, "coverage" | "levels" | "withinTarget" | "stuck"> & {
  targetSources: Record<KitchenLevel, TargetSource>;
};

/**
 * The targets a range is judged by, each date by those in force on it (contract/target-versions.ts):
 * items (per level and station) and tickets, the dates in the range where they change (no rollup is
 * read across one), and the fingerprint of exactly the range's targets (the answer cache's).
 */
export interface RangeTargets {
  book: DatedTargets;
  ticketSeconds: DatedTicketTargets;
  breaks: string[];
  fingerprint: string;
  /** All the targets in force on a date (metric-targets.ts and the channels answer read theirs from it). */
  on: (date: string) => TargetsInForce;
  last: TargetsInForce;
}

/** kitchen-service.ts's readiness rule: `compute` runs once every date of the range has an answer. */
type WhenReady = <T>(
  restaurant: KitchenRestaurant,
  query: KitchenRangeQuery & RecordFilter,
  compute: (dates: string[], rows: Map<string, DayRow>, coverage: () => DateCoverage) => Promise<T>,
) => Promise<RangeAnswer<T>>;

interface RangeAnswersDeps {
  db: Database;
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
export function createRangeAnswers({ db, whenReady, parts, internerOf, config }: RangeAnswersDeps) {
  const answers = createAnswerCache(
    config.answerCacheBytes,
    config.keptAnswers === false ? null : new KeptAnswers(db),
  );
  const { partsOf, filtersFor, stuckReport } = parts;

  const rangeTargets = async (
    restaurant: KitchenRestaurant,
    dates: readonly string[],
  ): Promise<RangeTargets> => {
    const schedule = targetSchedule(await readTargetVersions(db, restaurant));
    const to = dates.at(-1) ?? currentBusinessDateOrNull(restaurant) ?? "99991231";
    const from = dates[0] ?? to;
    const last = schedule.on(to);
    return {
      book: { on: (d) => schedule.on(d).book, last: last.book },
      ticketSeconds: { on: (d) => schedule.on(d).tickets, last: last.tickets },
      breaks: schedule.breaksWithin(from, to),
      fingerprint: schedule.fingerprint(from, to),
      on: (d) => schedule.on(d),
      last,
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
      const targets = await rangeTargets(restaurant, dates);
      return answers.through(
        answerKey(kind, restaurant, query, extra),
        () => rangeFingerprint(dates, rows, coverage(), targets.fingerprint),
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
      const p = await partsOf(restaurant, dates, rows, ["fire_to_fulfill"], asked, targets.breaks);
      const merged = mergeLevels(
        p.partsFor("fire_to_fulfill"),
        "fire_to_fulfill",
        filtersFor(asked),
        targets.book,
        internerOf(restaurant.guid),
      );
      const targetSources = Object.fromEntries(
        KITCHEN_LEVELS.map((l) => [l, targets.last.levels[l].source]),
      ) as Record<KitchenLevel, TargetSource>;
      return { coverage: coverage(), ...merged, stuck: stuckReport(p, asked), targetSources };
    });
  };

  return { answered, levelSummary, stats: () => answers.stats(), keptSettled: answers.keptSettled };
}
