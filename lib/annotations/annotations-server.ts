import "server-only";

import type { CloseoutRules } from "@/lib/business-date/closeout";
import { readConfigList, readPrepStations } from "@/lib/config-reads/config-reads";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { processSingleton } from "@/lib/process-singleton";
import { restaurantServiceWeek } from "@/lib/restaurants/restaurant-directory";

import { listStoredAnnotations } from "./annotation-store";
import { ANNOTATION_KINDS, type Annotation } from "./annotations-contract";
import { watchConfig, type ConfigWatchDeps } from "./config-watch";
import { itemMarkers, itemMarkerWindow } from "./item-markers";

/**
 * The annotations of a restaurant's range, as the summary, the annotations route and the CSV give
 * them: the stored notes and configuration markers, and the item markers read from the stored days.
 * Before answering, the configuration is read if it has not been today (config-watch.ts).
 */

/** How far back the first configuration read looks for modified prep stations: the history, at least 90 days. */
const MIN_LOOKBACK_DAYS = 90;

async function watchDeps(): Promise<ConfigWatchDeps> {
  return {
    db: await getDatabase(),
    read: async (guid) => {
      const [stations, menuItems, menuGroups, serviceWeek] = await Promise.all([
        readPrepStations(guid),
        readConfigList(guid, "menuItems"),
        readConfigList(guid, "menuGroups"),
        restaurantServiceWeek(guid),
      ]);
      return { stations, menuItems, menuGroups, serviceWeek };
    },
    stationsModifiedSince: async (guid, since) =>
      new Set(
        (await getPlatformClient().kitchen.prepStations(guid, { lastModified: since })).map((s) => s.guid),
      ),
    lookbackDays: Math.max(env().KITCHEN_BACKFILL_DAYS, MIN_LOOKBACK_DAYS),
  };
}

/**
 * Today's configuration read of the restaurant, once per process at a time. A failure (the
 * Platform out, a missing scope) is logged and the stored annotations answered without it: a
 * marker is a note beside the figures, never a reason to refuse them; the next read tries again.
 */
export function watchRestaurantConfig(restaurant: { guid: string } & CloseoutRules): Promise<void> {
  const inFlight = processSingleton("annotations-config-watch", () => new Map<string, Promise<void>>());
  let run = inFlight.get(restaurant.guid);
  if (!run) {
    run = watchDeps()
      .then((deps) => watchConfig(deps, restaurant))
      .catch((error: unknown) => {
        console.warn(`[annotations] configuration read of ${restaurant.guid} failed: ${String(error)}`);
      })
      .finally(() => inFlight.delete(restaurant.guid));
    inFlight.set(restaurant.guid, run);
  }
  return run;
}

const KIND_ORDER = new Map(ANNOTATION_KINDS.map((k, i) => [k, i]));

/** Every annotation of [from, to], by date, notes first then the markers in ANNOTATION_KINDS order. */
export async function annotationsOf(
  restaurant: { guid: string } & CloseoutRules,
  from: string,
  to: string,
): Promise<Annotation[]> {
  await watchRestaurantConfig(restaurant);
  const window = itemMarkerWindow(from, to);
  const [stored, days] = await Promise.all([
    getDatabase().then((db) => listStoredAnnotations(db, restaurant.guid, from, to)),
    getKitchenService().then((k) => k.storedItemDays(restaurant.guid, window.from, window.to)),
  ]);
  return [...stored, ...itemMarkers(days, from, to)].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! ||
      Number(a.id ?? 0) - Number(b.id ?? 0),
  );
}
