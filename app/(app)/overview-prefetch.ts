import "server-only";

import type { QueryClient } from "@tanstack/react-query";

import { overviewGroupsOf } from "@/lib/access/chain-groups";
import { getRestaurantDirectory } from "@/lib/access/permitted-restaurants";
import type { AppSession } from "@/lib/auth/session";
import type { KitchenOverview } from "@/lib/kitchen/contract/responses";
import type { OverviewRange } from "@/lib/kitchen/contract/vocabulary";
import { kitchenHistory } from "@/lib/kitchen/service/history";
import { kitchenOverview } from "@/lib/kitchen/service/overview";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { kitchenHistoryQuery, kitchenOverviewQuery } from "@/lib/queries/kitchen";
import { restaurantsQuery } from "@/lib/queries/restaurants";

/**
 * The restaurant list's deadline, as GET /api/restaurants has it: first identity reads and unknown
 * kitchen entitlements are waited for this long together; past it a restaurant is listed as still
 * being read (or its entitlement unknown) and the browser's list polls for the rest.
 */
const LIST_WITHIN_MS = 1_500;

/**
 * The Overview's server prefetch, under the keys its components read: the restaurant list, the
 * kitchen table of the URL's period, and each kitchen row's history line. So the first HTML holds
 * the table and the lines under its names, and nothing below moves when they would have arrived
 * (issue 16's layout shift and largest paint). Rows still being fetched are dehydrated as such and
 * the browser polls from there. A failure is left out of the cache: the browser's own query then
 * shows the error with its retry, rather than failing the page.
 */
export async function prefetchOverview(
  queryClient: QueryClient,
  session: AppSession,
  range: OverviewRange,
): Promise<void> {
  // The list once (with the entitlement probe), and the kitchen table and history lines from it:
  // the overview's rows follow the same entitlements the list shows.
  await queryClient.prefetchQuery({
    ...restaurantsQuery(),
    queryFn: async () => ({
      restaurants: await getRestaurantDirectory(session, {
        probeKitchenMs: LIST_WITHIN_MS,
        identityWaitMs: LIST_WITHIN_MS,
        answerWithinMs: LIST_WITHIN_MS,
      }),
    }),
  });
  // The kitchen table covers restaurants with an identity (a last good one included), as its API does.
  const restaurants = queryClient
    .getQueryData(restaurantsQuery().queryKey)
    ?.restaurants.filter((r) => r.availability?.identityAsOf !== null);
  if (!restaurants) return;
  const options = kitchenOverviewQuery(range);
  await queryClient.prefetchQuery({
    ...options,
    retry: false,
    // As the API's JSON carries it (no undefined fields the wire would drop).
    queryFn: async () =>
      JSON.parse(
        JSON.stringify(
          await kitchenOverview(
            await getKitchenService(),
            restaurants,
            range,
            Date.now(),
            "exclude",
            await overviewGroupsOf(restaurants.map((r) => r.guid)),
          ),
        ),
      ) as KitchenOverview,
  });
  const rows = queryClient.getQueryData(options.queryKey)?.rows ?? [];
  await Promise.all(
    rows.map(async (row) => {
      const restaurant = restaurants.find((r) => r.guid === row.restaurantGuid);
      if (!restaurant || row.status === "not_entitled") return;
      await queryClient.prefetchQuery({
        ...kitchenHistoryQuery(row.restaurantGuid),
        retry: false,
        queryFn: () => kitchenHistory(restaurant),
      });
    }),
  );
}
