import type { DaySchedule } from "@/lib/platform/schemas";

/**
 * Opening schedules. Times are restaurant-local wall-clock "HH:MM" here and are sent as
 * "HH:MM:SS.000" in RestaurantInfo (one format everywhere, documented in restaurant-info.ts).
 * weight and peak are sandbox-only: how much of the day's volume a service carries and where in
 * its window the rush is (0 = at opening, 1 = at closing). They drive item fulfillment volume.
 */
export interface ServiceSpec {
  name: string;
  start: string;
  end: string;
  /** The service ends after midnight, on the next calendar day (still the same business date). */
  overnight: boolean;
  weight: number;
  peak: number;
}

export interface ScheduleSpec {
  name: string;
  services: readonly ServiceSpec[];
}

const lunch = (start = "11:00", end = "15:00"): ServiceSpec => ({
  name: "Lunch",
  start,
  end,
  overnight: false,
  weight: 0.38,
  peak: 0.38,
});
const dinner = (start = "17:00", end = "22:00", weight = 0.62): ServiceSpec => ({
  name: "Dinner",
  start,
  end,
  overnight: false,
  weight,
  peak: 0.4,
});
const brunch = (start = "10:00", end = "14:30"): ServiceSpec => ({
  name: "Brunch",
  start,
  end,
  overnight: false,
  weight: 0.45,
  peak: 0.42,
});
const lateNight = (start = "21:00", end = "02:00"): ServiceSpec => ({
  name: "Late Night",
  start,
  end,
  overnight: true,
  weight: 0.14,
  peak: 0.25,
});
const breakfast = (start = "07:00", end = "11:00"): ServiceSpec => ({
  name: "Breakfast",
  start,
  end,
  overnight: false,
  weight: 0.3,
  peak: 0.4,
});

export const SCHEDULES = {
  weekday: { name: "Weekday", services: [lunch(), dinner()] },
  lateNight: { name: "Late Night", services: [lunch(), dinner("17:00", "21:00", 0.5), lateNight()] },
  weekend: { name: "Weekend", services: [brunch(), dinner("17:00", "21:30", 0.55)] },
  closed: { name: "Closed", services: [] },
  dinerDaily: {
    name: "Diner Daily",
    services: [breakfast(), lunch("11:00", "15:00"), dinner("17:00", "21:00", 0.4)],
  },
  dinerWeekend: {
    name: "Diner Weekend",
    services: [brunch("08:00", "14:00"), dinner("17:00", "21:00", 0.4)],
  },
  noodleWeekday: { name: "Weekday", services: [lunch("11:30", "14:30"), dinner("17:00", "22:00")] },
  noodleLate: {
    name: "Late Night",
    services: [lunch("11:30", "14:30"), dinner("17:00", "21:30", 0.5), lateNight("21:30", "01:30")],
  },
  pizzaDaily: { name: "Pizzeria", services: [lunch("11:00", "16:00"), dinner("16:00", "23:00")] },
  pizzaLate: {
    name: "Late Night",
    services: [lunch("11:00", "16:00"), dinner("16:00", "21:00", 0.5), lateNight("21:00", "02:00")],
  },
} as const satisfies Record<string, ScheduleSpec>;

export type ScheduleKey = keyof typeof SCHEDULES;

/** "11:00" -> "11:00:00.000", the wall-clock format RestaurantInfo sends. */
export function wireTime(hhmm: string): string {
  return `${hhmm}:00.000`;
}

/** Minutes after local midnight of "HH:MM". */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

/** RestaurantInfo's DaySchedule for a schedule: openTime/closeTime are the first start and last end, null when closed. */
export function daySchedule(spec: ScheduleSpec): DaySchedule {
  const first = spec.services[0];
  const last = spec.services[spec.services.length - 1];
  return {
    scheduleName: spec.name,
    services: spec.services.map((s) => ({
      name: s.name,
      hours: { startTime: wireTime(s.start), endTime: wireTime(s.end) },
      overnight: s.overnight,
    })),
    openTime: first ? wireTime(first.start) : null,
    closeTime: last ? wireTime(last.end) : null,
  };
}
