import "server-only";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate, datePhase } from "@/lib/business-date/closeout";
import type { KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import type { DayFetcher } from "./day-fetcher";
import { needsFetch, type KitchenRestaurant, type KitchenServiceConfig } from "./service-config";

/**
 * Whether a restaurant has the kitchen data tier. The Platform has no endpoint that says so: the
 * only signal is itemFulfillments answering 204 instead of 200, and the kitchen store keeps every
 * answer (a 204 is a stored day). So the answer is read from the stored days, durably and the
 * same for every instance; a restaurant nobody has fetched is probed through the day fetcher
 * itself, for yesterday, so the probed day is kept rather than thrown away. A "no" is asked again
 * when yesterday's 204 is older than KITCHEN_NOT_ENTITLED_RETRY_H (a restaurant can upgrade).
 */
export interface EntitlementDeps {
  store: KitchenStore;
  fetcher: DayFetcher;
  config: KitchenServiceConfig;
  now: () => number;
}

export function createEntitlement({ store, fetcher, config, now }: EntitlementDeps) {
  /** What the stored days say, per restaurant; absent when nothing is known yet. */
  async function known(guids: readonly string[]): Promise<Map<string, boolean>> {
    const answers = await store.latestAnswers(guids);
    return new Map([...answers].map(([guid, a]) => [guid, a.entitled]));
  }

  /**
   * The entitlement, probing when it is unknown (or a "no" is due to be asked again). Waits at
   * most `waitMs` for the probe: a slow Platform must not hold a page; the fetch goes on and the
   * next request reads its answer from the store. A failed probe leaves it as it was.
   */
  async function learn(restaurant: KitchenRestaurant, waitMs: number): Promise<boolean | undefined> {
    const current = (await known([restaurant.guid])).get(restaurant.guid);
    if (current === true) return true;
    const at = now();
    const yesterday = addBusinessDays(currentBusinessDate(restaurant, at), -1);
    if (current === false) {
      const row = await store.dayRow(store.db, restaurant.guid, yesterday);
      if (!needsFetch(row, datePhase(yesterday, restaurant, at, config.closeGraceMinutes), at, config))
        return false;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref?.();
    });
    try {
      await Promise.race([fetcher.fetchDay(restaurant, yesterday), waited]);
    } catch (error) {
      console.warn(`[kitchen] entitlement probe of ${restaurant.guid} failed: ${(error as Error).name}`);
    } finally {
      clearTimeout(timer);
    }
    return (await known([restaurant.guid])).get(restaurant.guid) ?? current;
  }

  return { known, learn };
}
