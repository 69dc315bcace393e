import { addBusinessDays } from "@/lib/business-date/business-date";
import { closeoutInstant, type CloseoutRules } from "@/lib/business-date/closeout";
import { formatBusinessDate, formatBusinessDateShort } from "@/lib/business-date/format";
import type { DateCoverage } from "@/lib/kitchen/contract/responses";

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
  const notEntitled =
    coverage.notEntitled.length > 0 &&
    counted === 0 &&
    coverage.failed.length === 0 &&
    coverage.pending.length === 0;
  const missing = [
    ...coverage.failed.map((f) => ({
      date: f.date,
      label: formatBusinessDate(f.date),
      why: "could not be fetched",
    })),
    ...(notEntitled
      ? []
      : coverage.notEntitled.map((date) => ({
          date,
          label: formatBusinessDate(date),
          why: "has no kitchen data (subscription tier)",
        }))),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return {
    notEntitled,
    missing,
    open: coverage.open.map((o) => ({
      date: o.date,
      label: formatBusinessDate(o.date),
      refreshedAt: o.refreshedAt,
    })),
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

/**
 * The muted line under the figures while some counted dates are provisional: "Figures for 2 dates
 * may still change: …". The settle delay is read back from the first date's settlesAt (the
 * server's KITCHEN_SETTLE_H), so the page never states a number the server does not use.
 */
export function provisionalNote(coverage: DateCoverage, rules: CloseoutRules): string | null {
  const first = coverage.provisional[0];
  if (!first) return null;
  const n = coverage.provisional.length;
  const hours = Math.round((Date.parse(first.settlesAt) - closeoutInstant(first.date, rules)) / 3_600_000);
  const dates = listDates(coverage.provisional.map((p) => p.date).sort());
  return `Figures for ${n === 1 ? "1 date" : `${n} dates`} (${dates}) may still change: the Platform revises a day's export until ${hours} h after closeout, and the app reads ${n === 1 ? "it" : "them"} once more then.`;
}

/** Every date of the coverage, whatever its status (provisional dates are in `complete`). */
const totalDates = (c: DateCoverage) =>
  c.complete.length +
  c.notEntitled.length +
  c.failed.length +
  c.open.length +
  c.pending.length +
  c.beforeData.length;

/**
 * Dates before the restaurant's kitchen data begins (its first business date, or January 2022),
 * in words: neither missing from the figures nor empty days. Null when there are none.
 */
export function beforeDataNote(coverage: DateCoverage): string | null {
  const before = [...coverage.beforeData].sort();
  if (before.length === 0) return null;
  const one = before.length === 1;
  // The first date after them is where the data begins, when the range reaches it.
  const begins =
    before.length < totalDates(coverage)
      ? ` on ${formatBusinessDate(addBusinessDays(before.at(-1)!, 1))}`
      : "";
  return `${listDates(before)} ${one ? "is" : "are"} before this restaurant's kitchen data begins${begins} (the Platform keeps kitchen data from its first business date, and from January 2022 at the earliest): nothing exists to count there, so ${one ? "it is" : "they are"} neither missing nor an empty day.`;
}

/**
 * What an empty range says instead of "try a longer range": null when the generic words fit.
 * A kitchen that sent no record on any of at least a week's closed dates (`noRecordsSent`), and a
 * range wholly before the kitchen data begins, would stay empty over any range or filter.
 */
export function emptyRangeWords(summary: {
  coverage: DateCoverage;
  noRecordsSent?: boolean;
}): { title: string; body: string } | null {
  if (summary.noRecordsSent) {
    return {
      title: "This kitchen sent no fulfillment records",
      body: "Every date's export from the Platform was empty: the kitchen sent no fulfillment records at all. The Platform's kitchen data comes from kitchen display devices, and this restaurant may have none; a longer range or fewer filters would not change that.",
    };
  }
  const c = summary.coverage;
  if (c.beforeData.length > 0 && c.beforeData.length === totalDates(c)) {
    return { title: "No kitchen data exists for these dates", body: beforeDataNote(c)! };
  }
  return null;
}
