import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

import { AppShell } from "@/components/shell/app-shell";
import type { ShellRestaurant } from "@/components/shell/sections";
import { requireSession } from "@/lib/access/page-access";
import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { mayAdminister } from "@/lib/access/roles";
import { logSafe } from "@/lib/api/log-safe";

/**
 * Every signed-in page. No session: off to /sign-in (requireSession). The switcher's list comes
 * from the same access rule as the API; if the Platform cannot name the restaurants right now the
 * shell still renders and each page shows its own error.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  let restaurants: ShellRestaurant[] = [];
  let unavailable = false;
  try {
    restaurants = (await getPermittedRestaurants(session)).map(
      ({ guid, name, locationName, archived, kitchenEntitled }) => ({
        guid,
        name,
        locationName,
        archived,
        kitchenEntitled,
      }),
    );
  } catch (error) {
    console.error(`[shell] restaurant list unavailable: ${logSafe(error)}`);
    unavailable = true;
  }
  return (
    <AppShell
      account={session}
      admin={await mayAdminister(session)}
      restaurants={restaurants}
      restaurantsUnavailable={unavailable}
    >
      {/* URL state (lib/url-state) is read and written through nuqs, which needs its adapter. */}
      <NuqsAdapter>{children}</NuqsAdapter>
    </AppShell>
  );
}
