import type { KitchenLevel, KitchenMetric } from "@/lib/kitchen/contract/vocabulary";

/**
 * What each number means, in the words shown beside it on the page. Kept in step with the
 * README's "Metric definitions", which is the reference.
 */
export const METRIC_FORMULAS: Record<KitchenMetric, string> = {
  fire_to_fulfill: "item fulfilled − ticket fired",
  start_to_fulfill: "item fulfilled − item started",
  wait_to_start: "item started − ticket fired",
};

export const METRIC_DESCRIPTIONS: Record<KitchenMetric, string> = {
  fire_to_fulfill: "From the moment the ticket is fired to the kitchen until the item is fulfilled at this level.",
  start_to_fulfill: "From the moment work on the item starts until it is fulfilled at this level (the time spent cooking and plating).",
  wait_to_start: "From the moment the ticket is fired until work on the item starts (the time it waits in the queue). Zero where the restaurant does not use the start queue.",
};

export const COMMON_RULES =
  "Times are whole seconds, rounded half up. Records missing a timestamp, or with a negative time, are left out and counted as excluded. Percentiles use the nearest-rank method: p90 is the smallest time that at least 90% of items meet.";

export const LEVEL_DESCRIPTIONS: Record<KitchenLevel, string> = {
  0: "Level 0: fulfilled at the prep station.",
  1: "Level 1: fulfilled at the expediter.",
  2: "Level 2: fulfilled at the second expediter (two-level fulfillment only).",
};

export const ITEMS_DEFINITION =
  "Items: distinct items ordered (order selections) with a record at the level. Station fulfillments: records; at level 0 an item made at two stations is one item and two station fulfillments.";

export const ON_TIME_DEFINITION = "Share on time: the share of items whose time is at or under the level's target.";
