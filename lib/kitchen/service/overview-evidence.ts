import "server-only";

import type {
  KitchenAnomaly,
  KitchenOverview,
  OverviewEvidence,
  RangeAnswer,
} from "@/lib/kitchen/contract/responses";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";

import type { KitchenRestaurant } from "./service-config";

interface OverviewEvidenceDeps {
  /** The summary's anomalies of a range (kitchen-service.ts `anomalies`). */
  anomalies: (
    restaurant: KitchenRestaurant,
    query: { from: string; to: string; stuck?: StuckChoice },
  ) => Promise<RangeAnswer<KitchenAnomaly[]>>;
  /** The range's notes and markers (lib/annotations annotationsOf). */
  annotations: (
    restaurant: KitchenRestaurant,
    from: string,
    to: string,
  ) => Promise<OverviewEvidence["annotations"]>;
}

/**
 * The evidence behind the Overview's sentences (issue 35): for the few restaurants they name
 * (`guids`, from overviewSentenceSubjects), their current period's anomalies and annotations,
 * read for those restaurants only, so a 500-restaurant Overview pays for two or three, not all.
 * Their days are stored (their rows are ready); the anomalies read the stored lookback and its
 * cached p90 tables. A restaurant whose evidence fails or is not ready is left out: a sentence is
 * an extra beside the figures, never a reason to hold them.
 */
export async function overviewEvidence(
  deps: OverviewEvidenceDeps,
  restaurants: readonly KitchenRestaurant[],
  overview: Pick<KitchenOverview, "rows">,
  guids: readonly string[],
  stuck: StuckChoice,
): Promise<OverviewEvidence[]> {
  const found = await Promise.all(
    guids.map(async (guid): Promise<OverviewEvidence | null> => {
      const restaurant = restaurants.find((r) => r.guid === guid);
      const row = overview.rows.find((r) => r.restaurantGuid === guid);
      if (!restaurant || row?.status !== "ready") return null;
      const { from, to } = row.period;
      try {
        const [anomalies, annotations] = await Promise.all([
          deps.anomalies(restaurant, { from, to, stuck }),
          deps.annotations(restaurant, from, to),
        ]);
        if (!anomalies.ready) return null;
        return { restaurantGuid: guid, period: { from, to }, anomalies: anomalies.value, annotations };
      } catch (error) {
        console.warn(`[overview] evidence of ${guid} failed: ${String(error)}`);
        return null;
      }
    }),
  );
  return found.filter((e): e is OverviewEvidence => e !== null);
}
