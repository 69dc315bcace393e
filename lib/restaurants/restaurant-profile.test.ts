import { describe, expect, it } from "vitest";

import type { RestaurantInfo } from "@/lib/platform/schemas";

import { toRestaurantProfile } from "./restaurant-profile";

describe("toRestaurantProfile", () => {
  it("reads a RestaurantInfo with nothing but its guid as a profile of missing values", () => {
    const profile = toRestaurantProfile({ guid: "r1" } as RestaurantInfo);
    expect(profile.guid).toBe("r1");
    expect(profile.identity).toMatchObject({
      name: null,
      archived: false,
      timeZone: null,
      closeoutHour: null,
      firstOpened: null,
    });
    expect(profile.address).toEqual({ lines: [], phone: null, coordinates: null });
    expect(profile.week).toHaveLength(7);
    expect(profile.paymentOptions.takeout.ccInStore).toBeNull();
    expect(profile.prepTimes.prepTime).toEqual({ delivery: null, takeout: null });
  });

  it("writes the address lines, the phone with its country code and the first business date in words", () => {
    const info = {
      guid: "r2",
      general: { name: "Harbor", closeoutHour: 4, firstBusinessDate: 20240115, archived: true },
      location: {
        address1: "1 Pier",
        city: "Portland",
        stateCode: "ME",
        zipCode: "04101",
        country: "US",
        phone: "555 0100",
        phoneCountryCode: "1",
        latitude: 43.6,
        longitude: -70.2,
      },
      onlineOrdering: { enabled: true, paymentOptions: { ccTip: false, takeout: { ccInStore: true } } },
      prepTimes: { takeoutPrepTime: 15 },
    } as RestaurantInfo;
    const profile = toRestaurantProfile(info);
    expect(profile.identity).toMatchObject({ name: "Harbor", archived: true, closeoutHour: 4 });
    expect(profile.identity.firstOpened).toMatch(/2024/);
    expect(profile.address).toEqual({
      lines: ["1 Pier", "Portland, ME 04101", "US"],
      phone: "+1 555 0100",
      coordinates: { latitude: 43.6, longitude: -70.2 },
    });
    expect(profile.onlineOrdering).toMatchObject({ enabled: true, tipByCard: false });
    expect(profile.paymentOptions.takeout.ccInStore).toBe(true);
    expect(profile.prepTimes.prepTime).toEqual({ delivery: null, takeout: 15 });
  });
});
