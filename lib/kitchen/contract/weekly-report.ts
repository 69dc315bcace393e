import { z } from "zod";

import { businessDateFromIso, businessDateWeekday } from "@/lib/business-date/business-date";

import { stuckParam } from "./params";
import type { OverviewRowStatus } from "./responses";
import type { KitchenLevel } from "./vocabulary";

const WEEK_MESSAGE = "week must be a Monday written YYYY-MM-DD (for example 2026-11-16)";

/**
 * GET /api/kitchen/weekly-report.csv: `week`, the Monday of a Monday-Sunday week, ISO as the
 * file's own dates (absent: the last full week); `stuck` as the Overview's.
 */
export const weeklyReportSchema = z.object({
  week: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .transform((v, ctx) => {
        const date = businessDateFromIso(v);
        if (date === null || businessDateWeekday(date) !== 1) {
          ctx.addIssue({ code: "custom", message: WEEK_MESSAGE });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
  ),
  stuck: stuckParam,
});

/** One level's figures of one week: fire to fulfill, every station together. */
export interface WeeklyLevelFigures {
  /** Station fulfillment records with a time at this level. */
  records: number;
  /** Of them, over the target in force on their day (their station's own, else the level's). */
  late: number;
  /** late / records, 0..1; null without records. */
  lateShare: number | null;
  p50: number | null;
  p90: number | null;
}

/** One row of the weekly report: a restaurant at a level, the week and the week before. */
export interface WeeklyReportRow {
  restaurantGuid: string;
  restaurantName: string;
  locationName: string;
  archived: boolean;
  /** As the Overview's: only "ready" rows carry figures. */
  status: Exclude<OverviewRowStatus, "pending">;
  message?: string;
  level: KitchenLevel;
  current: WeeklyLevelFigures | null;
  previous: WeeklyLevelFigures | null;
}

export interface KitchenWeeklyReport {
  /** The week asked, Monday to Sunday, as business dates (the same dates for every restaurant). */
  week: { from: string; to: string };
  previousWeek: { from: string; to: string };
  rows: WeeklyReportRow[];
}
