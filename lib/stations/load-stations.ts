import "server-only";

import { readConfigList, readPrepStations } from "@/lib/config-reads/config-reads";

import { buildStationsReport, type StationsReport } from "./station-routing";

/** Every prep station (all pages) and every printer of the restaurant, as the routing report. */
export async function loadStationsReport(restaurantGuid: string): Promise<StationsReport> {
  const [stations, printers] = await Promise.all([
    readPrepStations(restaurantGuid),
    readConfigList(restaurantGuid, "printers"),
  ]);
  return buildStationsReport(stations, printers);
}
