import { csvFileName } from "@/lib/csv/file-name";
import { NONE_FILTER, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";

/**
 * A Kitchen page CSV's file name: the restaurant, the figure, then the metric and every filter in
 * force, then the dates, so two downloads of the same card under different views can be told
 * apart in a downloads folder. A figure that names its own metric (ticket times are always fire to
 * fulfill) does not get the page's metric too. `names`: the words for the station and item filters
 * (their GUIDs otherwise).
 */
export function kitchenPageCsvName(
  restaurantName: string,
  part: string,
  // The Kitchen view's fields (lib/url-state/kitchen-view.ts), spelled out: url-state builds on kitchen.
  view: {
    metric: KitchenMetric;
    level: KitchenLevel | null;
    station: string | null;
    behavior: string | null;
    source: string | null;
    item: string | null;
    service: string | null;
    maxMinutes: number | null;
    from: string;
    to: string;
  },
  names: { station?: string | null; item?: string | null } = {},
): string {
  const metric = METRIC_LABELS[view.metric];
  const ownMetric = Object.values(METRIC_LABELS).some((label) =>
    part.toLowerCase().includes(label.toLowerCase()),
  );
  const none = (value: string, words: string) => (value === NONE_FILTER ? words : value);
  return csvFileName(
    restaurantName,
    part,
    ownMetric ? "" : metric,
    view.level === null ? "" : `level ${view.level}`,
    view.station ? `station ${view.station === NONE_FILTER ? "none" : (names.station ?? view.station)}` : "",
    view.behavior ? none(view.behavior, "no dining option") : "",
    view.source ? none(view.source, "no source") : "",
    view.item ? `item ${names.item ?? view.item}` : "",
    view.service ? `service ${none(view.service, "outside services")}` : "",
    view.maxMinutes === null ? "" : `under ${view.maxMinutes} min`,
    view.from,
    view.to,
  );
}
