import "server-only";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import { env } from "@/lib/env";
import { addedRestaurantGuids } from "@/lib/people/restaurant-registry";
import { processSingleton } from "@/lib/process-singleton";
import { settleRestaurants } from "@/lib/restaurants/restaurant-directory";

import { watchRestaurantConfig } from "./annotations-server";

const HOUR_MS = 3_600_000;

/**
 * The daily configuration read of every added restaurant (config-watch.ts), so a change is found on
 * the day even when nobody opens the page: a pass `delayMs` after start, then every hour (each
 * restaurant is read once a business date, the first pass after its date begins; the other passes
 * read four rows of the store). One restaurant at a time: a few list calls each, beside the backfill.
 * Runs only with the history backfill on (KITCHEN_BACKFILL_DAYS > 0), which is the switch for the
 * app's own background calls upstream; without it the first annotations read of a date does it.
 */
export function startConfigWatch(delayMs: number): void {
  if (env().KITCHEN_BACKFILL_DAYS === 0) return;
  processSingleton("annotations-config-watch-started", () => {
    const pass = async () => {
      try {
        const guids = await addedRestaurantGuids(await getPeopleDatabase());
        for (const { guid, identity } of await settleRestaurants(guids)) {
          if (identity) await watchRestaurantConfig({ ...identity, guid });
        }
      } catch (error) {
        console.warn(`[annotations] configuration pass failed, tried again in an hour: ${String(error)}`);
      }
    };
    const first = setTimeout(() => {
      void pass();
      setInterval(() => void pass(), HOUR_MS).unref();
    }, delayMs);
    first.unref();
    return true;
  });
}
