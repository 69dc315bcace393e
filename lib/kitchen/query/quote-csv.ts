import type { CsvColumn } from "@/lib/csv/csv";
import { csvDate, csvPercent } from "@/lib/csv/csv-format";
import type { KitchenQuoteAnswer, QuoteCounts } from "@/lib/kitchen/contract/quote";

/**
 * quote.csv: one row per channel and breakdown value (the total, each hour, each service, each
 * date with its quote), the counts exact and the share as a percentage with one decimal.
 */
interface QuoteCsvRow extends QuoteCounts {
  channel: string;
  breakdown: "total" | "hour" | "service" | "date";
  key: string;
  quoteMinutes: number | null;
}

export function quoteCsvRows(answer: KitchenQuoteAnswer): QuoteCsvRow[] {
  const rows: QuoteCsvRow[] = [];
  for (const a of [answer.takeout, answer.delivery]) {
    const channel = a.channel === "takeout" ? "take-out" : "delivery";
    const base = { channel, quoteMinutes: null };
    rows.push({ ...base, breakdown: "total", key: "", ...pick(a) });
    for (const h of a.byHour) rows.push({ ...base, breakdown: "hour", key: String(h.hour), ...pick(h) });
    for (const s of a.byService) rows.push({ ...base, breakdown: "service", key: s.service, ...pick(s) });
    for (const d of a.byDate)
      rows.push({
        channel,
        breakdown: "date",
        key: csvDate(d.businessDate),
        quoteMinutes: d.quoteMinutes,
        ...pick(d),
      });
  }
  return rows;
}

const pick = (c: QuoteCounts): QuoteCounts => ({
  tickets: c.tickets,
  withinQuote: c.withinQuote,
  share: c.share,
  unmeasured: c.unmeasured,
});

export const QUOTE_CSV_COLUMNS: CsvColumn<QuoteCsvRow>[] = [
  { header: "channel", value: (r) => r.channel },
  { header: "breakdown", value: (r) => r.breakdown },
  { header: "key", value: (r) => r.key },
  { header: "quote_min", value: (r) => r.quoteMinutes },
  { header: "tickets", value: (r) => r.tickets },
  { header: "within_quote", value: (r) => r.withinQuote },
  { header: "within_quote_pct", value: (r) => csvPercent(r.share) },
  { header: "unmeasured", value: (r) => r.unmeasured },
];
