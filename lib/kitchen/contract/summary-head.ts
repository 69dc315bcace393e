import type { KitchenSummary } from "./responses";

/**
 * A summary's head: the summary without its breakdown tables (per item, per item and station, per
 * hour, per hour and station, per day, per dining option, source and course, the ticket-time hours
 * and days, the weekday-by-hour grid). Those are nine tenths of a busy week's answer (Harbor
 * Street Kitchen's last 7 days: 534 of 556 KB are the item and hour tables alone) and only the cards
 * below the fold read them. What stays is what the figures, the controls and the notices read:
 * the levels, targets, ticket-time levels, histogram, coverage, filters and options.
 *
 * The Kitchen page's server render hydrates the head, so the HTML the phone parses before it can
 * respond carries the figures and not half a megabyte of tables; the browser then asks for the
 * whole summary (the head is dehydrated as stale) and the sections that read the tables wait for it
 * (issue 16's blocking time). `GET …/kitchen/summary?part=head` answers it for readers of the
 * figures only.
 */
export type SummaryHead = KitchenSummary & { head: true };

export function summaryHead(summary: KitchenSummary): SummaryHead {
  return {
    ...summary,
    items: [],
    itemStations: [],
    hours: [],
    hourStations: [],
    days: [],
    behaviors: [],
    sources: [],
    courses: [],
    ticketHours: [],
    ticketDays: [],
    ...(summary.dayParts ? { dayParts: { ...summary.dayParts, weekdayHours: [] } } : {}),
    head: true,
  };
}

/** Whether a summary is a head only (its tables still to come). */
export function isSummaryHead(summary: KitchenSummary): summary is SummaryHead {
  return (summary as Partial<SummaryHead>).head === true;
}
