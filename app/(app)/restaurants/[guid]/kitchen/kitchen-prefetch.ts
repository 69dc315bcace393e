import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import type { PermittedRestaurant } from "@/lib/access/permitted-restaurants";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { includesToday } from "@/lib/kitchen/ui/date-range";
import { kitchenSummaryQuery, kitchenTargetsQuery } from "@/lib/queries/kitchen";
import { apiQuery, comparisonRange, type KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * The Kitchen page's server prefetch: the summary of the URL's view and of its previous period
 * (when compared), and the targets, asked of the kitchen service directly (no HTTP hop) under the
 * very keys `useKitchenFigures` reads, so the headline figures and the formula note are server
 * HTML (the page's LCP) and the browser does not ask again. A range still being fetched is
 * dehydrated as its "not ready" answer, so the progress panel is server HTML too and the browser
 * polls from there. Anything refused or failing is left out of the cache: the browser then asks
 * the API itself and shows the API's own message (a 400 for a range too long, for instance).
 */
export async function prefetchKitchenFigures(queryClient: QueryClient, restaurant: PermittedRestaurant, view: KitchenView, today: string): Promise<void> {
  // Known not entitled: the page shows its tier message and fetches nothing.
  if (restaurant.kitchenEntitled === false) return;
  const service = await getKitchenService();

  const summary = (query: URLSearchParams, live: boolean) => {
    const options = kitchenSummaryQuery(restaurant.guid, query, { live });
    return queryClient.prefetchQuery({
      ...options,
      // A refusal is for the browser's request to show; a retry here would only hold the page back.
      retry: false,
      queryFn: async (): Promise<RangeAnswer<KitchenSummary>> => {
        const input = kitchenSummarySchema.parse(Object.fromEntries(query));
        const answer = await service.summary(restaurant, input);
        // The value as the API's JSON would carry it, so the server HTML and the browser's later
        // answers are of the same shape (no undefined fields the wire would drop).
        return answer.ready ? { ready: true, value: JSON.parse(JSON.stringify(answer.value)) as KitchenSummary } : answer;
      },
    });
  };

  await Promise.all([
    summary(apiQuery(view, view), includesToday(view, today)),
    view.compare ? summary(apiQuery(view, comparisonRange(view)), false) : null,
    queryClient.prefetchQuery({ ...kitchenTargetsQuery(restaurant.guid), retry: false, queryFn: () => service.targets(restaurant) }),
  ]);
}
