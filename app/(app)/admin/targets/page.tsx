import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";

import { GroupTargetsView } from "@/components/targets/group-targets-view";
import { requireSession } from "@/lib/access/page-access";
import { mayEditTargets } from "@/lib/access/roles";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { groupTargetsQuery } from "@/lib/queries/kitchen";
import { makeQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Group standard targets" };

/**
 * The group standard targets: shown to every signed-in person (their restaurants follow them),
 * editable by owners and admins (lib/access/roles.ts).
 */
export default async function GroupTargetsPage() {
  const session = await requireSession();
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({
    ...groupTargetsQuery(),
    queryFn: async () => ({
      ...(await (await getKitchenService()).groupTargets()),
      mayEdit: await mayEditTargets(session, null, "group"),
    }),
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <GroupTargetsView />
    </HydrationBoundary>
  );
}
