import type { KitchenLevel, KitchenMetric } from "@/lib/kitchen/contract/vocabulary";

/** What the pages call the metrics and levels. */
export const METRIC_LABELS: Record<KitchenMetric, string> = {
  fire_to_fulfill: "Fire to fulfill",
  start_to_fulfill: "Start to fulfill",
  wait_to_start: "Wait to start",
  pass_wait: "Pass wait",
  ticket_spread: "Ticket spread",
};

export const LEVEL_LABELS: Record<KitchenLevel, string> = {
  0: "Prep station",
  1: "Expediter",
  2: "Second expediter",
};
