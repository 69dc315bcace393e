import { durationSeconds, parseInstant } from "@/lib/kitchen/ingest/durations";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import type { RestaurantQuote } from "@/lib/restaurants/quote";

/**
 * The guest's quote: per take-out and delivery ticket of a day, whether it was fully fulfilled
 * within the quote the restaurant gave that business date (lib/restaurants/quote.ts), read when
 * the day was fetched and kept with it (DaySummary.quote), as the services are: a later change of
 * the setting does not rewrite a stored day.
 *
 * A ticket's time is ticket-times.ts's (fire to its last fulfillment), at the highest level the
 * ticket reaches (the expediter's, when it has one: the guest's food is ready when the pass says
 * so). A ticket with a record at that level without a fulfillment, or without a fire time, has
 * no time: it is counted as `unmeasured`, in neither the tickets judged nor those within. A
 * ticket's channel is the first dining option behavior its records name (TAKE_OUT: take-out,
 * curbside and drive-thru included; DELIVERY: delivery); the others are not quoted. A record
 * without a ticket GUID is a ticket of its own. Counts per (channel, hour of fire, service).
 */

export const QUOTE_CHANNELS = ["takeout", "delivery"] as const;
export type QuoteChannel = (typeof QUOTE_CHANNELS)[number];

const CHANNEL_OF_BEHAVIOR: Record<string, number> = { TAKE_OUT: 0, DELIVERY: 1 };

/** The "hour" of a ticket without a fire time. */
const QUOTE_UNKNOWN_HOUR = 24;

export interface QuoteCell {
  /** Index into QUOTE_CHANNELS. */
  channel: number;
  hour: number;
  /** Index into the day's services (DaySummary.dayParts), their count for none. */
  service: number;
  /** Tickets with a time, judged against the quote. */
  tickets: number;
  within: number;
  /** Tickets without a time (never fully fulfilled, or no fire time). */
  unmeasured: number;
}

export interface DayQuote {
  /** The quote in force when the day was fetched; a channel without one has no cells. */
  quote: RestaurantQuote;
  cells: QuoteCell[];
}

/** The one rule: exactly the quote counts as within it (a 20-minute quote keeps a 20:00 ticket). */
export function isWithinQuote(ticketSeconds: number, quoteSeconds: number): boolean {
  return ticketSeconds <= quoteSeconds;
}

const quoteSecondsOf = (quote: RestaurantQuote, channel: number) =>
  channel === 0 ? quote.takeoutSeconds : quote.deliverySeconds;

/** The day's quote cells from its kitchen-level records (levels 0-2). */
export function dayQuote(
  records: readonly ItemFulfillment[],
  quote: RestaurantQuote,
  hourOf: (epochMs: number) => number,
  serviceOf: (epochMs: number | null) => number,
): DayQuote {
  interface Ticket {
    fired: number;
    channel: number;
    top: number;
    latest: number;
  }
  const tickets = new Map<string | number, Ticket>();
  records.forEach((r, i) => {
    const key = r.ticketGuid || i;
    let t = tickets.get(key);
    if (!t) {
      t = { fired: Number.POSITIVE_INFINITY, channel: -1, top: -1, latest: Number.NEGATIVE_INFINITY };
      tickets.set(key, t);
    }
    const fired = parseInstant(r.ticketFiredAt);
    if (fired !== null && fired < t.fired) t.fired = fired;
    if (t.channel === -1 && r.diningOptionBehavior)
      t.channel = CHANNEL_OF_BEHAVIOR[r.diningOptionBehavior] ?? -2;
    const level = r.itemFulfillmentLevel as number;
    const fulfilled = parseInstant(r.itemFulfilledAt) ?? Number.NaN;
    // A higher level starts the ticket's latest afresh; NaN sticks: one unfulfilled record at the top level leaves no time.
    if (level > t.top) {
      t.top = level;
      t.latest = fulfilled;
    } else if (level === t.top) {
      t.latest =
        Number.isNaN(fulfilled) || Number.isNaN(t.latest) ? Number.NaN : Math.max(t.latest, fulfilled);
    }
  });
  const cells = new Map<string, QuoteCell>();
  for (const t of tickets.values()) {
    if (t.channel < 0) continue;
    const limit = quoteSecondsOf(quote, t.channel);
    if (limit === null) continue;
    const known = Number.isFinite(t.fired);
    const hour = known ? hourOf(t.fired) : QUOTE_UNKNOWN_HOUR;
    const service = serviceOf(known ? t.fired : null);
    const key = `${t.channel}|${hour}|${service}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { channel: t.channel, hour, service, tickets: 0, within: 0, unmeasured: 0 };
      cells.set(key, cell);
    }
    const seconds = known && !Number.isNaN(t.latest) ? durationSeconds(t.fired, t.latest) : null;
    if (seconds === null || seconds < 0) cell.unmeasured++;
    else {
      cell.tickets++;
      if (isWithinQuote(seconds, limit)) cell.within++;
    }
  }
  const sorted = [...cells.values()].sort(
    (a, b) => a.channel - b.channel || a.hour - b.hour || a.service - b.service,
  );
  return { quote, cells: sorted };
}
