import { describe, expect, it } from "vitest";

import { restaurantInfo } from "@/lib/platform/schemas";
import {
  formatTimeOfDay,
  isoTimeOfDay,
  parseTimeOfDay,
  resolveService,
  resolveWeek,
  weekdayOf,
} from "@/lib/restaurants/schedule";

const lunchDinner = {
  scheduleName: "Lunch and dinner",
  openTime: "11:00:00.000",
  closeTime: "22:00:00.000",
  services: [
    { name: "Dinner", hours: { startTime: "17:00:00.000", endTime: "22:00:00.000" }, overnight: false },
    { name: "Lunch", hours: { startTime: "11:00:00.000", endTime: "15:00:00.000" }, overnight: false },
  ],
};
const lateNight = {
  scheduleName: "Late night",
  openTime: "18:00:00.000",
  closeTime: "02:00:00.000",
  services: [{ name: "Bar", hours: { startTime: "18:00:00.000", endTime: "02:00:00.000" }, overnight: true }],
};

describe("resolveWeek", () => {
  it("resolves the real service's shape: schedules keyed by id, named by id, a closed day null", () => {
    // As the real service sends it: no identifier entry, ids as keys and in the week.
    const info = restaurantInfo.parse({
      guid: "r-1",
      schedules: {
        daySchedules: {
          "7f3c1a9e-0000-4000-8000-000000000001": lunchDinner,
          "7f3c1a9e-0000-4000-8000-000000000002": lateNight,
        },
        weekSchedule: {
          monday: null,
          tuesday: "7f3c1a9e-0000-4000-8000-000000000001",
          wednesday: "7f3c1a9e-0000-4000-8000-000000000001",
          thursday: "7f3c1a9e-0000-4000-8000-000000000001",
          friday: "7f3c1a9e-0000-4000-8000-000000000002",
          saturday: "7f3c1a9e-0000-4000-8000-000000000002",
          sunday: "7f3c1a9e-0000-4000-8000-000000000009",
        },
      },
    });
    const week = resolveWeek(info.schedules);
    expect(week[0]).toMatchObject({
      weekday: "monday",
      status: "closed",
      scheduleRef: null,
      scheduleName: null,
      services: [],
    });
    expect(week[1]).toMatchObject({
      status: "open",
      scheduleRef: "7f3c1a9e-0000-4000-8000-000000000001",
      scheduleName: "Lunch and dinner",
    });
    expect(week[4]!.services.map((s) => s.name)).toEqual(["Bar"]);
    expect(week[6]).toMatchObject({
      status: "missing-schedule",
      scheduleRef: "7f3c1a9e-0000-4000-8000-000000000009",
    });
  });

  it("tolerates the published definition's identifier entry, null entries and null services, and ignores them", () => {
    const info = restaurantInfo.parse({
      guid: "r-2",
      schedules: {
        daySchedules: {
          identifier: "sched-1",
          gone: null,
          weekday: { ...lunchDinner, services: [null, ...lunchDinner.services] },
        },
        weekSchedule: { monday: "weekday", tuesday: "identifier", wednesday: "gone" },
      },
    });
    const week = resolveWeek(info.schedules);
    expect(week[0]!.services.map((s) => s.name)).toEqual(["Lunch", "Dinner"]);
    expect(week[1]!.status).toBe("missing-schedule");
    expect(week[2]!.status).toBe("missing-schedule");
    expect(week[3]!.status).toBe("closed");
  });

  it("accepts restaurant info with every field but the guid missing or null", () => {
    expect(restaurantInfo.parse({ guid: "r-3" }).schedules).toBeUndefined();
    const info = restaurantInfo.parse({
      guid: "r-3",
      general: null,
      schedules: { daySchedules: null, weekSchedule: { monday: null } },
      location: { latitude: null },
    });
    expect(resolveWeek(info.schedules).every((d) => d.status === "closed")).toBe(true);
  });

  it("resolves each weekday to the schedule it names, ignoring the identifier entry", () => {
    const week = resolveWeek({
      daySchedules: { identifier: "sched-1", weekday: lunchDinner, weekend: lateNight },
      weekSchedule: {
        monday: "weekday",
        tuesday: "weekday",
        wednesday: "weekday",
        thursday: "weekday",
        friday: "weekend",
        saturday: "weekend",
        sunday: null,
      },
    });
    expect(week.map((d) => d.weekday)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(week[0]).toMatchObject({
      status: "open",
      scheduleRef: "weekday",
      scheduleName: "Lunch and dinner",
      openTime: "11:00:00.000",
    });
    // Services come in order of their start, not the order sent.
    expect(week[0]!.services.map((s) => s.name)).toEqual(["Lunch", "Dinner"]);
    expect(week[4]!.services).toEqual([
      {
        name: "Bar",
        startTime: "18:00:00.000",
        endTime: "02:00:00.000",
        startMinutes: 1080,
        endMinutes: 120,
        overnight: true,
      },
    ]);
    expect(week[6]).toMatchObject({ status: "closed", scheduleRef: null, services: [] });
  });

  it("finds a schedule by its scheduleName when the week names it that way", () => {
    const week = resolveWeek({
      daySchedules: { a1: lunchDinner },
      weekSchedule: { monday: "Lunch and dinner" },
    });
    expect(week[0]).toMatchObject({
      status: "open",
      scheduleRef: "Lunch and dinner",
      scheduleName: "Lunch and dinner",
    });
    expect(week[1]!.status).toBe("closed");
  });

  it("reports a weekday naming a schedule that does not exist instead of guessing", () => {
    const week = resolveWeek({ daySchedules: { weekday: lunchDinner }, weekSchedule: { monday: "holiday" } });
    expect(week[0]).toMatchObject({ status: "missing-schedule", scheduleRef: "holiday", services: [] });
  });

  it("treats a schedule without services or opening time as closed", () => {
    const week = resolveWeek({
      daySchedules: { shut: { scheduleName: "Shut", services: [] } },
      weekSchedule: { monday: "shut" },
    });
    expect(week[0]).toMatchObject({ status: "closed", scheduleName: "Shut" });
  });

  it("copes with no schedules at all", () => {
    expect(resolveWeek(undefined).every((d) => d.status === "closed")).toBe(true);
    expect(resolveWeek({ daySchedules: null, weekSchedule: null })).toHaveLength(7);
  });
});

describe("resolveService", () => {
  it("infers overnight from the hours when the flag is missing, and trusts the flag when present", () => {
    expect(
      resolveService({ name: "Late", hours: { startTime: "22:00", endTime: "01:00" } }, 0).overnight,
    ).toBe(true);
    expect(
      resolveService({ name: "Day", hours: { startTime: "09:00", endTime: "17:00" } }, 0).overnight,
    ).toBe(false);
    expect(
      resolveService({ name: "Flagged", hours: { startTime: "09:00", endTime: "17:00" }, overnight: true }, 0)
        .overnight,
    ).toBe(true);
    expect(
      resolveService(
        { name: "Sent false", hours: { startTime: "22:00", endTime: "01:00" }, overnight: false },
        0,
      ).overnight,
    ).toBe(false);
  });

  it("names an unnamed service and keeps unreadable hours as sent", () => {
    const s = resolveService({ name: null, hours: { startTime: "noon", endTime: null } }, 2);
    expect(s).toMatchObject({
      name: "Service 3",
      startTime: "noon",
      startMinutes: null,
      endMinutes: null,
      overnight: false,
    });
  });
});

describe("times of day", () => {
  it("parses the forms the Platform sends", () => {
    expect(parseTimeOfDay("11:00:00.000")).toBe(660);
    expect(parseTimeOfDay("7:05")).toBe(425);
    expect(parseTimeOfDay("24:00")).toBe(1440);
    expect(parseTimeOfDay("24:30")).toBeNull();
    expect(parseTimeOfDay("12:60")).toBeNull();
    expect(parseTimeOfDay("")).toBeNull();
  });

  it("formats for people and machines", () => {
    expect(formatTimeOfDay(0)).toBe("12:00 AM");
    expect(formatTimeOfDay(720)).toBe("12:00 PM");
    expect(formatTimeOfDay(1439)).toBe("11:59 PM");
    expect(formatTimeOfDay(1440)).toBe("12:00 AM");
    expect(isoTimeOfDay(425)).toBe("07:05");
  });

  it("maps JavaScript weekdays onto the week schedule's keys", () => {
    expect(weekdayOf(0)).toBe("sunday");
    expect(weekdayOf(1)).toBe("monday");
    expect(weekdayOf(6)).toBe("saturday");
  });
});
