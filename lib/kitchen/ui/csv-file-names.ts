import { csvFileName } from "@/lib/csv/csv";
import { NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/ui/labels";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * A Kitchen page CSV's file name: the restaurant, the figure, then the metric and every filter in
 * force, then the dates, so two downloads of the same card under different views can be told
 * apart in a downloads folder. A figure that names its own metric (ticket times are always fire to
 * fulfill) does not get the page's metric too. `names`: the words for the station and item filters
 * (their GUIDs otherwise).
 */
export function kitchenCsvFileName(
  restaurantName: string,
  part: string,
  view: Pick<KitchenView, "metric" | "level" | "station" | "behavior" | "source" | "item" | "service" | "maxMinutes" | "from" | "to">,
  names: { station?: string | null; item?: string | null } = {},
): string {
  const metric = METRIC_LABELS[view.metric];
  const ownMetric = Object.values(METRIC_LABELS).some((label) => part.toLowerCase().includes(label.toLowerCase()));
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
