import "server-only";

import type { Database } from "@/lib/db/database";
import type { KitchenCapacity, KitchenCapacityQuery } from "@/lib/kitchen/contract/capacity";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import type { RangeAnswer } from "@/lib/kitchen/contract/responses";
import { targetSchedule } from "@/lib/kitchen/contract/target-versions";
import { applicableTarget } from "@/lib/kitchen/contract/targets";
import { NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";
import { SLOT_MINUTES } from "@/lib/kitchen/ingest/day-slots";
import { capacityInProgress, capacityKnee, capacityLoads } from "@/lib/kitchen/query/capacity";
import { readTargetVersions } from "@/lib/kitchen/storage/target-versions";

import type { KitchenService } from "./kitchen-service";
import type { KitchenRestaurant } from "./service-config";

/**
 * GET .../kitchen/capacity: the range's decoded days (rangeDays: the same readiness, coverage and
 * stuck rule as the other range answers; never the rollups, which add days together and so lose
 * each slot instance's load), grouped by load (query/capacity.ts), against the target in force on
 * the range's last date.
 */
export async function kitchenCapacity(
  deps: { service: Pick<KitchenService, "rangeDays">; db: Database },
  restaurant: KitchenRestaurant,
  query: KitchenCapacityQuery,
): Promise<RangeAnswer<KitchenCapacity>> {
  const answer = await deps.service.rangeDays(restaurant, query, {
    metric: "fire_to_fulfill",
    stuck: query.stuck,
    level: query.level,
  });
  if (!answer.ready) return answer;
  const { days, coverage, cutSeconds } = answer.value;
  const book = targetSchedule(await readTargetVersions(deps.db, restaurant)).on(query.to).book;
  const station = query.station === undefined || query.station === NONE_FILTER ? null : query.station;
  const targetSeconds = applicableTarget(book, station, query.level);
  const filter = { level: query.level, station: query.station };
  // The stuck cut alone: rangeDays's cutSeconds is the stuck limit for fire to fulfill (no maxMinutes here).
  const slots = capacityLoads(days, filter, targetSeconds, cutSeconds);
  const dayCount = days.filter((d) => d.recordCount > 0).length;
  // Every station's in-progress row, so the answer also lists the filter's choices.
  const inProgress = capacityInProgress(days, { level: query.level }, dayCount);
  const shown = (guid: string | null) =>
    query.station === undefined || (query.station === NONE_FILTER ? guid === null : guid === query.station);
  return {
    ready: true,
    value: {
      restaurantGuid: restaurant.guid,
      from: query.from,
      to: query.to,
      level: query.level,
      station: query.station ?? null,
      targetSeconds,
      minItems: MIN_RANKED_COUNT,
      slotMinutes: SLOT_MINUTES,
      stuckCutSeconds: cutSeconds ?? null,
      slots,
      ...capacityKnee(slots),
      days: dayCount,
      stations: inProgress.map((r) => ({ guid: r.stationGuid, name: r.stationName })),
      inProgress: inProgress.filter((r) => shown(r.stationGuid)),
      coverage,
    },
  };
}
