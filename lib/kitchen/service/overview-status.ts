import "server-only";

import { businessDaysInRange } from "@/lib/business-date/business-date";
import type { KitchenOverviewRow, OverviewGlance, OverviewMover } from "@/lib/kitchen/contract/responses";
import {
  biggestMovers,
  previousPeriodLabel,
  rankedRowOf,
  rankRestaurants,
  restaurantVerdict,
  worstStation,
} from "@/lib/kitchen/contract/restaurant-status";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";

import type { KitchenService } from "./kitchen-service";
import { mapLimit } from "./map-limit";
import type { KitchenRestaurant } from "./service-config";

/**
 * Issue 34's part of the Overview: each ready row's late items, status and reason, its worst
 * station, and over the rows the biggest movers and the "at a glance" line. The rule is
 * restaurant-status.ts's; this file only feeds it the rows' figures and the stations section.
 */

/**
 * Worst stations are looked up for the first this many restaurants in the Overview's order (the
 * ones a director reads first): each is a stations section of its period (cached, but a cold one
 * merges the period's days), which at 500 restaurants would be the Overview's whole cost.
 */
const WORST_STATION_ROWS = 50;
/** Stations sections asked at once. */
const STATION_CONCURRENCY = 4;

type StationsService = Partial<Pick<KitchenService, "section">>;

/** The level-0 station with the most late items of a ready row's period, or null. */
async function worstStationOf(
  service: StationsService,
  restaurant: KitchenRestaurant,
  row: KitchenOverviewRow,
  stuck: StuckChoice,
): Promise<KitchenOverviewRow["worstStation"]> {
  if (!service.section) return null;
  try {
    const answer = await service.section(
      restaurant,
      { ...row.period, metric: "fire_to_fulfill", stuck },
      "stations",
    );
    if (!answer.ready) return null;
    const found = worstStation(answer.value.stations.filter((s) => s.level === 0).map(stationLate));
    return found;
  } catch {
    // The worst station is a pointer, not a figure: the row stands without it.
    return null;
  }
}

const stationLate = (s: {
  stationGuid: string | null;
  stationName: string | null;
  stats: { count: number };
  late: number;
}) => ({ stationGuid: s.stationGuid, stationName: s.stationName, records: s.stats.count, late: s.late });

/** The rows with their issue-34 fields, in the order given; the movers and the glance line. */
export async function withStatus(
  service: StationsService,
  restaurants: readonly KitchenRestaurant[],
  rows: KitchenOverviewRow[],
  stuck: StuckChoice,
): Promise<{
  rows: KitchenOverviewRow[];
  glance: OverviewGlance;
  movers: { worse: OverviewMover[]; better: OverviewMover[] };
}> {
  const out = rows.map((row): KitchenOverviewRow => {
    if (row.status !== "ready")
      return { ...row, lateItems: 0, previousLateItems: 0, verdict: null, worstStation: null };
    const { current, previous } = rankedRowOf(row);
    const label = previousPeriodLabel(businessDaysInRange(row.period.from, row.period.to));
    return {
      ...row,
      lateItems: current.late,
      previousLateItems: previous?.late ?? 0,
      verdict: restaurantVerdict(current, previous, label),
      worstStation: null,
    };
  });
  const byGuid = new Map(restaurants.map((r) => [r.guid, r]));
  const first = rankRestaurants(out.map((row, i) => ({ ...rankedRowOf(row), i })))
    .filter((r) => r.ready)
    .slice(0, WORST_STATION_ROWS);
  await mapLimit(first, STATION_CONCURRENCY, async ({ i }) => {
    const restaurant = byGuid.get(out[i]!.restaurantGuid);
    if (restaurant) out[i]!.worstStation = await worstStationOf(service, restaurant, out[i]!, stuck);
  });
  return { rows: out, glance: glanceOf(out), movers: biggestMovers(out.map(rankedRowOf)) };
}

function glanceOf(rows: readonly KitchenOverviewRow[]): OverviewGlance {
  const count = (status: string) => rows.filter((r) => r.verdict?.status === status).length;
  // Restaurants in other zones may be a date apart: the period most of them count is the one named.
  const periods = new Map<string, { n: number; row: KitchenOverviewRow }>();
  for (const row of rows) {
    if (!row.period.from) continue;
    const key = `${row.period.from}|${row.period.to}`;
    const seen = periods.get(key);
    periods.set(key, { n: (seen?.n ?? 0) + 1, row: seen?.row ?? row });
  }
  const common = [...periods.values()].sort((a, b) => b.n - a.n)[0]?.row;
  return {
    act: count("act"),
    watch: count("watch"),
    onTrack: count("on_track"),
    unknown: rows.filter((r) => !r.verdict).length,
    lateItems: rows.reduce((n, r) => n + (r.lateItems ?? 0), 0),
    period: common ? common.period : null,
    previousPeriod: common ? common.previousPeriod : null,
  };
}
