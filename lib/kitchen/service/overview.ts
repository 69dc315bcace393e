import "server-only";

import { businessDaysInRange } from "@/lib/business-date/business-date";
import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
import { presetRange, previousPeriod } from "@/lib/kitchen/contract/date-range";
import type {
  KitchenOverview,
  KitchenOverviewRow,
  KitchenSummary,
  OverviewLevelFigures,
  RangeAnswer,
  StuckReport,
} from "@/lib/kitchen/contract/responses";
import { DEFAULT_STUCK_MINUTES, type StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import type { TargetSource } from "@/lib/kitchen/contract/target-versions";
import { KITCHEN_LEVELS, type KitchenLevel, type OverviewRange } from "@/lib/kitchen/contract/vocabulary";

import { withoutKitchenTier } from "./coverage";
import type { KitchenService } from "./kitchen-service";
import { overviewChain, type OverviewGroups } from "./overview-chain";
import { withStatus } from "./overview-status";
import type { KitchenLevelSummary } from "./range-answers";
import type { KitchenRestaurant } from "./service-config";

/** What the Overview needs of a restaurant (the session's PermittedRestaurant has it). */
export interface OverviewRestaurant extends KitchenRestaurant {
  locationName: string;
  archived: boolean;
  kitchenEntitled?: boolean;
}

/** Restaurants summarised at once: each may start up to two ranges' fetches. */
const CONCURRENCY = 6;

/**
 * The multi-unit Overview: for every restaurant the account may see, the chosen period of its own
 * business dates and the period of the same length before it, fire to fulfill at levels 0, 1 and 2.
 * The figures are the kitchen summary's own (the same exact merge as the Kitchen page, reduced to
 * its station × level part: `levelSummary`), so the two pages can never disagree; archived restaurants included, marked. A restaurant whose dates
 * are still being fetched is "pending" with its progress rather than holding the others.
 */
export async function kitchenOverview(
  service: Pick<KitchenService, "levelSummary"> &
    Partial<Pick<KitchenService, "levelSummaries" | "section" | "rangeDays" | "levelHistograms">>,
  restaurants: readonly OverviewRestaurant[],
  range: OverviewRange,
  nowMs: number,
  stuck: StuckChoice = "exclude",
  groups?: OverviewGroups,
): Promise<KitchenOverview> {
  const rows: KitchenOverviewRow[] = new Array(restaurants.length);
  const reports: (StuckReport | undefined)[] = [];
  // Every restaurant whose dates are all stored, at once from the day digests (overview-levels.ts);
  // the others below through levelSummary, which fetches what they lack.
  const batch = service.levelSummaries
    ? await service.levelSummaries(
        restaurants.flatMap((restaurant) => {
          const p = periodsOf(restaurant, range, nowMs);
          return p && restaurant.kitchenEntitled !== false ? [{ restaurant, ranges: p }] : [];
        }),
        stuck,
      )
    : new Map<string, KitchenLevelSummary[] | null>();
  const known: Pick<KitchenService, "levelSummary"> = {
    levelSummary: async (restaurant, query) => {
      const periods = periodsOf(restaurant as OverviewRestaurant, range, nowMs);
      const answers = batch.get(restaurant.guid);
      const i = periods?.findIndex((p) => p.from === query.from && p.to === query.to) ?? -1;
      return answers && i >= 0
        ? { ready: true, value: answers[i]! }
        : service.levelSummary(restaurant, query);
    },
  };
  let next = 0;
  const worker = async () => {
    while (next < restaurants.length) {
      const i = next++;
      const { stuckReport, ...row } = await overviewRow(known, restaurants[i]!, range, nowMs, stuck);
      rows[i] = row;
      reports[i] = stuckReport;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, restaurants.length) }, worker));
  const maxMinutes = reports.find((r) => r !== undefined)?.maxMinutes ?? DEFAULT_STUCK_MINUTES;
  // Status, reason, late items and worst station per row; the movers and the glance line (issue 34).
  const status = await withStatus(service, restaurants, rows, stuck);
  // The chain (issue 36) when the caller knows the restaurants' groups: areas and ranks, exact.
  const chain =
    groups && service.rangeDays
      ? await overviewChain(
          { rangeDays: service.rangeDays, levelHistograms: service.levelHistograms },
          restaurants,
          status.rows,
          groups,
          stuck,
        )
      : null;
  return {
    range,
    rows: chain?.rows ?? status.rows,
    stuck: {
      maxMinutes,
      records: rows.reduce((n, r) => n + r.stuckRecords, 0),
      included: stuck === "include",
    },
    glance: status.glance,
    movers: status.movers,
    ...(chain ? { areas: chain.areas, chain: chain.chain } : {}),
  };
}

