import type { DateCoverage } from "@/lib/kitchen/contract/responses";
import { formatBusinessDate, formatBusinessDateShort } from "@/lib/business-date/format";

/**
 * What a range's date coverage means for the reader, in plain words: whether the restaurant is
 * not entitled at all, which dates are missing from the numbers, which are still open.
 */
export interface CoverageNotes {
  /** Every date answered "no subscription": the whole page is the tier message. */
  notEntitled: boolean;
  /** Dates left out of the numbers, with why. Empty when every date is counted. */
  missing: { date: string; label: string; why: string }[];
  /** The open business date(s), counted as of refreshedAt. */
  open: { date: string; label: string; refreshedAt: string }[];
  pending: number;
}

export function coverageNotes(coverage: DateCoverage): CoverageNotes {
  const counted = coverage.complete.length + coverage.open.length;
  const notEntitled = coverage.notEntitled.length > 0 && counted === 0 && coverage.failed.length === 0 && coverage.pending.length === 0;
  const missing = [
    ...coverage.failed.map((f) => ({ date: f.date, label: formatBusinessDate(f.date), why: "could not be fetched" })),
    ...(notEntitled ? [] : coverage.notEntitled.map((date) => ({ date, label: formatBusinessDate(date), why: "has no kitchen data (subscription tier)" }))),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return {
    notEntitled,
    missing,
    open: coverage.open.map((o) => ({ date: o.date, label: formatBusinessDate(o.date), refreshedAt: o.refreshedAt })),
    pending: coverage.pending.length,
  };
}

/** "Mar 3, Mar 4 and Mar 9" (at most `max` named, then "and N more"). */
export function listDates(dates: readonly string[], max = 6): string {
  const labels = dates.slice(0, max).map(formatBusinessDateShort);
  const rest = dates.length - labels.length;
  if (rest > 0) return `${labels.join(", ")} and ${rest} more`;
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
}
