import "server-only";

import type { KitchenMenuLoad, KitchenMenuLoadQuery } from "@/lib/kitchen/contract/menu-load";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import type { RangeAnswer } from "@/lib/kitchen/contract/responses";
import { menuLoadOf } from "@/lib/kitchen/query/menu-load";

import type { KitchenRestaurant, KitchenService } from "./kitchen-service";

/**
 * The menu's load of one restaurant's range (query/menu-load.ts) from its decoded days, as the
 * items matrix reads them: fire to fulfill, with the items left on screen cut as every figure
 * cuts them (unless `stuck=include`). Not ready (a 202) while a date of the range is being fetched.
 */
export async function kitchenMenuLoad(
  service: Pick<KitchenService, "rangeDays">,
  restaurant: KitchenRestaurant,
  query: KitchenMenuLoadQuery,
): Promise<RangeAnswer<KitchenMenuLoad>> {
  const answer = await service.rangeDays(
    restaurant,
    { from: query.from, to: query.to },
    { metric: "fire_to_fulfill", stuck: query.stuck, level: query.level },
  );
  if (!answer.ready) return answer;
  const { days, coverage, cutSeconds, stuck } = answer.value;
  const figures = menuLoadOf(days, { level: query.level, station: query.station, cutSeconds });
  return {
    ready: true,
    value: {
      restaurantGuid: restaurant.guid,
      from: query.from,
      to: query.to,
      level: query.level,
      station: query.station ?? null,
      coverage,
      stuck,
      minRankedCount: MIN_RANKED_COUNT,
      ...figures,
    },
  };
}
