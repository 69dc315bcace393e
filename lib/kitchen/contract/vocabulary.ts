/**
 * The kitchen's vocabulary, shared by the server and the pages: the metrics, the fulfillment
 * levels (0 prep station, 1 expediter, 2 second expediter), default targets and filter values.
 */
/** fire_to_fulfill = itemFulfilledAt − ticketFiredAt; start_to_fulfill = itemFulfilledAt − itemStartedAt; wait_to_start = itemStartedAt − ticketFiredAt: each of one record. */
export const RECORD_METRICS = ["fire_to_fulfill", "start_to_fulfill", "wait_to_start"] as const;
export type RecordMetric = (typeof RECORD_METRICS)[number];
/**
 * The record metrics, then those relating records (ingest/pass-and-spread.ts): pass_wait (an
 * expediter's fulfilment after the level below's last) and ticket_spread (per ticket, the last
 * station's finish after the first's). Appended: the stored cubes are in this order.
 */
export const KITCHEN_METRICS = [...RECORD_METRICS, "pass_wait", "ticket_spread"] as const;
export type KitchenMetric = (typeof KITCHEN_METRICS)[number];

/** A record with one entry per key, in the keys' order: the one place such a record is built. */
export function recordOf<K extends string, T>(keys: readonly K[], of: (key: K) => T): Record<K, T> {
  // The one cast: fromEntries cannot know that every key of K is there, but the map over `keys` puts it.
  return Object.fromEntries(keys.map((key) => [key, of(key)])) as Record<K, T>;
}

/** One entry per metric, built from KITCHEN_METRICS: a new metric is one more name there, not a literal per use. */
export const metricRecord = <T>(of: (metric: KitchenMetric) => T): Record<KitchenMetric, T> =>
  recordOf(KITCHEN_METRICS, of);

export const KITCHEN_LEVELS = [0, 1, 2] as const;
/** 0 = prep station, 1 = first-level expediter, 2 = second-level expediter. */
export type KitchenLevel = (typeof KITCHEN_LEVELS)[number];

/** Target seconds per level until a restaurant sets its own (PUT .../kitchen/targets). */
export const DEFAULT_TARGET_SECONDS: Record<KitchenLevel, number> = { 0: 600, 1: 720, 2: 840 };

/**
 * Ticket-time target seconds per level until a restaurant sets its own: a ticket waits for its
 * slowest item, so its target is longer than an item's (15, 18, 21 minutes).
 */
export const DEFAULT_TICKET_TARGET_SECONDS: Record<KitchenLevel, number> = { 0: 900, 1: 1080, 2: 1260 };

/**
 * Filter value selecting records that lack the field (no prep station, no dining option
 * behavior, no order source): `?station=(none)`.
 */
export const NONE_FILTER = "(none)";

/** Most menu items (and courses) a summary breaks down; see KitchenSummary.items. */
export const BREAKDOWN_LIMIT = 200;

/**
 * The Overview's periods: each restaurant's own yesterday, last full Monday-Sunday week, last 7 or
 * last 30 business dates. Here, not beside the zod schema that reads them, so the Overview's
 * browser code does not carry zod.
 */
export const OVERVIEW_RANGES = ["yesterday", "lastweek", "7d", "30d"] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