/** The period and the one before it, or null for a zone this server does not know. */
function periodsOf(restaurant: OverviewRestaurant, range: OverviewRange, nowMs: number) {
  const today = currentBusinessDateOrNull(restaurant, nowMs);
  if (!today) return null;
  const period = presetRange(range, today);
  return [period, previousPeriod(period)];
}

async function overviewRow(
  service: Pick<KitchenService, "levelSummary">,
  restaurant: OverviewRestaurant,
  range: OverviewRange,
  nowMs: number,
  stuck: StuckChoice,
): Promise<KitchenOverviewRow & { stuckReport?: StuckReport }> {
  const today = currentBusinessDateOrNull(restaurant, nowMs);
  const period = today ? presetRange(range, today) : { from: "", to: "" };
  const base = {
    restaurantGuid: restaurant.guid,
    restaurantName: restaurant.name,
    locationName: restaurant.locationName,
    archived: restaurant.archived,
    period,
    previousPeriod: today ? previousPeriod(period) : { from: "", to: "" },
    current: [],
    previous: [],
    stuckRecords: 0,
  };
  if (!today)
    return {
      ...base,
      status: "error",
      message: `The restaurant's time zone "${restaurant.timeZone}" is unknown to this server.`,
    };
  if (restaurant.kitchenEntitled === false) return { ...base, status: "not_entitled" };
  let answers: RangeAnswer<KitchenLevelSummary>[];
  try {
    answers = await Promise.all(
      [base.period, base.previousPeriod].map((dates) =>
        service.levelSummary(restaurant, { ...dates, stuck }),
      ),
    );
  } catch (error) {
    return {
      ...base,
      status: "error",
      message: error instanceof Error ? error.message : "Could not be loaded",
    };
  }
  const [current, previous] = answers as [RangeAnswer<KitchenLevelSummary>, RangeAnswer<KitchenLevelSummary>];
  if (!current.ready || !previous.ready) {
    // Progress counts the dates of both periods; a ready period counts all of its dates.
    const periods = [base.period, base.previousPeriod];
    const parts = [current, previous].map((a, i) => {
      if (!a.ready) return { answered: a.pending.total - a.pending.pending, total: a.pending.total };
      const days = businessDaysInRange(periods[i]!.from, periods[i]!.to);
      return { answered: days, total: days };
    });
    return {
      ...base,
      status: "pending",
      progress: {
        answered: parts[0]!.answered + parts[1]!.answered,
        total: parts[0]!.total + parts[1]!.total,
      },
    };
  }
  if (withoutKitchenTier(current.value.coverage) && withoutKitchenTier(previous.value.coverage))
    return { ...base, status: "not_entitled" };
  return {
    ...base,
    status: "ready",
    current: overviewLevelFigures(current.value),
    previous: overviewLevelFigures(previous.value),
    stuckRecords: current.value.stuck.records,
    stuckReport: current.value.stuck,
  };
}

/** A summary reduced to the Overview's figures, levels 0-2 (also the scale benchmark's table). */
export function overviewLevelFigures(
  summary: Pick<KitchenSummary, "levels" | "withinTarget"> & {
    targetSources?: Record<KitchenLevel, TargetSource>;
  },
): OverviewLevelFigures[] {
  return KITCHEN_LEVELS.map((level) => {
    const at = summary.levels.find((l) => l.level === level);
    const stats = at?.stats;
    return {
      level,
      items: at?.items ?? 0,
      records: stats?.count ?? 0,
      p50: stats?.p50 ?? null,
      p90: stats?.p90 ?? null,
      onTimeShare: summary.withinTarget.find((t) => t.level === level)?.share ?? null,
      late: summary.withinTarget.find((t) => t.level === level)?.late ?? 0,
      targetSource: summary.targetSources?.[level] ?? "default",
    };
  });
}
