import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { AlertRulesView } from "@/components/alerts/alert-rules-view";
import { requireRestaurant, requireSession } from "@/lib/access/page-access";
import { mayManageAlerts } from "@/lib/access/roles";
import { listRules } from "@/lib/alerts/alert-store";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { alertRulesQuery } from "@/lib/queries/alerts";
import { makeQueryClient } from "@/lib/queries/query-client";

type Params = Promise<{ guid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const restaurant = await requireRestaurant((await params).guid);
  return { title: `${restaurant.name} · Alerts` };
}

/**
 * The restaurant's live late alerts (issue 35): the alerts fired, and the rules, editable by
 * managers and above (lib/access/roles.ts `mayManageAlerts`), read-only for the others. The rules
 * are prefetched here (access checked first) into the query the browser's view reads; the open
 * date's refresh interval (KITCHEN_OPEN_REFRESH_S) says how far behind live an alert can be.
 */
export default async function AlertsPage({ params }: { params: Params }) {
  const restaurant = await requireRestaurant((await params).guid);
  const session = await requireSession();
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({
    ...alertRulesQuery(restaurant.guid),
    queryFn: async () => ({
      rules: await listRules(await getDatabase(), restaurant.guid),
      mayEdit: await mayManageAlerts(session, restaurant.guid),
    }),
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AlertRulesView
        guid={restaurant.guid}
        restaurantName={restaurant.name}
        timeZone={restaurant.timeZone}
        refreshSeconds={env().KITCHEN_OPEN_REFRESH_S}
      />
    </HydrationBoundary>
  );
}
