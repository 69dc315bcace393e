import "server-only";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import { env } from "@/lib/env";
import { addedRestaurantGuids } from "@/lib/people/restaurant-registry";
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
    // The pace is sized once, for the restaurants added at start (a restart re-sizes it).
    const count = (await addedRestaurantGuids(await getPeopleDatabase())).length;
    return (await getKitchenService()).backfill({
      restaurants: backfillRestaurants,
      days: e.KITCHEN_BACKFILL_DAYS,
      perLocation: e.KITCHEN_BACKFILL_PER_LOCATION,
      concurrency: backfillMaxInFlight(e, count),
      sleepBounds: {
        minMs: e.KITCHEN_BACKFILL_MIN_SLEEP_S * 1000,
        maxMs: e.KITCHEN_BACKFILL_MAX_SLEEP_S * 1000,
      },
      maxStartsPerSecond: backfillStartsPerSecond(e, count),
    });
  });
}

/**
 * Every added restaurant (the deployment's registry, lib/people/restaurant-registry.ts), re-read
 * on each pass and by `backfillPickUpAdded`, so an added one joins without a restart. Archived restaurants are kept: their kitchen data is
 * still served and their pages still open. A GUID the Platform does not know, or refuses or cannot
 * answer for now (its last good identity is still served to pages), is left for the next pass.
 */
async function backfillRestaurants(): Promise<KitchenRestaurant[]> {
  const settled = await settleRestaurants(await addedRestaurantGuids(await getPeopleDatabase()));
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
 * Makes a running backfill take up restaurants added since its pass began, at once: "add a
 * restaurant" calls it after its transaction commits. Nothing when the backfill is off or not
 * started (KITCHEN_BACKFILL_DAYS=0, or before instrumentation starts it).
 */
export async function backfillPickUpAdded(): Promise<void> {
  if (env().KITCHEN_BACKFILL_DAYS === 0) return;
  await (await getKitchenBackfill()).pickUpAdded();
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
