import type { TargetsInForce } from "./target-versions";
import type { TargetBook } from "./targets";
import { KITCHEN_LEVELS, type KitchenLevel, type KitchenMetric } from "./vocabulary";

/**
 * The targets of pass_wait and ticket_spread. The dated item targets (target-versions.ts) are times
 * an item or a ticket takes, per level (and station); a pass wait or a spread is a much shorter span
 * of another kind, so those metrics are judged by targets of their own, per level and the same for
 * every station. A restaurant sets them as it sets the others (dated versions of kinds "pass_wait"
 * and "ticket_spread"); unset, a finished item should not wait at the pass over 2 minutes, and a
 * ticket's stations should finish within 3 minutes of each other.
 */
export const OWN_TARGET_METRICS = ["pass_wait", "ticket_spread"] as const;
export type OwnTargetMetric = (typeof OWN_TARGET_METRICS)[number];

const DEFAULT_SECONDS: Record<OwnTargetMetric, number> = { pass_wait: 120, ticket_spread: 180 };

/** The built-in default of `metric`'s target at every level. */
export function ownMetricDefaults(metric: OwnTargetMetric): Record<KitchenLevel, number> {
  return Object.fromEntries(KITCHEN_LEVELS.map((l) => [l, DEFAULT_SECONDS[metric]])) as Record<
    KitchenLevel,
    number
  >;
}

const isOwn = (metric: KitchenMetric): metric is OwnTargetMetric =>
  (OWN_TARGET_METRICS as readonly string[]).includes(metric);

type InForce = Pick<TargetsInForce, "book" | "metricBooks">;

/**
 * The targets `metric`'s figures are judged by, per date and on the range's last date: its own
 * book for a metric of its own, else the item targets. The books are one object for dates with
 * equal targets (target-versions.ts), so a merge tells a uniformly judged range by identity.
 */
export function targetsOfMetric(
  metric: KitchenMetric,
  dated: { on: (date: string) => InForce; last: InForce },
): { on: (date: string) => TargetBook; last: TargetBook } {
  const pick = (t: InForce) => (isOwn(metric) ? t.metricBooks[metric] : t.book);
  return { on: (d) => pick(dated.on(d)), last: pick(dated.last) };
}
