import type { KitchenSummary } from "@/lib/kitchen/contract/responses";

/**
 * A summary's head: the summary without its per-item and per-hour-and-station tables, which are
 * nine tenths of a busy week's answer (Harbor Street Kitchen's last 7 days: 534 of 556 KB) and are
 * read only by cards below the fold. The Kitchen page's server render hydrates the head, so the
 * HTML the phone parses before it can respond carries the figures and not half a megabyte of
 * tables; the browser then asks for the whole summary (the head is dehydrated as stale) and the
 * cards that need the tables wait for it (issue 16's blocking time).
 */
export type SummaryHead = KitchenSummary & { head: true };

export function summaryHead(summary: KitchenSummary): SummaryHead {
  return { ...summary, items: [], itemStations: [], hourStations: [], head: true };
}

/** Whether a summary is a head only (its tables still to come). */
export function isSummaryHead(summary: KitchenSummary): summary is SummaryHead {
  return (summary as Partial<SummaryHead>).head === true;
}
