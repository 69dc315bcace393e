import type { DaySchedule, RestaurantInfo } from "@/lib/platform/schemas";
import { WEEKDAYS, type Weekday } from "@/lib/platform/schemas/weekdays";

export type { Weekday } from "@/lib/platform/schemas";

/**
 * A restaurant's week as people read it: for each weekday, the day schedule its weekSchedule
 * names and that schedule's services with hours. Pure functions over RestaurantInfo.schedules.
 *
 * The real service keys daySchedules by schedule id and names each weekday's schedule by that
 * id, null for a closed day; the published definition keys it by schedule name and adds an
 * `identifier` string entry. Both are read: a weekday resolves by key first, then by a schedule
 * whose scheduleName matches; string and null entries are not schedules and are skipped. A
 * weekday naming nothing is closed; one naming a schedule that is not there is reported as such
 * rather than guessed.
 */

export interface ResolvedService {
  name: string;
  /** As sent (e.g. "11:00:00.000"), or null when missing. */
  startTime: string | null;
  endTime: string | null;
  /** Minutes after midnight, when the time could be read. */
  startMinutes: number | null;
  endMinutes: number | null;
  /** Ends on the next calendar day: flagged by the Platform, or an end not after the start. */
  overnight: boolean;
}

export type DayStatus = "open" | "closed" | "missing-schedule";

export interface ResolvedDay {
  weekday: Weekday;
  status: DayStatus;
  /** The weekSchedule entry (a daySchedules key or schedule name), or null. */
  scheduleRef: string | null;
  scheduleName: string | null;
  openTime: string | null;
  closeTime: string | null;
  services: ResolvedService[];
}

type Schedules = NonNullable<RestaurantInfo["schedules"]>;

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** "11:00", "11:00:00", "11:00:00.000" -> 660; anything else (or 25:00) -> null. */
export function parseTimeOfDay(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** 660 -> "11:00 AM"; 0 and 1440 -> "12:00 AM" (midnight). */
export function formatTimeOfDay(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h24 = Math.floor(m / 60);
  const mm = String(m % 60).padStart(2, "0");
  const suffix = h24 < 12 ? "AM" : "PM";
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${mm} ${suffix}`;
}

/** 660 -> "11:00", for machine-readable <time> elements. */
export function isoTimeOfDay(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** The day schedules of the map, without the `identifier` string entry or null entries. */
export function daySchedulesOf(schedules: Schedules | null | undefined): Map<string, DaySchedule> {
  const out = new Map<string, DaySchedule>();
  for (const [key, value] of Object.entries(schedules?.daySchedules ?? {})) {
    if (value && typeof value === "object") out.set(key, value);
  }
  return out;
}

export function findDaySchedule(
  days: Map<string, DaySchedule>,
  ref: string,
): [string, DaySchedule] | undefined {
  const byKey = days.get(ref);
  if (byKey) return [ref, byKey];
  for (const entry of days) if (entry[1].scheduleName === ref) return entry;
  return undefined;
}

export function resolveService(
  service: NonNullable<NonNullable<DaySchedule["services"]>[number]>,
  index: number,
): ResolvedService {
  const startTime = service.hours?.startTime ?? null;
  const endTime = service.hours?.endTime ?? null;
  const startMinutes = parseTimeOfDay(startTime);
  const endMinutes = parseTimeOfDay(endTime);
  const wraps = startMinutes !== null && endMinutes !== null && endMinutes <= startMinutes;
  return {
    name: service.name?.trim() || `Service ${index + 1}`,
    startTime,
    endTime,
    startMinutes,
    endMinutes,
    overnight: service.overnight === true || (service.overnight == null && wraps),
  };
}

/** Monday to Sunday, each resolved to its schedule and services (services ordered by start). */
export function resolveWeek(schedules: Schedules | null | undefined): ResolvedDay[] {
  const days = daySchedulesOf(schedules);
  return WEEKDAYS.map((weekday) => {
    const ref = schedules?.weekSchedule?.[weekday]?.trim() || null;
    if (!ref) return emptyDay(weekday, "closed", null);
    const found = findDaySchedule(days, ref);
    if (!found) return emptyDay(weekday, "missing-schedule", ref);
    const [, schedule] = found;
    const services = (schedule.services ?? [])
      .filter((service) => service != null)
      .map(resolveService)
      .sort((a, b) => (a.startMinutes ?? Infinity) - (b.startMinutes ?? Infinity));
    return {
      weekday,
      status: services.length > 0 || schedule.openTime ? "open" : "closed",
      scheduleRef: ref,
      scheduleName: schedule.scheduleName?.trim() || ref,
      openTime: schedule.openTime ?? null,
      closeTime: schedule.closeTime ?? null,
      services,
    };
  });
}

function emptyDay(weekday: Weekday, status: DayStatus, ref: string | null): ResolvedDay {
  return {
    weekday,
    status,
    scheduleRef: ref,
    scheduleName: null,
    openTime: null,
    closeTime: null,
    services: [],
  };
}

/** The weekday whose schedule applies on a business date (0 = Sunday, as Date#getUTCDay). */
export function weekdayOf(jsDay: number): Weekday {
  // WEEKDAYS starts on Monday.
  return WEEKDAYS[(jsDay + 6) % 7]!;
}

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** A service's hours as the kitchen assigns records to it (lib/kitchen/ingest/day-parts.ts). */
export interface ServiceHours {
  name: string;
  /** Minutes after midnight, restaurant time. */
  startMinutes: number;
  endMinutes: number;
  /** Ends on the next calendar day. */
  overnight: boolean;
}

/** Per weekday, its services in start order. */
export type ServiceWeek = Record<Weekday, ServiceHours[]>;

/**
 * The week's services with readable hours, per weekday. A service whose start or end cannot be
 * read has no hours to hold a record: it is left out (the Info page still shows it).
 */
export function serviceWeekOf(schedules: Schedules | null | undefined): ServiceWeek {
  const week = {} as ServiceWeek;
  for (const day of resolveWeek(schedules)) {
    week[day.weekday] = day.services.flatMap((s) =>
      s.startMinutes === null || s.endMinutes === null
        ? []
        : [{ name: s.name, startMinutes: s.startMinutes, endMinutes: s.endMinutes, overnight: s.overnight }],
    );
  }
  return week;
}
