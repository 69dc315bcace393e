import type { ItemFulfillment } from "@/lib/platform/schemas";
import type { KitchenMetric } from "./api-types";

/**
 * The three kitchen durations of one item fulfillment record, in whole seconds:
 *   fire_to_fulfill  = itemFulfilledAt − ticketFiredAt
 *   start_to_fulfill = itemFulfilledAt − itemStartedAt
 *   wait_to_start    = itemStartedAt  − ticketFiredAt
 * The difference is taken in milliseconds and rounded half up to whole seconds (1499 ms -> 1 s,
 * 1500 ms -> 2 s). A record with either timestamp missing or unparseable, or with a negative
 * millisecond difference (a clock that ran backwards), has no value for that metric and is
 * counted as excluded.
 */

/** Epoch milliseconds of an ISO-8601 instant, or null when absent or unparseable. */
export function parseInstant(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Whole seconds from a millisecond difference, rounded half up; null (excluded) when negative. */
export function wholeSeconds(ms: number): number | null {
  if (!(ms >= 0)) return null;
  return Math.floor((ms + 500) / 1000);
}

/** Seconds from `startMs` to `endMs`, or null when either is missing or the difference is negative. */
export function durationSeconds(startMs: number | null, endMs: number | null): number | null {
  if (startMs === null || endMs === null) return null;
  return wholeSeconds(endMs - startMs);
}

export interface RecordInstants {
  firedMs: number | null;
  startedMs: number | null;
  fulfilledMs: number | null;
}

export function recordInstants(record: Pick<ItemFulfillment, "ticketFiredAt" | "itemStartedAt" | "itemFulfilledAt">): RecordInstants {
  return {
    firedMs: parseInstant(record.ticketFiredAt),
    startedMs: parseInstant(record.itemStartedAt),
    fulfilledMs: parseInstant(record.itemFulfilledAt),
  };
}

export type RecordDurations = Record<KitchenMetric, number | null>;

export function durationsOf(instants: RecordInstants): RecordDurations {
  return {
    fire_to_fulfill: durationSeconds(instants.firedMs, instants.fulfilledMs),
    start_to_fulfill: durationSeconds(instants.startedMs, instants.fulfilledMs),
    wait_to_start: durationSeconds(instants.firedMs, instants.startedMs),
  };
}

export function recordDurations(record: Pick<ItemFulfillment, "ticketFiredAt" | "itemStartedAt" | "itemFulfilledAt">): RecordDurations {
  return durationsOf(recordInstants(record));
}
