import "server-only";

import { clipInstant, clockTimeAt } from "@/lib/business-date/business-clock";
import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import {
  NOW_WINDOW_MINUTES,
  type KitchenNow,
  type KitchenNowWindow,
  type RecentWindow,
} from "@/lib/kitchen/contract/kitchen-now";
import { targetSchedule } from "@/lib/kitchen/contract/target-versions";
import { serviceResolver, servicesOn } from "@/lib/kitchen/ingest/day-parts";
import { parseInstant } from "@/lib/kitchen/ingest/durations";
import { recentWindow } from "@/lib/kitchen/query/recent-window";
import type { KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import { readTargetVersions } from "@/lib/kitchen/storage/target-versions";
import type { ItemFulfillment } from "@/lib/platform/schemas";
import {
  formatTimeOfDay,
  isoTimeOfDay,
  type ServiceHours,
  type ServiceWeek,
} from "@/lib/restaurants/schedule";

import type { DayFetcher } from "./day-fetcher";
import { READY_WAIT_MS, type KitchenRestaurant, type KitchenServiceConfig } from "./service-config";

/**
 * "Now" (issue 34): the open business date's last 30 minutes and current hour, from its stored raw
 * records, after asking the day fetcher for the open date (fetched again when older than
 * KITCHEN_OPEN_REFRESH_S, waiting at most readyWaitMs as every range request does). Also what the
 * live alerts evaluate (lib/alerts), so the strip and an alert never disagree.
 */
export interface KitchenNowDeps {
  db: Database;
  store: KitchenStore;
  fetcher: Pick<DayFetcher, "requestRange">;
  config: KitchenServiceConfig;
  now: () => number;
  serviceWeek?: (restaurantGuid: string) => Promise<ServiceWeek | null>;
}

const MINUTE_MS = 60_000;

/** Whether `at` lies inside one of the date's services, and when the next one starts (epoch ms). */
export function serviceMoment(
  restaurant: KitchenRestaurant,
  date: string,
  services: readonly ServiceHours[],
  at: number,
): { inService: string | null; next: { start: number; service: ServiceHours } | null } {
  const index = serviceResolver(
    { closeoutHour: restaurant.closeoutHour, services: [...services] },
    date,
    restaurant.timeZone,
  )(at);
  const upcoming = services
    .map((service) => ({
      start: clipInstant(date, isoTimeOfDay(service.startMinutes).replace(":", ""), restaurant),
      service,
    }))
    .filter((s) => s.start > at)
    .sort((a, b) => a.start - b.start);
  return { inService: services[index]?.name ?? null, next: upcoming[0] ?? null };
}

/** The start of the restaurant's wall-clock hour holding `at`. */
function hourStart(at: number, timeZone: string): number {
  const hhmmss = clockTimeAt(at, timeZone);
  const intoHour = (Number(hhmmss.slice(2, 4)) * 60 + Number(hhmmss.slice(4, 6))) * 1000 + (at % 1000);
  return at - intoHour;
}

const iso = (ms: number) => new Date(ms).toISOString();
const asSent = (w: RecentWindow): KitchenNowWindow => ({ ...w, from: iso(w.from), to: iso(w.to) });

/** The open date's stored records (empty when none are stored yet). */
async function openRecords(store: KitchenStore, guid: string, date: string): Promise<ItemFulfillment[]> {
  const out: ItemFulfillment[] = [];
  for await (const chunk of store.recordChunks(guid, [date])) out.push(...chunk.records);
  return out;
}

export async function kitchenNow(deps: KitchenNowDeps, restaurant: KitchenRestaurant): Promise<KitchenNow> {
  const at = deps.now();
  const date = currentBusinessDateOrNull(restaurant, at);
  if (date === null)
    throw new InvalidInputError(
      "unknown_time_zone",
      `the restaurant's time zone "${restaurant.timeZone}" is unknown here, so its open business date cannot be told`,
    );
  const [rows, week, versions] = await Promise.all([
    deps.fetcher.requestRange(restaurant, [date], deps.config.readyWaitMs ?? READY_WAIT_MS),
    deps.serviceWeek ? deps.serviceWeek(restaurant.guid) : Promise.resolve(null),
    readTargetVersions(deps.db, restaurant),
  ]);
  const row = rows.get(date);
  const stored = row !== undefined && row.fetchedAt !== null;
  const records = stored ? await openRecords(deps.store, restaurant.guid, date) : [];
  const book = targetSchedule(versions).on(date).book;
  const services = servicesOn(week, date);
  const moment = serviceMoment(restaurant, date, services, at);
  let firstFired: number | null = null;
  for (const r of records) {
    const fired = parseInstant(r.ticketFiredAt);
    if (fired !== null && (firstFired === null || fired < firstFired)) firstFired = fired;
  }
  // The clock one millisecond on, so an item fulfilled at this very instant is inside [from, to).
  const to = at + 1;
  return {
    businessDate: date,
    at: iso(at),
    refreshSeconds: deps.config.openRefreshSeconds,
    dataAsOf: stored ? iso(row.fetchedAt!) : null,
    status: stored
      ? "open"
      : row?.status === "failed" || row?.status === "not_entitled"
        ? row.status
        : "pending",
    reason: row?.reason ?? null,
    services: services.map((s) => ({
      name: s.name,
      start: isoTimeOfDay(s.startMinutes),
      end: isoTimeOfDay(s.endMinutes),
    })),
    inService: moment.inService,
    opensAt: moment.next === null ? null : formatTimeOfDay(moment.next.service.startMinutes),
    firstTicketAt: firstFired === null ? null : iso(firstFired),
    recordsToday: records.length,
    lastHalfHour: asSent(recentWindow(records, book, { from: to - NOW_WINDOW_MINUTES * MINUTE_MS, to })),
    currentHour: asSent(recentWindow(records, book, { from: hourStart(at, restaurant.timeZone), to })),
  };
}
