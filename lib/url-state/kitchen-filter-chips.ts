import type { FilterOptions } from "@/lib/kitchen/contract/responses";
import { NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";
import { serviceLabel } from "@/lib/kitchen/present/day-parts-shapes";
import { LEVEL_LABELS, METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { behaviorLabel, channelLabel, stationLabel } from "@/lib/kitchen/present/summary-shapes";

import { DEFAULT_METRIC, type KitchenView } from "./kitchen-view";

/** One active filter of the Kitchen page, as its toolbar chip shows it: its words and the change that removes it. */
interface FilterChip {
  key: string;
  label: string;
  remove: Partial<KitchenView>;
}

/**
 * The view's active filters, in the filter panel's order, each with what removes it alone. The
 * count of chips is the toolbar's "Filters (n)". Names come from the range's options when they are
 * known (a station's name rather than its GUID); `itemName` is the menu item's, when known.
 */
export function filterChips(
  view: KitchenView,
  options: FilterOptions | undefined,
  itemName?: string | null,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (view.metric !== DEFAULT_METRIC)
    chips.push({ key: "metric", label: METRIC_LABELS[view.metric], remove: { metric: DEFAULT_METRIC } });
  if (view.level !== null)
    chips.push({
      key: "level",
      label: `Level ${view.level} · ${LEVEL_LABELS[view.level]}`,
      remove: { level: null },
    });
  if (view.station) {
    const ref = options?.stations.find((s) => (s.stationGuid ?? NONE_FILTER) === view.station);
    const name =
      view.station === NONE_FILTER ? "No prep station" : ref ? stationLabel(ref) : view.station.slice(0, 8);
    chips.push({ key: "station", label: `Station: ${name}`, remove: { station: null } });
  }
  if (view.behavior)
    chips.push({
      key: "behavior",
      label: behaviorLabel(view.behavior === NONE_FILTER ? null : view.behavior),
      remove: { behavior: null },
    });
  if (view.channel)
    chips.push({
      key: "channel",
      label: `Channel: ${channelLabel(view.channel === NONE_FILTER ? null : view.channel)}`,
      remove: { channel: null },
    });
  if (view.source)
    chips.push({
      key: "source",
      label: `Source: ${view.source === NONE_FILTER ? "none" : view.source}`,
      remove: { source: null },
    });
  if (view.service)
    chips.push({
      key: "service",
      label: `Service: ${serviceLabel(view.service)}`,
      remove: { service: null },
    });
  if (view.item)
    chips.push({ key: "item", label: `Item: ${itemName ?? "one menu item"}`, remove: { item: null } });
  if (view.maxMinutes !== null)
    chips.push({ key: "maxMinutes", label: `Under ${view.maxMinutes} min`, remove: { maxMinutes: null } });
  if (view.stuck === "include")
    chips.push({ key: "stuck", label: "Items left on screen counted", remove: { stuck: "exclude" } });
  return chips;
}
