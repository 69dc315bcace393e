import { csvDate } from "@/lib/csv/csv-format";
import { csvFileName } from "@/lib/csv/file-name";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import {
  NONE_FILTER,
  type KitchenLevel,
  type KitchenMetric,
  type OverviewRange,
} from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";

/**
 * What a kitchen CSV's name says: the Kitchen view's fields (lib/url-state/kitchen-view.ts), or a
 * CSV route's query (summary.csv, fulfillments.csv), spelled out: url-state builds on kitchen.
 * A field absent or null is not in force.
 */
export interface KitchenCsvNameView {
  from: string;
  to: string;
  metric?: KitchenMetric;
  level?: KitchenLevel | null;
  station?: string | null;
  behavior?: string | null;
  channel?: string | null;
  source?: string | null;
  item?: string | null;
  service?: string | null;
  maxMinutes?: number | null;
  stuck?: StuckChoice;
  until?: string | null;
}

/**
 * A kitchen CSV's file name (the Kitchen page's cards and the CSV routes alike): the restaurant,
 * the figure, the period's ISO dates (one when it is one day), then the metric when it is not the
 * default fire to fulfill and every filter in force, so two downloads of the same card under
 * different views can be told apart in a downloads folder:
 * `harbor-street-kitchen_stations_2026-11-13_2026-11-19_level-0_station-grill.csv`. A figure that
 * names its own metric (ticket times are always fire to fulfill) does not get the page's.
 * `names`: the words for the station and item filters (their GUIDs otherwise).
 */
export function kitchenPageCsvName(
  restaurantName: string,
  part: string,
  view: KitchenCsvNameView,
  names: { station?: string | null; item?: string | null } = {},
): string {
  const ownMetric = Object.values(METRIC_LABELS).some((label) =>
    part.toLowerCase().includes(label.toLowerCase()),
  );
  const metric =
    !ownMetric && view.metric && view.metric !== "fire_to_fulfill" ? METRIC_LABELS[view.metric] : "";
  const none = (value: string, words: string) => (value === NONE_FILTER ? words : value);
  return csvFileName(
    restaurantName,
    part,
    csvDate(view.from),
    view.to === view.from ? "" : csvDate(view.to),
    metric,
    view.level === null || view.level === undefined ? "" : `level ${view.level}`,
    view.station ? `station ${view.station === NONE_FILTER ? "none" : (names.station ?? view.station)}` : "",
    view.behavior ? none(view.behavior, "no dining option") : "",
    view.channel ? `channel ${none(view.channel, "none")}` : "",
    view.source ? none(view.source, "no source") : "",
    view.item ? `item ${names.item ?? view.item}` : "",
    view.service ? `service ${none(view.service, "outside services")}` : "",
    view.maxMinutes === null || view.maxMinutes === undefined ? "" : `under ${view.maxMinutes} min`,
    view.stuck === "include" ? "with left on screen" : "",
    view.until ? `until ${view.until}` : "",
  );
}

/**
 * A cross-restaurant CSV's file name (overview.csv, items-matrix.csv, weekly-report.csv): what it
 * is, the period's ISO dates, then the choices in force (`extras`, words). Each restaurant has its
 * own business dates, so restaurants in zones a day apart may hold different periods: the name
 * spans them all (the earliest start to the latest end), and is `what` alone with none.
 */
export function groupCsvName(
  what: string,
  periods: readonly { from: string; to: string }[],
  extras: readonly string[] = [],
): string {
  const known = periods.filter((p) => p.from !== "" && p.to !== "");
  const from = known.reduce<string | null>((min, p) => (min === null || p.from < min ? p.from : min), null);
  const to = known.reduce<string | null>((max, p) => (max === null || p.to > max ? p.to : max), null);
  return csvFileName(what, from ? csvDate(from) : "", to && to !== from ? csvDate(to) : "", ...extras);
}

/** An Overview range in a file name's words: "yesterday", "last 7 days". */
export function overviewRangeWords(range: OverviewRange): string {
  if (range === "yesterday") return range;
  if (range === "lastweek") return "last week";
  return `last ${range.replace("d", "")} days`;
}
