import "server-only";

import { accountDirectory } from "@/lib/auth/accounts";
import { env } from "@/lib/env";
import { processSingleton, processSingletonPromise } from "@/lib/process-singleton";
import { settleRestaurants } from "@/lib/restaurants/restaurant-directory";

import { backfillMaxInFlight, backfillStartsPerSecond } from "./backfill-pace";
import { getKitchenService } from "./server";
import type { KitchenRestaurant } from "./service-config";

/**
 * The process's history backfill, over the process's kitchen service (so its fetches join the
 * requests' in-flight map and their count of interactive fetches). Started once by
 * instrumentation.ts; the progress route reads the same instance.
 */
export function getKitchenBackfill() {
  return processSingletonPromise("kitchen-backfill", async () => {
    const e = env();
    return (await getKitchenService()).backfill({
      restaurants: backfillRestaurants,
      days: e.KITCHEN_BACKFILL_DAYS,
      perLocation: e.KITCHEN_BACKFILL_PER_LOCATION,
      concurrency: backfillMaxInFlight(e, accountDirectory().restaurantGuids.length),
      sleepBounds: {
        minMs: e.KITCHEN_BACKFILL_MIN_SLEEP_S * 1000,
        maxMs: e.KITCHEN_BACKFILL_MAX_SLEEP_S * 1000,
      },
      maxStartsPerSecond: backfillStartsPerSecond(e, accountDirectory().restaurantGuids.length),
    });
  });
}

/**
 * Every restaurant of the accounts file (each account's GUIDs are drawn from its list), re-read on
 * each pass so an edited file takes effect. Archived restaurants are kept: their kitchen data is
 * still served and their pages still open. A GUID the Platform does not know, or refuses or cannot
 * answer for now (its last good identity is still served to pages), is left for the next pass.
 */
async function backfillRestaurants(): Promise<KitchenRestaurant[]> {
  const settled = await settleRestaurants(accountDirectory().restaurantGuids);
  return settled.flatMap(({ guid, identity, availability }) => {
    if (!identity || availability) {
      console.warn(
        `[kitchen] backfill skips ${guid} this pass: ${availability?.reason ?? "the Platform does not know it"}`,
      );
      return [];
    }
    return [
      {
        guid,
        name: identity.name,
        timeZone: identity.timeZone,
        closeoutHour: identity.closeoutHour,
        firstBusinessDate: identity.firstBusinessDate,
      },
    ];
  });
}

/**
 * Starts the worker `delayMs` after the server (the embedded sandbox is served by this same
 * process, so it must be listening first). KITCHEN_BACKFILL_DAYS=0 starts nothing at all.
 */
export function startKitchenBackfill(delayMs: number): void {
  if (env().KITCHEN_BACKFILL_DAYS === 0) return;
  processSingleton("kitchen-backfill-started", () => {
    const timer = setTimeout(() => {
      getKitchenBackfill().then(
        (backfill) => backfill.start(),
        (error: unknown) => console.warn(`[kitchen] backfill not started: ${(error as Error).message}`),
      );
    }, delayMs);
    timer.unref();
    return true;
  });
}
