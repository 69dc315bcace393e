import "server-only";

import type { CloseoutRules } from "@/lib/business-date/closeout";
import type { Queryable } from "@/lib/db/database";
import { settleInstant } from "@/lib/kitchen/service/service-config";
import { provisionalCandidates } from "@/lib/kitchen/storage/provisional-rows";

import type { HealthViewer } from "./health";

/**
 * The provisional dates (issue 30's settle rule, `dateState` in lib/kitchen/service/coverage.ts):
 * closed dates stored from a read made before their closeout plus KITCHEN_SETTLE_H, whose figures
 * the Platform may still revise; each is read once more after that instant. `due` counts those whose
 * instant has passed and whose settle read has not landed yet (it is queued, or failing). Anonymous
 * viewers get counts; signed-in viewers also get their own restaurants' dates.
 */
export interface ProvisionalDatesDeps {
  db: Queryable;
  settleHours: number;
  /**
   * The zone and closeout of each restaurant, as kept (no Platform read); a restaurant with none
   * kept is judged at UTC and a midnight closeout, the defaults of a restaurant without them.
   */
  rulesOf(guids: readonly string[]): Promise<Map<string, CloseoutRules>>;
  now: number;
}

const DEFAULT_RULES: CloseoutRules = { timeZone: "UTC", closeoutHour: 0 };

export async function provisionalDatesSection(deps: ProvisionalDatesDeps, viewer: HealthViewer) {
  const config = { settleHours: deps.settleHours };
  const candidates = await provisionalCandidates(deps.db, deps.settleHours);
  const rules = await deps.rulesOf([...new Set(candidates.map((c) => c.restaurantGuid))]);
  const dates = candidates.flatMap((c) => {
    const settlesAt = settleInstant(c.businessDate, rules.get(c.restaurantGuid) ?? DEFAULT_RULES, config);
    return c.fetchedAt < settlesAt ? [{ ...c, settlesAt }] : [];
  });
  const oldest = dates.length === 0 ? null : Math.min(...dates.map((d) => d.settlesAt));
  const section = {
    settleHours: deps.settleHours,
    dates: dates.length,
    locations: new Set(dates.map((d) => d.restaurantGuid)).size,
    due: dates.filter((d) => d.settlesAt <= deps.now).length,
    earliestSettlesAt: oldest === null ? null : new Date(oldest).toISOString(),
  };
  if (viewer.kind === "anonymous") return section;
  const byLocation = new Map<string, { date: string; settlesAt: string; due: boolean }[]>();
  for (const d of dates) {
    if (!viewer.guids.has(d.restaurantGuid)) continue;
    const list =
      byLocation.get(d.restaurantGuid) ?? byLocation.set(d.restaurantGuid, []).get(d.restaurantGuid)!;
    list.push({
      date: d.businessDate,
      settlesAt: new Date(d.settlesAt).toISOString(),
      due: d.settlesAt <= deps.now,
    });
  }
  return {
    ...section,
    byLocation: [...byLocation].map(([restaurantGuid, list]) => ({ restaurantGuid, dates: list })),
  };
}
