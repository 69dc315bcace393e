import type { DateCoverage } from "@/lib/kitchen/contract/responses";

/**
 * GET /api/restaurants/{guid}/kitchen/quote?from&to: the share of take-out and delivery tickets
 * fully fulfilled within the quote the restaurant gave that business date (docs/metrics.md "The
 * guest's quote"). Counts are exact; a share is within / tickets, null without tickets.
 */
export interface QuoteCounts {
  /** Tickets with a time (fire to their last fulfillment at their highest level). */
  tickets: number;
  /** Of them, fulfilled within the date's quote (exactly the quote counts as within). */
  withinQuote: number;
  share: number | null;
  /** Tickets never fully fulfilled (or without a fire time): not judged. */
  unmeasured: number;
}

export interface QuoteChannelAnswer extends QuoteCounts {
  channel: "takeout" | "delivery";
  /** By local hour of fire (0-23; 24 for tickets without a fire time), hours with tickets only. */
  byHour: (QuoteCounts & { hour: number })[];
  /** By service (day part) as each day was summarised with, `(none)` outside them. */
  byService: (QuoteCounts & { service: string })[];
  /** By business date, with the quote of that date in minutes (null: none known, its tickets not judged). */
  byDate: (QuoteCounts & { businessDate: string; quoteMinutes: number | null })[];
}

export interface KitchenQuoteAnswer {
  restaurantGuid: string;
  from: string;
  to: string;
  /** The hour the business day starts (closeout), for ordering hours as the day runs. */
  businessDayStartHour: number;
  /** The distinct quotes (minutes) used over the range, per channel, ascending. */
  quotesUsed: { takeout: number[]; delivery: number[] };
  takeout: QuoteChannelAnswer;
  delivery: QuoteChannelAnswer;
  coverage: DateCoverage;
}
