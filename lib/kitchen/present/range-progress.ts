import { businessDaysInRange } from "@/lib/business-date/business-date";
import type { DateRange } from "@/lib/kitchen/contract/date-range";
import type { KitchenPending, RangeAnswer } from "@/lib/kitchen/contract/responses";

/**
 * A range answer's two sides for the page: the figures once ready, the progress while the range's
 * dates are still being fetched (the API's 202).
 */
export function readyValue<T>(answer: RangeAnswer<T> | undefined): T | undefined {
  return answer?.ready ? answer.value : undefined;
}

export function pendingOf<T>(answer: RangeAnswer<T> | undefined): KitchenPending | undefined {
  return answer && !answer.ready ? answer.pending : undefined;
}

/** One period's line of the progress panel: "This period: 12 of 30 days ready". */
export interface PeriodProgress {
  label: string;
  /** Dates with an answer from the Platform (data, none for this tier, or a failure with its reason). */
  answered: number;
  total: number;
  ready: boolean;
}

/**
 * Where a period stands: its answer's coverage while it is being fetched, every date once it is
 * ready, none while its first request is still out (undefined).
 */
export function periodProgress(
  label: string,
  range: DateRange,
  answer: RangeAnswer<unknown> | undefined,
): PeriodProgress {
  const total = businessDaysInRange(range.from, range.to);
  if (answer === undefined) return { label, answered: 0, total, ready: false };
  if (answer.ready) return { label, answered: total, total, ready: true };
  return {
    label,
    answered: answer.pending.total - answer.pending.pending,
    total: answer.pending.total,
    ready: false,
  };
}

export function progressText(p: PeriodProgress): string {
  return `${p.answered} of ${p.total} ${p.total === 1 ? "day" : "days"} ready`;
}
