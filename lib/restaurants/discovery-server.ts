import "server-only";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { addedRestaurantGuids, listAddedRestaurants } from "@/lib/people/restaurant-registry";
import { getOutageHold } from "@/lib/platform-wiring/outage-hold";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { processSingleton } from "@/lib/process-singleton";

import { discoveryReport, runDiscovery } from "./discovery";
import type { DiscoveryReport, RestaurantsAdminAnswer } from "./discovery-contract";

/** After a failed or skipped run, the next comes this soon rather than a day later. */
const RETRY_MS = 60 * 60_000;

/** The report of GET /api/admin/discovery, from what the last runs stored. */
export async function currentDiscoveryReport(): Promise<DiscoveryReport> {
  return discoveryReport(await getDatabase(), await addedRestaurantGuids(await getPeopleDatabase()));
}

/** GET /api/admin/restaurants: the added restaurants with their states, and the discovery report. */
export async function restaurantsAdminAnswer(): Promise<RestaurantsAdminAnswer> {
  const added = await listAddedRestaurants(await getPeopleDatabase());
  const discovery = await discoveryReport(
    await getDatabase(),
    added.map((r) => r.guid),
  );
  const states = new Map(discovery.locations.map((l) => [l.guid, l.state]));
  return {
    restaurants: added.map((r) => ({ ...r, state: states.get(r.guid) ?? "unknown" })),
    discovery,
  };
}

/**
 * Lists the reachable locations `delayMs` after the server starts (the embedded sandbox is served
 * by this same process, so it must be listening), then every RESTAURANT_DISCOVERY_H hours; a run
 * that failed, or was skipped because the account-wide outage hold is in force (a listing would
 * only add to the outage), is tried again within the hour. Its calls go through the process's
 * client, so the request budgets and the login back-off apply as to every Platform call. Started
 * once by instrumentation.ts; 0 hours starts nothing.
 */
export function startRestaurantDiscovery(delayMs: number): void {
  const hours = env().RESTAURANT_DISCOVERY_H;
  if (hours === 0) return;
  processSingleton("restaurant-discovery-started", () => {
    const schedule = (ms: number) => setTimeout(() => void run(), ms).unref();
    const run = async () => {
      let ok = false;
      try {
        if (getOutageHold().held()) {
          console.info(
            "[discovery] skipped: the Platform outage hold is in force; tried again within the hour",
          );
        } else {
          const outcome = await runDiscovery(
            await getDatabase(),
            getPlatformClient(),
            await addedRestaurantGuids(await getPeopleDatabase()),
          );
          ok = outcome.ok;
          if (outcome.ok)
            console.info(
              `[discovery] ${outcome.locations} location(s) reachable (${outcome.clientType} client)`,
            );
          else console.warn(`[discovery] listing failed, tried again within the hour: ${outcome.error}`);
        }
      } catch (error) {
        console.warn(`[discovery] run failed, tried again within the hour: ${(error as Error).message}`);
      }
      schedule(ok ? hours * 3_600_000 : RETRY_MS);
    };
    schedule(delayMs);
    return true;
  });
}
