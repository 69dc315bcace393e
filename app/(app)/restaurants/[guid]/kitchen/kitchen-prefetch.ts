import "server-only";

import type { QueryClient } from "@tanstack/react-query";

import type { PermittedRestaurant } from "@/lib/access/permitted-restaurants";
import { includesToday } from "@/lib/kitchen/contract/date-range";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import { summaryHead } from "@/lib/kitchen/contract/summary-head";
import { comparisonFor } from "@/lib/kitchen/contract/today-comparison";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { kitchenSummaryQuery, kitchenTargetsQuery } from "@/lib/queries/kitchen";
import { apiQuery, type KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * The Kitchen page's server prefetch: the summary of the URL's view, the head of its previous
 * period (when compared), and the targets, asked of the kitchen service directly (no HTTP hop) under the
 * very keys `useKitchenFigures` reads, so the headline figures and the formula note are server
 * HTML (the page's LCP) and the browser does not ask again. A range still being fetched is
 * dehydrated as its "not ready" answer, so the progress panel is server HTML too and the browser
 * polls from there. Anything refused or failing is left out of the cache: the browser then asks
 * the API itself and shows the API's own message (a 400 for a range too long, for instance).
 *
 * A closed range's ready summary is dehydrated as its head (lib/kitchen/contract/summary-head.ts), dated
 * 0 so the browser asks for the whole once the page has settled (use-kitchen-figures.ts,
 * components/ui/page-settled.ts): its tables are for cards below the fold, and the phone would
 * otherwise parse them before the page responds. A range with today in it is small
 * and refreshes every minute: it goes whole, with its time, which the "Updated" line shows.
 */
export async function prefetchKitchenFigures(
  queryClient: QueryClient,
  restaurant: PermittedRestaurant,
  view: KitchenView,
  today: string,
): Promise<void> {
  // Known not entitled: the page shows its tier message and fetches nothing.
  if (restaurant.kitchenEntitled === false) return;
  const service = await getKitchenService();

  // part "head": the previous period, whose figures are all the page reads of it.
  const summary = async (query: URLSearchParams, live: boolean, part?: "head") => {
    const options = kitchenSummaryQuery(restaurant.guid, query, { live, part });
    await queryClient.prefetchQuery({
      ...options,
      // A refusal is for the browser's request to show; a retry here would only hold the page back.
      retry: false,
      queryFn: async (): Promise<RangeAnswer<KitchenSummary>> => {
        const input = kitchenSummarySchema.parse(Object.fromEntries(query));
        const answer = await service.summary(restaurant, input);
        // The value as the API's JSON would carry it, so the server HTML and the browser's later
        // answers are of the same shape (no undefined fields the wire would drop).
        if (!answer.ready) return answer;
        const value = part === "head" ? summaryHead(answer.value) : answer.value;
        return { ready: true, value: JSON.parse(JSON.stringify(value)) as KitchenSummary };
      },
    });
    const answer = queryClient.getQueryData(options.queryKey);
    if (!live && !part && answer?.ready) {
      const head: RangeAnswer<KitchenSummary> = { ready: true, value: summaryHead(answer.value) };
      queryClient.setQueryData(options.queryKey, head, { updatedAt: 0 });
    }
  };

  // The comparison as useKitchenFigures asks it: today alone is compared up to the time its
  // figures were counted, which only the main answer tells, so that one waits for it.
  const compared = (countedAt: string | undefined) => {
    const comparison = comparisonFor(view, today, view.compareWith, restaurant, countedAt);
    if (!view.compare || comparison.waiting) return null;
    const query = apiQuery(view, comparison.range);
    if (comparison.until) query.set("until", comparison.until);
    return summary(query, false, "head");
  };
  const main = apiQuery(view, view);
  const live = includesToday(view, today);
  await Promise.all([
    summary(main, live).then(() => {
      if (!comparisonFor(view, today, view.compareWith, restaurant, undefined).waiting) return null;
      const answer = queryClient.getQueryData<RangeAnswer<KitchenSummary>>(
        kitchenSummaryQuery(restaurant.guid, main, { live }).queryKey,
      );
      const countedAt = answer?.ready
        ? answer.value.coverage.open.find((d) => d.date === today)?.refreshedAt
        : undefined;
      return countedAt === undefined ? null : compared(countedAt);
    }),
    compared(undefined),
    queryClient.prefetchQuery({
      ...kitchenTargetsQuery(restaurant.guid),
      retry: false,
      queryFn: () => service.targets(restaurant),
    }),
  ]);
}
