import type { KitchenLevel, KitchenMetric } from "@/lib/kitchen/contract/vocabulary";

/**
 * What each number means, in the words shown beside it on the page. Kept in step with the
 * docs/metrics.md, which is the reference.
 */
export const METRIC_FORMULAS: Record<KitchenMetric, string> = {
  fire_to_fulfill: "item fulfilled − ticket fired",
  start_to_fulfill: "item fulfilled − item started",
  wait_to_start: "item started − ticket fired",
  pass_wait: "expediter fulfilled − the item's last fulfillment at the level below",
  ticket_spread: "last station finished − first station finished, per ticket",
};

export const METRIC_DESCRIPTIONS: Record<KitchenMetric, string> = {
  fire_to_fulfill:
    "From the moment the ticket is fired to the kitchen until the item is fulfilled at this level.",
  start_to_fulfill:
    "From the moment work on the item starts until it is fulfilled at this level (the time spent cooking and plating).",
  wait_to_start:
    "From the moment the ticket is fired until work on the item starts (the time it waits in the queue). Zero where the restaurant does not use the start queue.",
  pass_wait:
    "How long a finished item waits at the pass: from its last fulfillment at the level below (the stations for the expediter) until the expediter fulfills it. Expediter levels only; at the prep stations every item is excluded.",
  ticket_spread:
    "How far a ticket's stations are out of sync: from the first station finishing its part of the ticket to the last one finishing. One figure per ticket at the prep stations, filed under the station that finished last; a ticket with one station has no spread (excluded).",
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

export const ON_TIME_DEFINITION =
  "Share on time: the share of items whose time is at or under the level's target.";

export const TICKET_TIME_DEFINITION =
  "Ticket time: from the moment the ticket is fired until its last item is fulfilled at the level (always fire to fulfill, whatever metric is chosen). A ticket with an item never fulfilled at the level has no ticket time there and is counted as not fully fulfilled (excluded). Filters keep the ticket's matching items only: with a station chosen, the ticket's time at that station. The outlier cut leaves out tickets whose time is over it.";
