import {
  RECORD_METRICS,
  recordOf,
  type KitchenMetric,
  type RecordMetric,
} from "@/lib/kitchen/contract/vocabulary";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * The three record durations of one item fulfillment record, in whole seconds:
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
  const fast = parseIsoFast(value);
  if (fast !== undefined) return fast;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

let lastDayKey = -1;
let lastDayMs = 0;

const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};
const two = (s: string, i: number) => digit(s, i) * 10 + digit(s, i + 1);

/**
 * The shape every export uses, "2025-03-04T16:15:12.589Z" (also without fraction, with up to three
 * fraction digits, or with a ±HH:MM / ±HHMM offset), read by hand: a busy day has tens of
 * thousands of timestamps and Date.parse dominates otherwise. Anything else returns undefined
 * and goes to Date.parse, so the result is always what Date.parse would say.
 */
function parseIsoFast(s: string): number | undefined {
  const len = s.length;
  if (
    len < 20 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  ) {
    return undefined;
  }
  const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const minute = two(s, 14);
  const second = two(s, 17);
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) {
    const start = ++i;
    while (i < len && i - start < 4 && digit(s, i) === digit(s, i)) i++;
    const digits = i - start;
    if (digits < 1 || digits > 3) return undefined;
    for (let k = 0; k < 3; k++) ms = ms * 10 + (k < digits ? digit(s, start + k) : 0);
  }
  let offsetMin = 0;
  const sign = s.charCodeAt(i);
  if (sign === 90 && i === len - 1) offsetMin = 0;
  else if ((sign === 43 || sign === 45) && (len - i === 6 || len - i === 5)) {
    const oh = two(s, i + 1);
    const om = len - i === 6 ? (s.charCodeAt(i + 3) === 58 ? two(s, i + 4) : NaN) : two(s, i + 3);
    offsetMin = (sign === 45 ? -1 : 1) * (oh * 60 + om);
  } else return undefined;
  if (
    !(month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59) ||
    Number.isNaN(year + offsetMin)
  ) {
    return undefined;
  }
  const dayKey = year * 10000 + month * 100 + day;
  if (dayKey !== lastDayKey) {
    const midnight = Date.UTC(year, month - 1, day);
    // Date.UTC rolls 2025-02-30 over into March; Date.parse refuses it. Let it decide.
    if (new Date(midnight).getUTCDate() !== day) return undefined;
    lastDayKey = dayKey;
    lastDayMs = midnight;
  }
  return lastDayMs + ((hour * 60 + minute - offsetMin) * 60 + second) * 1000 + ms;
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

export function recordInstants(
  record: Pick<ItemFulfillment, "ticketFiredAt" | "itemStartedAt" | "itemFulfilledAt">,
): RecordInstants {
  return {
    firedMs: parseInstant(record.ticketFiredAt),
    startedMs: parseInstant(record.itemStartedAt),
    fulfilledMs: parseInstant(record.itemFulfilledAt),
  };
}

export type RecordDurations = Record<RecordMetric, number | null>;

/**
 * Each record metric's span, from one instant of a record to another: the one definition of the
 * durations. pass_wait and ticket_spread relate records to each other (pass-and-spread.ts).
 */
const METRIC_SPANS: Record<RecordMetric, readonly [from: keyof RecordInstants, to: keyof RecordInstants]> = {
  fire_to_fulfill: ["firedMs", "fulfilledMs"],
  start_to_fulfill: ["startedMs", "fulfilledMs"],
  wait_to_start: ["firedMs", "startedMs"],
};

export function durationsOf(instants: RecordInstants): RecordDurations {
  return recordOf(RECORD_METRICS, (metric) => {
    const [from, to] = METRIC_SPANS[metric];
    return durationSeconds(instants[from], instants[to]);
  });
}

/**
 * Writes a record's duration under each record metric at row `i` of the metric's column: -1 where
 * it has none (a missing instant, a negative span), or for every metric when `instants` is null (a
 * record that counts in no figure). The other metrics' columns are writePassAndSpread's.
 */
export function writeDurations(
  columns: Record<KitchenMetric, { [row: number]: number }>,
  i: number,
  instants: RecordInstants | null,
): void {
  for (const metric of RECORD_METRICS) {
    const [from, to] = METRIC_SPANS[metric];
    columns[metric][i] = instants ? (durationSeconds(instants[from], instants[to]) ?? -1) : -1;
  }
}

export function recordDurations(
  record: Pick<ItemFulfillment, "ticketFiredAt" | "itemStartedAt" | "itemFulfilledAt">,
): RecordDurations {
  return durationsOf(recordInstants(record));
}
