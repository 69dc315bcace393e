import type { TargetBook } from "./targets";
import { KITCHEN_LEVELS, type KitchenLevel, type KitchenMetric } from "./vocabulary";

/**
 * The targets of pass_wait and ticket_spread. The dated targets (target-versions.ts) are times an
 * item or a ticket takes, per level (and station); a pass wait or a spread is a much shorter span
 * of another kind, so those metrics are judged by fixed targets of their own, the same at every
 * level and for every station: a finished item should not wait at the pass over 2 minutes, a
 * ticket's stations should finish within 3 minutes of each other. Not editable yet.
 */
const METRIC_TARGET_SECONDS: Partial<Record<KitchenMetric, number>> = {
  pass_wait: 120,
  ticket_spread: 180,
};

// One book per metric, shared: a merge tells a range judged by one set of targets by identity.
const BOOKS = new Map<KitchenMetric, TargetBook>(
  Object.entries(METRIC_TARGET_SECONDS).map(([metric, seconds]) => [
    metric as KitchenMetric,
    {
      levels: Object.fromEntries(KITCHEN_LEVELS.map((l) => [l, seconds])) as Record<KitchenLevel, number>,
      stations: [],
    },
  ]),
);

/**
 * The targets `metric`'s figures are judged by: its own book for a metric of its own, else the
 * dated targets as they are (per date, and those of the range's last date).
 */
export function targetsOfMetric<T extends { on: (date: string) => TargetBook; last: TargetBook }>(
  metric: KitchenMetric,
  dated: T,
): { on: (date: string) => TargetBook; last: TargetBook } {
  const own = BOOKS.get(metric);
  return own ? { on: () => own, last: own } : dated;
}
