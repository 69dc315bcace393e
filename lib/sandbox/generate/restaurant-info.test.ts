import { describe, expect, it } from "vitest";

import {
  daySchedule as dayScheduleSchema,
  restaurantInfo,
  WEEKDAYS,
  type DaySchedule,
} from "@/lib/platform/schemas";

import { defaultWorld } from "../world";
import { generateRestaurantInfo } from "./index";

const world = defaultWorld();
const each = world.restaurants.map((restaurant) => ({
  name: restaurant.name,
  restaurant,
  ctx: { world, restaurant, brand: "Platform" },
}));
const TIME = /^\d{2}:\d{2}:00\.000$/;

describe("generateRestaurantInfo", () => {
  it.each(each)("$name parses, is deterministic and carries the world's identity", ({ restaurant, ctx }) => {
    const info = generateRestaurantInfo(ctx);
    expect(restaurantInfo.safeParse(info).success).toBe(true);
    expect(JSON.stringify(generateRestaurantInfo(ctx))).toBe(JSON.stringify(info));
    expect(info.guid).toBe(restaurant.guid);
    expect(info.general).toMatchObject({
      name: restaurant.name,
      locationName: restaurant.locationName,
      locationCode: restaurant.locationCode,
      timeZone: restaurant.timeZone,
      managementGroupGuid: restaurant.managementGroupGuid,
      currencyCode: "USD",
      closeoutHour: restaurant.closeoutHour,
      firstBusinessDate: restaurant.firstBusinessDate,
      archived: restaurant.archived,
    });
    expect(info.location).toMatchObject({
      address1: restaurant.address1,
      city: restaurant.city,
      zipCode: restaurant.zipCode,
      latitude: restaurant.latitude,
    });
    for (const value of Object.values(info.urls ?? {})) expect(value).toMatch(/^https:\/\//);
    expect(Object.values(info.prepTimes ?? {}).every((m) => typeof m === "number" && m >= 0)).toBe(true);
    expect(info.onlineOrdering?.paymentOptions?.takeout?.ccInStore).toBe(true);
  });

  it.each(each)(
    "$name's week schedule names day schedules by id, with no identifier entry, null for closed days and HH:MM:SS.000 times",
    ({ ctx }) => {
      const { daySchedules, weekSchedule } = generateRestaurantInfo(ctx).schedules!;
      expect(daySchedules).not.toHaveProperty("identifier");
      for (const [id, schedule] of Object.entries(daySchedules!)) {
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(typeof schedule).toBe("object");
      }
      for (const day of WEEKDAYS) {
        const id = weekSchedule![day];
        if (id === null) continue;
        const schedule = daySchedules![id!] as DaySchedule;
        expect(dayScheduleSchema.safeParse(schedule).success).toBe(true);
        expect(schedule.services!.length).toBeGreaterThan(0);
        for (const s of schedule.services ?? []) {
          if (!s) throw new Error("the sandbox sends no null services");
          expect(s.hours!.startTime).toMatch(TIME);
          expect(s.hours!.endTime).toMatch(TIME);
          // An overnight service ends "before" it starts on the clock.
          expect(s.overnight).toBe(s.hours!.endTime! < s.hours!.startTime!);
        }
      }
      // Every day schedule is used by some weekday.
      expect(new Set(Object.values(weekSchedule!).filter(Boolean))).toEqual(
        new Set(Object.keys(daySchedules!)),
      );
    },
  );

  it.each(each)("$name closes out between midnight and noon", ({ ctx }) => {
    const hour = generateRestaurantInfo(ctx).general!.closeoutHour!;
    expect(hour).toBeGreaterThanOrEqual(0);
    expect(hour).toBeLessThanOrEqual(12);
  });

  it("gives Harbor Street Kitchen lunch and dinner on weekdays and an overnight late-night service on Friday and Saturday", () => {
    const harbor = each.find((e) => e.restaurant.name === "Harbor Street Kitchen")!;
    const { daySchedules, weekSchedule } = generateRestaurantInfo(harbor.ctx).schedules!;
    const schedule = (day: (typeof WEEKDAYS)[number]) => daySchedules![weekSchedule![day]!] as DaySchedule;
    expect(schedule("monday").scheduleName).toBe("Weekday");
    expect(schedule("monday").services!.map((s) => s?.name)).toEqual(["Lunch", "Dinner"]);
    for (const day of ["friday", "saturday"] as const) {
      const late = schedule(day).services!.find((s) => s?.overnight);
      expect(late).toMatchObject({
        name: "Late Night",
        hours: { startTime: "21:00:00.000", endTime: "02:00:00.000" },
      });
    }
  });

  it("has a closed weekday somewhere in the world, sent as null with no day schedule for it", () => {
    const closed = each.flatMap(({ ctx }) => {
      const { weekSchedule } = generateRestaurantInfo(ctx).schedules!;
      return WEEKDAYS.filter((d) => weekSchedule![d] === null);
    });
    expect(closed.length).toBeGreaterThan(0);
    for (const { ctx } of each) {
      for (const schedule of Object.values(generateRestaurantInfo(ctx).schedules!.daySchedules!)) {
        expect((schedule as DaySchedule).scheduleName).not.toBe("Closed");
      }
    }
  });
});
