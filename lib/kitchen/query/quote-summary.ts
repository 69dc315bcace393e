import type { KitchenQuoteAnswer, QuoteChannelAnswer, QuoteCounts } from "@/lib/kitchen/contract/quote";
import { serviceName } from "@/lib/kitchen/ingest/day-parts";
import type { DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { QUOTE_CHANNELS, type QuoteChannel } from "@/lib/kitchen/ingest/quote-tickets";

/**
 * The range's quote answer: the stored days' cells (each judged at ingest against its own date's
 * quote) added. Hours add across days whatever their quotes; services add by name, as the day
 * parts do. A day stored without its quote (none known then) lists its dates with a null quote
 * and adds no tickets.
 */

interface Tally {
  tickets: number;
  within: number;
  unmeasured: number;
}

const counts = (t: Tally): QuoteCounts => ({
  tickets: t.tickets,
  withinQuote: t.within,
  share: t.tickets > 0 ? t.within / t.tickets : null,
  unmeasured: t.unmeasured,
});

function add<K>(map: Map<K, Tally>, key: K, c: Tally): void {
  const t = map.get(key) ?? map.set(key, { tickets: 0, within: 0, unmeasured: 0 }).get(key)!;
  t.tickets += c.tickets;
  t.within += c.within;
  t.unmeasured += c.unmeasured;
}

const minutesOf = (seconds: number | null) => (seconds === null ? null : seconds / 60);

function channelAnswer(days: readonly DaySummary[], channel: QuoteChannel): QuoteChannelAnswer {
  const index = QUOTE_CHANNELS.indexOf(channel);
  const total = new Map<0, Tally>();
  const hours = new Map<number, Tally>();
  const services = new Map<string, Tally>();
  const byDate: QuoteChannelAnswer["byDate"] = [];
  for (const day of days) {
    const q = day.quote;
    const seconds = q ? (channel === "takeout" ? q.quote.takeoutSeconds : q.quote.deliverySeconds) : null;
    const date = new Map<0, Tally>();
    for (const c of q?.cells ?? []) {
      if (c.channel !== index) continue;
      add(total, 0, c);
      add(date, 0, c);
      add(hours, c.hour, c);
      add(services, serviceName(day.dayParts, c.service), c);
    }
    byDate.push({
      businessDate: day.businessDate,
      quoteMinutes: minutesOf(seconds),
      ...counts(date.get(0) ?? { tickets: 0, within: 0, unmeasured: 0 }),
    });
  }
  return {
    channel,
    ...counts(total.get(0) ?? { tickets: 0, within: 0, unmeasured: 0 }),
    byHour: [...hours.entries()].sort((a, b) => a[0] - b[0]).map(([hour, t]) => ({ hour, ...counts(t) })),
    byService: [...services.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([service, t]) => ({ service, ...counts(t) })),
    byDate: byDate.sort((a, b) => a.businessDate.localeCompare(b.businessDate)),
  };
}

export function quoteAnswer(
  days: readonly DaySummary[],
  head: Omit<KitchenQuoteAnswer, "quotesUsed" | "takeout" | "delivery">,
): KitchenQuoteAnswer {
  const takeout = channelAnswer(days, "takeout");
  const delivery = channelAnswer(days, "delivery");
  const used = (a: QuoteChannelAnswer) =>
    [...new Set(a.byDate.flatMap((d) => (d.quoteMinutes === null ? [] : [d.quoteMinutes])))].sort(
      (x, y) => x - y,
    );
  return { ...head, quotesUsed: { takeout: used(takeout), delivery: used(delivery) }, takeout, delivery };
}
