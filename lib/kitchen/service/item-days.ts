import "server-only";
import { clipInstant } from "@/lib/business-date/business-clock";
import type { Database } from "@/lib/db/database";
import { summariseDay, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { buildItemTicketFacts, type TicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import { usableDates } from "./coverage";
import { refuseBeyondRawRetention, refuseMissingRawRecords } from "./raw-retention";
import type { KitchenRestaurant } from "./service-config";

/** The filters no day cube answers: one menu item, and the time-of-day clip (`until`). */
export interface RecordFilter {
  item?: string;
  until?: string;
}

/** True when the query needs its days summarised again from their raw records. */
export function needsRawRecords(query: RecordFilter): boolean {
  return query.item !== undefined || query.until !== undefined;
}

function filterWords(query: RecordFilter): string {
  return query.item !== undefined ? "the item filter" : "the time-of-day clip (until)";
}

/**
 * When the kitchen got a record: the ticket's fire time, else the item's start, else its
 * fulfillment, the same anchor the hour cubes use (day-summary.ts). null: none of the three.
 */
function anchorMs(r: ItemFulfillment): number | null {
  for (const t of [r.ticketFiredAt, r.itemStartedAt, r.itemFulfilledAt]) {
    const ms = t ? Date.parse(t) : NaN;
    if (Number.isFinite(ms)) return ms;
  }
  return null;
}

/**
 * The day's records the filter keeps. The clip keeps records whose anchor is before the clip's
 * instant on that date (minute or second resolution, DST correct: business-clock.ts); a record
 * with no time at all cannot be placed before the clip and is left out.
 */
function keeper(query: RecordFilter, date: string, restaurant: KitchenRestaurant): (r: ItemFulfillment) => boolean {
  const clip = query.until === undefined ? null : clipInstant(date, query.until, restaurant);
  return (r) => {
    if (query.item !== undefined && r.selectionMenuItemGuid !== query.item) return false;
    if (clip === null) return true;
    const at = anchorMs(r);
    return at !== null && at < clip;
  };
}

/**
 * The item filter (`item=<menuItemGuid>`) and the time-of-day clip (`until=HHMM`). No cube has
 * the menu item or the minute as a dimension (an item per hour, station, behavior and source
 * would multiply every day's cells; the hour cubes are whole hours), so the range's days are
 * summarised again from their stored raw records that pass: the same summariseDay, so the same
 * definitions, exactly. With `withFacts`, each day's ticket facts carry every record's item, for
 * ranking the item's tickets. Raw records are kept KITCHEN_RAW_RETENTION_DAYS:
 * `refuseItemBeyondRawRetention` runs before anything is fetched.
 */
export async function itemDays(
  deps: { db: Database; store: KitchenStore },
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  query: RecordFilter,
  withFacts: boolean,
): Promise<{ summaries: DaySummary[]; facts: TicketFacts[] }> {
  const usable = usableDates(dates, rows).map((d) => d.date);
  await refuseMissingRawRecords(deps.db, restaurant, usable, filterWords(query));
  const summaries: DaySummary[] = [];
  const facts: TicketFacts[] = [];
  for (const date of usable) {
    const records: ItemFulfillment[] = [];
    for await (const chunk of deps.store.recordChunks(restaurant.guid, [date])) records.push(...chunk.records);
    summaries.push(summariseDay(records.filter(keeper(query, date, restaurant)), date, restaurant.timeZone));
    if (withFacts) facts.push(buildItemTicketFacts(records, date));
  }
  return { summaries, facts };
}

export function refuseItemBeyondRawRetention(restaurant: KitchenRestaurant, query: { from: string } & RecordFilter, retentionDays: number, nowMs: number): void {
  if (needsRawRecords(query)) refuseBeyondRawRetention(restaurant, query.from, retentionDays, nowMs, filterWords(query));
}
