import "server-only";

import type { QueryClient } from "@tanstack/react-query";

import { requireSession } from "@/lib/access/page-access";
import type { PermittedRestaurant } from "@/lib/access/permitted-restaurants";
import { targetEditRights } from "@/lib/access/roles";
import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import type { RangeAnswer } from "@/lib/kitchen/contract/responses";
import type { KitchenFiguresSection } from "@/lib/kitchen/contract/sections";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { decodeSection, kitchenSectionQuery, kitchenTargetsQuery } from "@/lib/queries/kitchen";
import { kitchenPagePlan, plannedSection, type PlannedSection } from "@/lib/queries/kitchen-page-plan";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * The Kitchen page's server prefetch: the sections the page's plan (lib/queries/kitchen-page-plan.ts)
 * gives the server (the figures of the URL's view and of its previous period, when compared) and
 * the targets, asked of the kitchen service directly (no HTTP hop) under the very keys
 * `useKitchenFigures` reads, so the headline figures and the formula note are server HTML (the
 * page's LCP) and the browser does not ask again. The sections below the figures are the browser's
 * to ask. A range still being fetched is dehydrated as its "not ready" answer, so the progress panel
 * is server HTML too and the browser polls from there. Anything refused or failing is left out of
 * the cache: the browser then asks the API itself and shows the API's own message (a 400 for a
 * range too long, for instance).
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

  const prefetch = async (planned: PlannedSection) => {
    await queryClient.prefetchQuery({
      ...kitchenSectionQuery(restaurant.guid, planned.query, planned.section, { live: planned.live }),
      // A refusal is for the browser's request to show; a retry here would only hold the page back.
      retry: false,
      // The value as computed, decoded as the browser decodes what it is sent (the items' columns):
      // a section holds no undefined field (contract/sections.ts), so the server HTML and the
      // browser's later answers are of the same shape.
      queryFn: async () =>
        decodeSection(
          planned.section,
          await service.section(
            restaurant,
            kitchenSummarySchema.parse(Object.fromEntries(planned.query)),
            planned.section,
          ),
        ),
    });
  };

  const plan = kitchenPagePlan(view, today, restaurant, undefined);
  const main = plannedSection(plan, "main", "figures")!;
  // Today alone is compared up to the time its figures were counted, which only the main figures
  // tell: once they are in, the plan gives the previous period.
  const previousOnceCounted = () => {
    if (!view.compare || !plan.comparison.waiting) return;
    const answer = queryClient.getQueryData<RangeAnswer<KitchenFiguresSection>>(
      kitchenSectionQuery(restaurant.guid, main.query, "figures", { live: main.live }).queryKey,
    );
    const countedAt = answer?.ready
      ? answer.value.coverage.open.find((d) => d.date === today)?.refreshedAt
      : undefined;
    if (countedAt === undefined) return;
    const later = kitchenPagePlan(view, today, restaurant, countedAt).sections;
    return Promise.all(later.filter((s) => s.server && s.period === "previous").map(prefetch));
  };
  await Promise.all([
    ...plan.sections
      .filter((s) => s.server)
      .map((s) => (s === main ? prefetch(s).then(previousOnceCounted) : prefetch(s))),
    queryClient.prefetchQuery({
      ...kitchenTargetsQuery(restaurant.guid),
      retry: false,
      queryFn: async () => ({
        ...(await service.targets(restaurant)),
        mayEdit: await targetEditRights(await requireSession(), restaurant.guid),
      }),
    }),
  ]);
}
