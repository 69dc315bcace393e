import { createParser, parseAsStringLiteral } from "nuqs/server";

import { isBusinessDate } from "@/lib/business-date/business-date";

/**
 * The quote page's view in the URL: a preset of the restaurant's business dates (`range`) or fixed
 * dates (`from`, `to`, YYYYMMDD; they win over `range`), the channel and the breakdown the chart
 * and table show. A shared link opens the same view; a value the page cannot use reads as absent.
 */
const businessDate = createParser({
  parse: (v: string) => (isBusinessDate(v) ? v : null),
  serialize: (v: string) => v,
});

export const QUOTE_RANGES = ["yesterday", "lastweek", "7d", "30d", "90d"] as const;
export const QUOTE_BREAKDOWNS = ["hour", "service", "date"] as const;
export type QuoteBreakdown = (typeof QUOTE_BREAKDOWNS)[number];

export const quoteViewParams = {
  range: parseAsStringLiteral(QUOTE_RANGES).withDefault("7d"),
  from: businessDate,
  to: businessDate,
  channel: parseAsStringLiteral(["takeout", "delivery"] as const).withDefault("takeout"),
  by: parseAsStringLiteral(QUOTE_BREAKDOWNS).withDefault("hour"),
};
