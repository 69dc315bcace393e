import "server-only";

import { addBusinessDays, businessDateToIso, businessDateWeekday } from "@/lib/business-date/business-date";
import { currentBusinessDateOrNull, earliestBusinessDateAnywhere } from "@/lib/business-date/closeout";
import { isValidTimeZone } from "@/lib/business-date/time-zone";
import type { RangeAnswer } from "@/lib/kitchen/contract/responses";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import type {
  KitchenWeeklyReport,
  WeeklyLevelFigures,
  WeeklyReportRow,
} from "@/lib/kitchen/contract/weekly-report";

import { withoutKitchenTier } from "./coverage";
import type { KitchenService } from "./kitchen-service";
import { mapLimit } from "./map-limit";
import type { OverviewRestaurant } from "./overview";
import type { KitchenLevelSummary } from "./range-answers";

/** Restaurants summarised at once, as the Overview. */
const CONCURRENCY = 6;

type Week = { from: string; to: string };

/**
 * The week a weekly report covers: `monday`'s, or without it the last Monday-Sunday week that
 * has ended for every restaurant (each on its own business date; the earliest date anywhere when
 * no zone is known). A week that has not ended everywhere is refused with the reason: its figures
 * would still grow, and a report passes for final.
 */
export function reportWeek(
  restaurants: readonly OverviewRestaurant[],
  nowMs: number,
  monday?: string,
): Week | { error: string } {
  const todays = restaurants.flatMap((r) => currentBusinessDateOrNull(r, nowMs) ?? []);
  const today =
    todays.length > 0 ? todays.reduce((a, b) => (a < b ? a : b)) : earliestBusinessDateAnywhere(nowMs);
  // Days back from today to the Monday of today's week (getUTCDay: 0 Sunday … 6 Saturday).
  const thisMonday = addBusinessDays(today, -((businessDateWeekday(today) + 6) % 7));
  const from = monday ?? addBusinessDays(thisMonday, -7);
  const week = { from, to: addBusinessDays(from, 6) };
  if (week.to >= today)
    return { error: `the week of ${businessDateToIso(from)} has not ended yet for every restaurant` };
  return week;
}

/** A week's answer reduced to one level's figures (fire to fulfill, late by the targets in force each day). */
function levelFigures(summary: KitchenLevelSummary, level: KitchenLevel): WeeklyLevelFigures {
  const stats = summary.levels.find((l) => l.level === level)?.stats;
  const target = summary.withinTarget.find((t) => t.level === level);
  const records = stats?.count ?? 0;
  const late = target?.late ?? 0;
  return {
    records,
    late,
    lateShare: records > 0 ? late / records : null,
    p50: stats?.p50 ?? null,
    p90: stats?.p90 ?? null,
  };
}

type Outcome =
  | { status: "pending"; progress: { answered: number; total: number }; restaurantGuid: string }
  | { status: "done"; rows: WeeklyReportRow[] };

/**
 * The weekly report (GET /api/kitchen/weekly-report.csv): per restaurant the account may see and
 * level, fire to fulfill in `week` and the week before, computed as the Overview's figures are
 * (the kitchen summary's levelSummary), so report, Overview and Kitchen page cannot disagree.
 * Levels without a record in either week are left out, but every restaurant keeps at least its
 * level 0 row, so none goes missing from the file. `pending`: restaurants still being fetched.
 */
export async function kitchenWeeklyReport(
  service: Pick<KitchenService, "levelSummary">,
  restaurants: readonly OverviewRestaurant[],
  week: Week,
  stuck: StuckChoice = "exclude",
): Promise<
  KitchenWeeklyReport & {
    pending: { restaurantGuid: string; progress: { answered: number; total: number } }[];
  }
> {
  const previousWeek = { from: addBusinessDays(week.from, -7), to: addBusinessDays(week.to, -7) };
  const outcomes = await mapLimit(restaurants, CONCURRENCY, async (restaurant): Promise<Outcome> => {
    const base = {
      restaurantGuid: restaurant.guid,
      restaurantName: restaurant.name,
      locationName: restaurant.locationName,
      archived: restaurant.archived,
      current: null,
      previous: null,
    };
    const without = (status: WeeklyReportRow["status"], message?: string): Outcome => ({
      status: "done",
      rows: [{ ...base, status, ...(message ? { message } : {}), level: 0 }],
    });
    if (!isValidTimeZone(restaurant.timeZone))
      return without(
        "error",
        `The restaurant's time zone "${restaurant.timeZone}" is unknown to this server.`,
      );
    if (restaurant.kitchenEntitled === false) return without("not_entitled");
    let answers: RangeAnswer<KitchenLevelSummary>[];
    try {
      answers = await Promise.all(
        [week, previousWeek].map((w) => service.levelSummary(restaurant, { ...w, stuck })),
      );
    } catch (error) {
      return without("error", error instanceof Error ? error.message : "Could not be loaded");
    }
    const [current, previous] = answers as [
      RangeAnswer<KitchenLevelSummary>,
      RangeAnswer<KitchenLevelSummary>,
    ];
    if (!current.ready || !previous.ready) {
      const part = (a: RangeAnswer<KitchenLevelSummary>) =>
        a.ready
          ? { answered: 7, total: 7 }
          : { answered: a.pending.total - a.pending.pending, total: a.pending.total };
      const [c, p] = [part(current), part(previous)];
      return {
        status: "pending",
        restaurantGuid: restaurant.guid,
        progress: { answered: c.answered + p.answered, total: c.total + p.total },
      };
    }
    if (withoutKitchenTier(current.value.coverage) && withoutKitchenTier(previous.value.coverage))
      return without("not_entitled");
    const rows = KITCHEN_LEVELS.map((level): WeeklyReportRow => ({
      ...base,
      status: "ready",
      level,
      current: levelFigures(current.value, level),
      previous: levelFigures(previous.value, level),
    })).filter((row) => row.level === 0 || row.current!.records > 0 || row.previous!.records > 0);
    return { status: "done", rows };
  });
  return {
    week,
    previousWeek,
    rows: outcomes.flatMap((o) => (o.status === "done" ? o.rows : [])),
    pending: outcomes.flatMap((o) =>
      o.status === "pending" ? [{ restaurantGuid: o.restaurantGuid, progress: o.progress }] : [],
    ),
  };
}
