import "server-only";

import type { KitchenRangeQuery } from "@/lib/kitchen/contract/params";
import type { KitchenQuoteAnswer } from "@/lib/kitchen/contract/quote";
import type { RangeAnswer } from "@/lib/kitchen/contract/responses";
import { quoteAnswer } from "@/lib/kitchen/query/quote-summary";

import type { KitchenRestaurant, KitchenService } from "./kitchen-service";

/**
 * The guest's quote over a range (GET .../kitchen/quote): the range's stored days, as any range
 * is read (a date still being fetched answers "not ready"), their quote cells added.
 */
export async function kitchenQuote(
  service: Pick<KitchenService, "rangeDays">,
  restaurant: KitchenRestaurant,
  query: KitchenRangeQuery,
): Promise<RangeAnswer<KitchenQuoteAnswer>> {
  const answer = await service.rangeDays(restaurant, query);
  if (!answer.ready) return answer;
  const { days, coverage } = answer.value;
  return {
    ready: true,
    value: quoteAnswer(days, {
      restaurantGuid: restaurant.guid,
      from: query.from,
      to: query.to,
      businessDayStartHour: restaurant.closeoutHour,
      coverage,
    }),
  };
}
