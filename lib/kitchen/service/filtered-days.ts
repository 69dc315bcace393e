import "server-only";

import { clipInstant } from "@/lib/business-date/business-clock";
import type { Database } from "@/lib/db/database";
import { serviceName, serviceResolver, type DayParts } from "@/lib/kitchen/ingest/day-parts";
import { summariseDay, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { parseInstant } from "@/lib/kitchen/ingest/durations";
import { buildItemTicketFacts, type TicketFacts } from "@/lib/kitchen/ingest/ticket-facts";
import { hasStuck } from "@/lib/kitchen/query/stuck-items";
import type { DayRow, KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import type { ItemFulfillment } from "@/lib/platform/schemas";

import { usableDates } from "./coverage";
import { refuseBeyondRawRetention, refuseMissingRawRecords } from "./raw-retention";
import type { KitchenRestaurant } from "./service-config";

/**
 * The record filters no cube answers: one menu item (`item=<menuItemGuid>`), one service
 * (`service=<name>`) and the time-of-day clip (`until=HHMM`). No cube but the items cube has the
 * menu item as a dimension, only the service cube has the service (an item or a service per hour,
 * station, behavior and source would multiply every day's cells), and the hour cubes are whole
 * hours, so the range's days are summarised again from their stored raw records that pass: the
 * same summariseDay, so the same definitions, exactly. A record's service is assigned with the
 * services its day was summarised with (DaySummary.dayParts), so the filter agrees with the
 * stored "By service" figures even after the schedule changed. The clip keeps records the kitchen
 * got before the clip's instant on that date (business-clock.ts, DST correct); a record with no
 * time at all cannot be placed before it and is left out. With `withFacts`, each day's ticket
 * facts carry every record's item, and the records outside the service or clip have no value
 * (they rank nowhere). Raw records are kept KITCHEN_RAW_RETENTION_DAYS:
 * `refuseRecordFilterBeyondRawRetention` runs before anything is fetched.
 */
export interface RecordFilter {
  item?: string;
  service?: string;
  until?: string;
}

export const hasRecordFilter = (f: RecordFilter) =>
  f.item !== undefined || f.service !== undefined || f.until !== undefined;

const filterWords = (f: RecordFilter) =>
  f.item !== undefined
    ? "the item filter"
    : f.service !== undefined
      ? "the service filter"
      : "the time-of-day clip (until)";

export async function filteredDays(
  deps: { db: Database; store: KitchenStore; dayParts: (dates: string[]) => Promise<Map<string, DayParts>> },
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  filter: RecordFilter,
  withFacts: boolean,
  stuckSeconds?: number,
): Promise<{ summaries: DaySummary[]; facts: TicketFacts[] }> {
  const usable = usableDates(dates, rows).map((d) => d.date);
  await refuseMissingRawRecords(deps.db, restaurant, usable, filterWords(filter));
  const partsOf = await deps.dayParts(usable);
  const summaries: DaySummary[] = [];
  const facts: TicketFacts[] = [];
  for (const date of usable) {
    const records: ItemFulfillment[] = [];
    for await (const chunk of deps.store.recordChunks(restaurant.guid, [date]))
      records.push(...chunk.records);
    const parts = partsOf.get(date) ?? { closeoutHour: restaurant.closeoutHour, services: [] };
    const keep = recordTest(filter, parts, date, restaurant);
    summaries.push(summariseDay(records.filter(keep), date, restaurant.timeZone, parts, { stuckSeconds }));
    if (withFacts)
      facts.push(
        maskFacts(
          buildItemTicketFacts(records, date, parts.diningChannels),
          records,
          filter.service === undefined && filter.until === undefined ? null : keep,
        ),
      );
  }
  return { summaries, facts };
}

/** A stored chunk's records (an array, as readers expect) with the business date they belong to: the records carry none. */
export type RecordChunk = ItemFulfillment[] & { businessDate: string };

/** fulfillments.csv's records of `dates` that pass the filter, a stored chunk at a time; `dayParts`: each day's stored services (for `service`). */
export async function* filteredRecords(
  store: KitchenStore,
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  filter: RecordFilter,
  dayParts: Map<string, DayParts> | null,
): AsyncGenerator<RecordChunk> {
  for await (const chunk of store.recordChunks(restaurant.guid, dates)) {
    const records = hasRecordFilter(filter)
      ? chunk.records.filter(recordTest(filter, dayParts?.get(chunk.date), chunk.date, restaurant))
      : chunk.records;
    yield Object.assign(records, { businessDate: chunk.date });
  }
}

/** Whether a record of `date` passes the filter; `parts`: the services the day was stored with (none when absent). */
function recordTest(
  filter: RecordFilter,
  parts: DayParts | undefined,
  date: string,
  restaurant: KitchenRestaurant,
): (r: ItemFulfillment) => boolean {
  parts ??= { closeoutHour: restaurant.closeoutHour, services: [] };
  const serviceOf = serviceResolver(parts, date, restaurant.timeZone);
  const clip = filter.until === undefined ? null : clipInstant(date, filter.until, restaurant);
  return (r) => {
    if (filter.item !== undefined && r.selectionMenuItemGuid !== filter.item) return false;
    if (filter.service === undefined && clip === null) return true;
    // The same anchor as summariseDay: the fire time, else the start, else the fulfilment.
    const anchor =
      parseInstant(r.ticketFiredAt) ?? parseInstant(r.itemStartedAt) ?? parseInstant(r.itemFulfilledAt);
    if (clip !== null && (anchor === null || anchor >= clip)) return false;
    return filter.service === undefined || serviceName(parts!, serviceOf(anchor)) === filter.service;
  };
}

/** The facts with every record outside the service left without a value, so it ranks nowhere. */
function maskFacts(
  facts: TicketFacts,
  records: readonly ItemFulfillment[],
  keep: ((r: ItemFulfillment) => boolean) | null,
): TicketFacts {
  if (keep === null) return facts;
  records.forEach((r, i) => {
    if (keep(r)) return;
    for (const values of Object.values(facts.values)) values[i] = -1;
  });
  return facts;
}

export function refuseRecordFilterBeyondRawRetention(
  restaurant: KitchenRestaurant,
  query: { from: string } & RecordFilter,
  retentionDays: number,
  nowMs: number,
): void {
  if (hasRecordFilter(query))
    refuseBeyondRawRetention(restaurant, query.from, retentionDays, nowMs, filterWords(query));
}

/**
 * The stored days of `days` that hold items left on screen, summarised again from their raw records
 * with those records left out of the start-to-fulfill and wait-to-start cubes (day-summary.ts
 * `SummariseOptions`): those cubes cannot tell a stuck record apart, the raw records can. Days
 * without stuck records come back as they are. A day whose raw records are gone (past
 * KITCHEN_RAW_RETENTION_DAYS) cannot be separated: it comes back as stored, listed in `kept`.
 */
export async function stuckFreeDays(
  store: KitchenStore,
  restaurant: KitchenRestaurant,
  days: readonly DaySummary[],
  stuckSeconds: number,
): Promise<{ days: DaySummary[]; kept: DaySummary[] }> {
  const out: DaySummary[] = [];
  const kept: DaySummary[] = [];
  for (const day of days) {
    if (!hasStuck(day, stuckSeconds)) {
      out.push(day);
      continue;
    }
    const known = stuckFreeCache.get(day)?.get(stuckSeconds);
    if (known) {
      out.push(known);
      continue;
    }
    const records: ItemFulfillment[] = [];
    for await (const chunk of store.recordChunks(restaurant.guid, [day.businessDate]))
      records.push(...chunk.records);
    if (records.length === 0) {
      kept.push(day);
      out.push(day);
      continue;
    }
    const clean = summariseDay(records, day.businessDate, restaurant.timeZone, day.dayParts, {
      stuckSeconds,
    });
    (stuckFreeCache.get(day) ?? stuckFreeCache.set(day, new Map()).get(day)!).set(stuckSeconds, clean);
    out.push(clean);
  }
  return { days: out, kept };
}

/**
 * A stored day's stuck-free summary, kept as long as the day reader keeps the stored day (its cache
 * hands out the same object until the day is fetched again), so a page's queries read the raw
 * records of a day with stuck items once, not on every request.
 */
const stuckFreeCache = new WeakMap<DaySummary, Map<number, DaySummary>>();
