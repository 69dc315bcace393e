import "server-only";

import { permittedGuids } from "@/lib/access/permitted-restaurants";
import type { AppSession } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { logger } from "@/lib/log/logger";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { keptRestaurantIdentities } from "@/lib/restaurants/restaurant-directory";

import { kitchenHoldsSection } from "./kitchen-holds";
import { platformBudgetsSection } from "./platform-budgets";
import { provisionalDatesSection } from "./provisional-dates";

/**
 * GET /api/health's body: `status: "ok"` (liveness: load balancers and the e2e web server read
 * only that, and it never depends on a section) and one named section per concern.
 *
 * Who sees what: the route is unauthenticated, so an anonymous caller gets counts only, no
 * restaurant GUID and no detail of the credentials; a signed-in caller also gets the per-location
 * rows of the restaurants its account may see (the access rule), as `/api/restaurants` would
 * show them. GUIDs are not secrets, but which restaurants a deployment serves is its customers'
 * business, and a health URL is often reachable from outside.
 */
export type HealthViewer = { kind: "anonymous" } | { kind: "signed-in"; guids: ReadonlySet<string> };

/** One section of the report: reads its own state, fast, and says only what `viewer` may see. */
type HealthSection = (viewer: HealthViewer) => Promise<unknown>;

/**
 * The sections, by the name each has in the body. Add a section here (a function in its own
 * module); each must answer within SECTION_TIMEOUT_MS, hide GUIDs from anonymous viewers and
 * never reach the Platform (the route is unauthenticated).
 */
const SECTIONS: Record<string, HealthSection> = {
  platform: (viewer) => platformBudgetsSection(getPlatformClient(), viewer),
  kitchenHolds: async (viewer) => kitchenHoldsSection(await getKitchenService(), viewer),
  // Counts only (no restaurant): the same for every viewer.
  kitchenAnswers: async () => (await getKitchenService()).answerCacheStats(),
  provisionalDates: async (viewer) =>
    provisionalDatesSection(
      {
        db: (await getKitchenService()).store.db,
        settleHours: env().KITCHEN_SETTLE_H,
        // The kept identities only: this section must not start reads of the Platform.
        rulesOf: keptRestaurantIdentities,
        now: Date.now(),
      },
      viewer,
    ),
  // Counts and bytes only (no restaurant): the decoded-day and rollup caches against KITCHEN_CACHE_MB.
  kitchenCache: async () => (await getKitchenService()).cacheStats(),
};

/** A section slower than this (a database under load) is reported as such, not waited for. */
const SECTION_TIMEOUT_MS = 750;

export async function viewerOf(session: AppSession | null): Promise<HealthViewer> {
  return session
    ? { kind: "signed-in", guids: new Set(await permittedGuids(session)) }
    : { kind: "anonymous" };
}

export async function healthReport(
  viewer: HealthViewer,
  sections: Record<string, HealthSection> = SECTIONS,
): Promise<{ status: "ok" } & Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(sections).map(
      async ([name, read]) => [name, await settle(name, () => read(viewer))] as const,
    ),
  );
  return { status: "ok", ...Object.fromEntries(entries) };
}

/** A section that fails or hangs reads `{ error }` (its message stays in the server log). */
async function settle(name: string, read: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ error: string }>((resolve) => {
    timer = setTimeout(
      () => resolve({ error: `no answer within ${SECTION_TIMEOUT_MS} ms` }),
      SECTION_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      read().catch((error: unknown) => {
        logger("health").warn(
          { section: name, error: error instanceof Error ? error.message : String(error) },
          `health section ${name} unavailable`,
        );
        return { error: "unavailable" };
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
