import "server-only";
import type { Database } from "@/lib/db/database";
import { summariseDay, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { buildItemTicketFacts, type TicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { usableDates } from "./coverage";
import { refuseBeyondRawRetention, refuseMissingRawRecords } from "./raw-retention";
import type { KitchenRestaurant } from "./service-config";

/**
 * The item filter (`item=<menuItemGuid>`). No cube but the items cube has the menu item as a
 * dimension (an item per hour, station, behavior and source would multiply every day's cells),
 * so the range's days are summarised again from their stored raw records of that item: the same
 * summariseDay, so the same definitions, exactly. With `withFacts`, each day's ticket facts carry
 * every record's item, for ranking the item's tickets. Raw records are kept
 * KITCHEN_RAW_RETENTION_DAYS: `refuseItemBeyondRawRetention` runs before anything is fetched.
 */
export async function itemDays(
  deps: { db: Database; store: KitchenStore },
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  item: string,
  withFacts: boolean,
): Promise<{ summaries: DaySummary[]; facts: TicketFacts[] }> {
  const usable = usableDates(dates, rows).map((d) => d.date);
  await refuseMissingRawRecords(deps.db, restaurant, usable, "the item filter");
  const summaries: DaySummary[] = [];
  const facts: TicketFacts[] = [];
  for (const date of usable) {
    const records: ItemFulfillment[] = [];
    for await (const chunk of deps.store.recordChunks(restaurant.guid, [date])) records.push(...chunk.records);
    summaries.push(summariseDay(records.filter((r) => r.selectionMenuItemGuid === item), date, restaurant.timeZone));
    if (withFacts) facts.push(buildItemTicketFacts(records, date));
  }
  return { summaries, facts };
}

export function refuseItemBeyondRawRetention(restaurant: KitchenRestaurant, query: { from: string; item?: string }, retentionDays: number, nowMs: number): void {
  if (query.item !== undefined) refuseBeyondRawRetention(restaurant, query.from, retentionDays, nowMs, "the item filter");
}
