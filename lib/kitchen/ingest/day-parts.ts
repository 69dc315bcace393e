import { businessDateToUtcMs, businessDateWeekday } from "@/lib/business-date/business-date";
import { type DiningChannel } from "@/lib/kitchen/ingest/channels";
import { localClockResolver } from "@/lib/kitchen/ingest/local-hour";
import { weekdayOf, type ServiceHours, type ServiceWeek } from "@/lib/restaurants/schedule";

/**
 * Day parts: which of the restaurant's services a record belongs to. The services are those of
 * the schedule of the business date's weekday; a record belongs to the first (by start) whose
 * hours hold its local fire time, `(none)` when none does. Hours are wall-clock times on the
 * business date's calendar day, so a daylight-saving day keeps "11:00 to 15:00" as the clock
 * read it. The business day runs from the closeout hour to the closeout hour of the next
 * calendar day: an overnight service ends on the next day, and a service starting before the
 * closeout hour (Late night 00:30 to 02:00) is the one after midnight, as lib/sandbox places it.
 *
 * A day is summarised with the services in force when it was fetched, and keeps them
 * (DaySummary.dayParts): a later change of the schedule does not move stored days' records
 * between services; a day fetched again (the open date) takes the schedule of then.
 */

export const NO_SERVICE = "(none)";

/** What a day was summarised with: its services and the business day's start. */
export interface DayParts {
  closeoutHour: number;
  services: ServiceHours[];
  /**
   * The configuration's dining options that its curbside or drive-thru flag sends to a channel of
   * their own (channels.ts), as read when the day was fetched; absent or empty: channels by behavior.
   */
  diningChannels?: DiningChannel[];
}

/** The services of a business date's weekday (none when the week is not known). */
export function servicesOn(week: ServiceWeek | null | undefined, businessDate: string): ServiceHours[] {
  return week?.[weekdayOf(businessDateWeekday(businessDate))] ?? [];
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/**
 * Per instant (epoch ms) the index of its service in `parts.services`, or `services.length` for
 * none. `null` (no fire time) is none.
 */
export function serviceResolver(
  parts: DayParts,
  businessDate: string,
  timeZone: string,
): (epochMs: number | null) => number {
  const clock = localClockResolver(timeZone);
  const midnight = businessDateToUtcMs(businessDate);
  const closeout = parts.closeoutHour * 60;
  // [start, end) in minutes after the business date's midnight (wall clock).
  const spans = parts.services.map((s) => {
    const shift = s.startMinutes < closeout ? DAY_MINUTES : 0;
    const end = s.endMinutes + (s.overnight || s.endMinutes <= s.startMinutes ? DAY_MINUTES : 0);
    return { start: (s.startMinutes + shift) * MINUTE_MS, end: (end + shift) * MINUTE_MS };
  });
  const none = spans.length;
  return (epochMs) => {
    if (epochMs === null) return none;
    const at = clock(epochMs) - midnight;
    for (let i = 0; i < spans.length; i++) if (at >= spans[i]!.start && at < spans[i]!.end) return i;
    return none;
  };
}

/** The name of service index `index` of a day (`(none)` past its services). */
export function serviceName(parts: DayParts, index: number): string {
  return parts.services[index]?.name ?? NO_SERVICE;
}
