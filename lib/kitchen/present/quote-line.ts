import type { QuoteChannelAnswer, QuoteCounts } from "@/lib/kitchen/contract/quote";

import { formatHour } from "./format";

/** An hour named in the line has at least this many tickets, and 3% of the range's: a few late tickets are not a pattern. */
const MIN_HOUR_TICKETS = 10;

/** A share as a whole percentage for the plain line: 0.8234 -> "82%". */
const percent = (share: number) => `${Math.round(share * 100)}%`;

const CHANNEL_WORDS = { takeout: "take-out", delivery: "delivery" } as const;

/** "the 20-minute quote", or "quotes of 15 and 20 minutes" when the range's dates had more than one. */
function quoteWords(minutes: readonly number[]): string {
  const m = minutes.map((x) => (Number.isInteger(x) ? String(x) : x.toFixed(1)));
  if (m.length === 1) return `the ${m[0]}-minute quote`;
  return `quotes of ${m.slice(0, -1).join(", ")} and ${m[m.length - 1]} minutes`;
}

/** The hour with the lowest share among those with at least `minTickets` tickets and a share under a half. */
function worstHour(rows: readonly (QuoteCounts & { hour: number })[], minTickets: number) {
  let worst: (QuoteCounts & { hour: number }) | null = null;
  for (const r of rows)
    if (r.hour < 24 && r.tickets >= minTickets && r.share !== null && r.share < 0.5)
      if (!worst || r.share < worst.share!) worst = r;
  return worst;
}

/**
 * The one plain line above the quote page's figures: "82% of take-out tickets were ready within
 * the 20-minute quote; 6–7 PM missed most (31% within)". Only an hour under half within, with
 * at least 10 tickets and 3% of the range's, is named. Delivery adds that its quote includes the drive.
 */
export function quoteLine(answer: QuoteChannelAnswer, quotesUsed: readonly number[]): string {
  const what = CHANNEL_WORDS[answer.channel];
  if (quotesUsed.length === 0) return `The restaurant's information gave no ${what} quote for these dates.`;
  if (answer.tickets === 0) return `No ${what} tickets were fully fulfilled in these dates.`;
  let line = `${percent(answer.share!)} of ${what} tickets were ready within ${quoteWords(quotesUsed)}`;
  const worst = worstHour(answer.byHour, Math.max(MIN_HOUR_TICKETS, Math.ceil(answer.tickets * 0.03)));
  if (worst)
    line += `; ${formatHour(worst.hour).replace(/ (AM|PM)$/, "")}–${formatHour(worst.hour + 1)} missed most (${percent(worst.share!)} within)`;
  if (answer.channel === "delivery")
    line += ". The delivery quote includes the drive, so the kitchen has less than all of it";
  return `${line}.`;
}
