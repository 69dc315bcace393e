import "server-only";

import { type SlowTicket } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { recordDurations } from "@/lib/kitchen/ingest/durations";
import { isKitchenLevel } from "@/lib/kitchen/ingest/ingest";
import { slowestTickets, type TicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import type { SummaryFilters } from "@/lib/kitchen/query/range-summary";
import { RECORDS_PER_CHUNK, type KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * The slowest tickets of a range: ranked from the days' ticket facts without reading raw
 * records, then only the winners' records are read back (a stored chunk at a time) and written
 * out per level.
 */
export async function slowTicketsOf(
  store: KitchenStore,
  restaurantGuid: string,
  facts: readonly TicketFacts[],
  query: { metric: KitchenMetric; limit: number },
  filters: SummaryFilters,
  item?: string,
): Promise<SlowTicket[]> {
  const ranked = slowestTickets(facts, query.metric, filters, query.limit, item);
  const byDate = new Map<string, typeof ranked>();
  for (const t of ranked) byDate.set(t.businessDate, [...(byDate.get(t.businessDate) ?? []), t]);
  const recordsOf = new Map<string, { records: ItemFulfillment[]; slowest: ItemFulfillment | null }>();
  for (const [date, list] of byDate) {
    const chunks = [
      ...new Set(list.flatMap((t) => t.recordIndices.map((i) => Math.floor(i / RECORDS_PER_CHUNK)))),
    ];
    const loaded = await store.recordsIn(restaurantGuid, date, chunks);
    const recordAt = (i: number) => loaded.get(Math.floor(i / RECORDS_PER_CHUNK))?.[i % RECORDS_PER_CHUNK];
    for (const t of list) {
      recordsOf.set(`${date}|${t.ticketGuid}`, {
        records: t.recordIndices.flatMap((i) => {
          const r = recordAt(i);
          return r ? [r] : [];
        }),
        slowest: recordAt(t.slowestIndex) ?? null,
      });
    }
  }
  return ranked.map((t) => {
    const found = recordsOf.get(`${t.businessDate}|${t.ticketGuid}`);
    return slowTicket(t.businessDate, t.ticketGuid, t.seconds, found?.records ?? [], found?.slowest ?? null);
  });
}

function slowTicket(
  businessDate: string,
  ticketGuid: string,
  seconds: number,
  records: ItemFulfillment[],
  slowest: ItemFulfillment | null,
): SlowTicket {
  const first = records[0];
  const firedAt = records.map((r) => r.ticketFiredAt).find((v) => v) ?? null;
  // Records without a level count in no figure (the day's ingest counts say how many).
  const items = records
    .filter((r) => isKitchenLevel(r.itemFulfillmentLevel))
    .map((r) => {
      const d = recordDurations(r);
      return {
        selectionGuid: r.selectionGuid ?? null,
        itemGuid: r.selectionMenuItemGuid ?? null,
        itemName: r.selectionMenuItemName ?? null,
        level: r.itemFulfillmentLevel as KitchenLevel,
        stationGuid: r.prepStationGuid ?? null,
        stationName: r.prepStationName ?? null,
        courseName: r.courseName ?? null,
        firedAt: r.ticketFiredAt ?? null,
        startedAt: r.itemStartedAt ?? null,
        fulfilledAt: r.itemFulfilledAt ?? null,
        fireToFulfill: d.fire_to_fulfill,
        startToFulfill: d.start_to_fulfill,
        waitToStart: d.wait_to_start,
        // The very record (not a twin at another level or station) that ranked the ticket.
        ...(r === slowest ? { slowest: true } : {}),
      };
    })
    .sort(
      (a, b) =>
        a.level - b.level ||
        (a.itemName ?? "").localeCompare(b.itemName ?? "") ||
        (a.selectionGuid ?? "").localeCompare(b.selectionGuid ?? ""),
    );
  const levels = KITCHEN_LEVELS.flatMap((level) => {
    const atLevel = items.filter((i) => i.level === level);
    if (atLevel.length === 0) return [];
    // The ticket reached a level when its last item there was fulfilled.
    const last = atLevel.reduce<(typeof atLevel)[number] | null>((best, i) => {
      if (!i.fulfilledAt) return best;
      return !best || Date.parse(i.fulfilledAt) > Date.parse(best.fulfilledAt!) ? i : best;
    }, null);
    return [{ level, fulfilledAt: last?.fulfilledAt ?? null, fireToFulfill: last?.fireToFulfill ?? null }];
  });
  return {
    ticketGuid,
    orderGuid: first?.orderGuid ?? "",
    businessDate,
    firedAt,
    seconds,
    diningOptionName: first?.diningOptionName ?? null,
    diningOptionBehavior: first?.diningOptionBehavior ?? null,
    orderSource: first?.orderSource ?? null,
    levels,
    items,
    slowestItem: slowest
      ? {
          itemGuid: slowest.selectionMenuItemGuid ?? null,
          itemName: slowest.selectionMenuItemName ?? null,
          level: slowest.itemFulfillmentLevel as KitchenLevel,
          stationGuid: slowest.prepStationGuid ?? null,
          stationName: slowest.prepStationName ?? null,
        }
      : null,
  };
}
