import type { KitchenMenuLoad, MenuLoadQuadrant } from "@/lib/kitchen/contract/menu-load";

import { formatCount, formatDuration } from "./format";

/** The quadrants in a manager's words (popular against the range's median selections, slow against its median p90). */
export const QUADRANT_LABELS: Record<MenuLoadQuadrant, string> = {
  popular_quick: "Popular, quick",
  popular_slow: "Popular, slow",
  unpopular_quick: "Less popular, quick",
  unpopular_slow: "Less popular, slow",
  few: "Too few records to place",
};

const percent = (share: number) => `${Math.round(share * 100)}%`;
const minutes = (seconds: number) => formatCount(Math.round(seconds / 6) / 10);

/**
 * The page's plain line: the item that takes the largest share of one station's time (items with
 * enough records first; a handful of records is not a finding), e.g. "Smash Burger uses 31% of
 * Grill's minutes (412 of 1,329 min)"; a named station before the records without one. Null without any
 * station-time.
 */
export function menuLoadHeadline(load: Pick<KitchenMenuLoad, "items" | "stations">): string | null {
  const candidates = load.items.flatMap((item) =>
    item.stations.filter((s) => s.seconds > 0).map((s) => ({ item, station: s })),
  );
  const rank = (c: (typeof candidates)[number]) => [
    Number(!c.item.fewRecords),
    Number(c.station.stationGuid !== null),
    c.station.shareOfStation,
    c.station.seconds,
  ];
  let best: (typeof candidates)[number] | null = null;
  for (const c of candidates) {
    if (!best) best = c;
    else {
      const [a, b] = [rank(c), rank(best)];
      const i = a.findIndex((x, k) => x !== b[k]);
      if (i >= 0 && a[i]! > b[i]!) best = c;
    }
  }
  if (!best) return null;
  const { item, station } = best;
  const total = load.stations.find((x) => x.stationGuid === station.stationGuid)?.seconds ?? station.seconds;
  const name = item.itemName ?? "An unnamed item";
  const whose = station.stationName
    ? `${station.stationName}'s minutes`
    : "the minutes of the records without a station";
  return `${name} uses ${percent(station.shareOfStation)} of ${whose} (${minutes(station.seconds)} of ${minutes(total)} min).`;
}

/** How the quadrants were drawn, stated: the medians and the items they rest on. */
export function quadrantRule(load: Pick<KitchenMenuLoad, "medians" | "minRankedCount">): string {
  const { selections, p90, rankedItems } = load.medians;
  if (selections === null || p90 === null)
    return `No item has ${load.minRankedCount} records yet: none is placed in a quadrant.`;
  return (
    `Against the medians of the ${formatCount(rankedItems)} items with at least ${load.minRankedCount} records: ` +
    `popular = at least ${formatCount(selections)} selections, slow = p90 over ${formatDuration(p90)}.`
  );
}
