import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { OverviewAreas } from "@/components/chain/overview-areas";
import { KitchenOverviewTable } from "@/components/overview/kitchen-overview-table";
import { RestaurantList } from "@/components/overview/restaurant-list";
import { IntentLink } from "@/components/ui/intent-link";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/access/page-access";
import { makeQueryClient } from "@/lib/queries/query-client";
import { overviewRangeParam } from "@/lib/url-state/overview-view";

import styles from "./overview-page.module.css";
import { prefetchOverview } from "./overview-prefetch";

export const metadata: Metadata = { title: "Overview" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The Overview. Its data is prefetched on the server into the query keys the browser reads
 * (overview-prefetch.ts), so the first paint has the kitchen table and the restaurant list, and
 * later refreshes go through the API. There is no Suspense boundary on purpose: a streamed
 * fallback would put the table in a later chunk, revealed by script once the framework runs, and
 * move the list under it (issue 16's largest paint and layout shift). The prefetch reads the store
 * and the session's cached restaurant list; only an unknown kitchen entitlement waits, at most
 * 2.5 s, for the Platform.
 */
export default async function OverviewPage({ searchParams }: Props) {
  const session = await requireSession();
  const range = overviewRangeParam.parseServerSide((await searchParams).range);
  const queryClient = makeQueryClient();
  await prefetchOverview(queryClient, session, range);
  return (
    <>
      <PageHeader
        title="Overview"
        subtitle="Which of your restaurants need you, and why."
        actions={<IntentLink href="/items">Items across restaurants</IntentLink>}
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        {/* The kitchen status first: on a phone it is what a multi-unit manager came for. */}
        <KitchenOverviewTable />
        {/* Issue 36: the restaurants by area, subtotals merged exactly; below the status, off the phone's first screen. */}
        <OverviewAreas />
        {/* Folded: business dates, zones and page links are looked up, not read every morning. */}
        <details className={styles.restaurants} data-testid="restaurant-list" data-print-hide="">
          <summary className={styles.restaurantsSummary}>
            All restaurants: today&apos;s business date, time zone, status and pages
          </summary>
          <RestaurantList />
        </details>
      </HydrationBoundary>
    </>
  );
}
