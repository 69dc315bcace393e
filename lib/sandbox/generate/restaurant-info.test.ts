import { describe, expect, it } from "vitest";
import { WEEKDAYS, daySchedule as dayScheduleSchema, restaurantInfo, type DaySchedule } from "@/lib/platform/schemas";
import { defaultWorld } from "../world";
import { generateRestaurantInfo } from "./index";

const world = defaultWorld();
const each = world.restaurants.map((restaurant) => ({ name: restaurant.name, restaurant, ctx: { world, restaurant, brand: "Platform" } }));
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
    expect(info.location).toMatchObject({ address1: restaurant.address1, city: restaurant.city, zipCode: restaurant.zipCode, latitude: restaurant.latitude });
    for (const value of Object.values(info.urls ?? {})) expect(value).toMatch(/^https:\/\//);
    expect(Object.values(info.prepTimes ?? {}).every((m) => typeof m === "number" && m >= 0)).toBe(true);
    expect(info.onlineOrdering?.paymentOptions?.takeout?.ccInStore).toBe(true);
  });

  it.each(each)("$name's week schedule names day schedules that exist, with an identifier entry and HH:MM:SS.000 times", ({ ctx }) => {
    const { daySchedules, weekSchedule } = generateRestaurantInfo(ctx).schedules!;
    expect(typeof daySchedules!.identifier).toBe("string");
    for (const day of WEEKDAYS) {
      const name = weekSchedule![day]!;
      const schedule = daySchedules![name] as DaySchedule;
      expect(dayScheduleSchema.safeParse(schedule).success).toBe(true);
      expect(schedule.scheduleName).toBe(name);
      for (const s of schedule.services ?? []) {
        expect(s.hours!.startTime).toMatch(TIME);
        expect(s.hours!.endTime).toMatch(TIME);
        // An overnight service ends "before" it starts on the clock.
        expect(s.overnight).toBe(s.hours!.endTime! < s.hours!.startTime!);
      }
    }
  });

  it("gives Harbor Street Kitchen lunch and dinner on weekdays and an overnight late-night service on Friday and Saturday", () => {
    const harbor = each.find((e) => e.restaurant.name === "Harbor Street Kitchen")!;
    const { daySchedules, weekSchedule } = generateRestaurantInfo(harbor.ctx).schedules!;
    const services = (day: (typeof WEEKDAYS)[number]) => (daySchedules![weekSchedule![day]!] as DaySchedule).services!;
    expect(services("monday").map((s) => s.name)).toEqual(["Lunch", "Dinner"]);
    for (const day of ["friday", "saturday"] as const) {
      const late = services(day).find((s) => s.overnight);
      expect(late).toMatchObject({ name: "Late Night", hours: { startTime: "21:00:00.000", endTime: "02:00:00.000" } });
    }
  });

  it("has a closed day somewhere in the world, with no services", () => {
    const closed = each.flatMap(({ ctx }) => {
      const { daySchedules, weekSchedule } = generateRestaurantInfo(ctx).schedules!;
      return WEEKDAYS.map((d) => daySchedules![weekSchedule![d]!] as DaySchedule).filter((s) => (s.services ?? []).length === 0);
    });
    expect(closed.length).toBeGreaterThan(0);
    expect(closed[0]).toMatchObject({ scheduleName: "Closed", openTime: null, closeTime: null });
  });
});
